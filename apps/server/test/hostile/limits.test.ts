import { randomUUID } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIMITS } from '@service-portal/shared/limits';
import type { RentalProduct } from '@service-portal/shared/rentals';
import { UPLOAD_LINK_RULES, type UploadLinkCreated } from '@service-portal/shared/upload-links';
import { addDays, dayInZone } from '@service-portal/shared/zoned-days';
import { otpCodes } from '../../src/db/schema/auth.ts';
import { rentals } from '../../src/db/schema/rentals.ts';
import { codeFrom } from '../helper.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../service-order-fixtures.ts';

/**
 * The hostile suite's parallel part (issue 32), on PostgreSQL only: there the requests below run
 * at once on a pool of connections (PGlite runs one at a time, which proves nothing here). Every
 * attempt limit is sent 50 parallel attempts and must judge exactly its limit; a storm of
 * overlapping bookings must answer only 201 and 409. Each prints its figure as `[hostile] …`.
 */
const onPostgres = Boolean(inject('pgTemplate'));
const PARALLEL = 50;
/** Failed code checks per address per hour (features/auth/auth.service.ts). */
const VERIFY_FAILURES_PER_IP_PER_HOUR = 50;

let w: OrdersWorld;
let orderId: string;

beforeAll(async () => {
  if (!onPostgres) return;
  w = await createOrdersWorld();
  const res = await w
    .api(w.tokens.manager)
    .post('/service-orders', orderInput({ customerPhone: '+47 912 34 568', serialNumber: 'SN-HOSTILE-L' }));
  orderId = res.json<{ id: string }>().id;
}, 120_000);
afterAll(async () => w?.ctx.close());

const post = (url: string, payload: Record<string, string>, ip: string) =>
  w.ctx.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip });

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

function figure(name: string, limit: number, counts: Record<number, number>, judged: number) {
  console.log(
    `[hostile] postgres: limit ${name}: limit ${limit}, ${PARALLEL} parallel attempts, judged ${judged}, answers ${JSON.stringify(counts)}`,
  );
}

describe.skipIf(!onPostgres)('parallel attempts on every limit judge exactly the limit', () => {
  it('upload-link verification: 5 wrong answers per link per 15 minutes', async () => {
    const link = (
      await w.api(w.tokens.manager).post(`/service-orders/${orderId}/upload-links`, { sendVia: 'none' })
    ).json<UploadLinkCreated>();
    const token = link.url.split('/customer-upload/')[1]!;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post(
          `/customer-upload/${token}/verify`,
          { phoneNumber: '+47 912 34 568', serialNumber: `NO-${i}` },
          `10.9.0.${i}`,
        ),
      ),
    );
    const counts = tally(answers.map((a) => a.statusCode));
    const judged = PARALLEL - (counts[429] ?? 0);
    figure(
      'upload-link verification (per link, 15 min)',
      UPLOAD_LINK_RULES.maxFailedAttempts,
      counts,
      judged,
    );
    expect(judged).toBe(UPLOAD_LINK_RULES.maxFailedAttempts);
  });

  it('public lookup: 10 per address per 15 minutes', async () => {
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post(
          '/customer-upload/lookup',
          { phoneNumber: '+47 400 00 001', serialNumber: `G-${i}` },
          '192.0.2.91',
        ),
      ),
    );
    const counts = tally(answers.map((a) => a.statusCode));
    const judged = PARALLEL - (counts[429] ?? 0);
    figure('public lookup (per address, 15 min)', UPLOAD_LINK_RULES.maxFailedAttempts * 2, counts, judged);
    expect(judged).toBe(UPLOAD_LINK_RULES.maxFailedAttempts * 2);
    expect(counts[500] ?? 0).toBe(0);
  });

  it('sign-in code requests: one a minute per e-mail', async () => {
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post('/auth/otp/request', { email: 'tech@nordic.example.com' }, `10.9.1.${i}`),
      ),
    );
    const counts = tally(answers.map((a) => a.statusCode));
    figure('sign-in code requests (per e-mail, a minute apart)', 1, counts, counts[200] ?? 0);
    expect(counts).toEqual({ 200: 1, 429: PARALLEL - 1 });
  });

  it(`sign-in code requests: ${LIMITS.otpPerIpPerHour} per address per hour`, async () => {
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post(
          '/auth/otp/request',
          { email: `nobody${i}.${randomUUID().slice(0, 6)}@example.net` },
          '10.9.2.1',
        ),
      ),
    );
    const counts = tally(answers.map((a) => a.statusCode));
    figure('sign-in code requests (per address, hour)', LIMITS.otpPerIpPerHour, counts, counts[200] ?? 0);
    expect(counts).toEqual({ 200: LIMITS.otpPerIpPerHour, 429: PARALLEL - LIMITS.otpPerIpPerHour });
  });

  it(`sign-in code checks: ${LIMITS.otpMaxWrongTries} wrong tries burn a code`, async () => {
    const email = 'office@nordic.example.com';
    w.ctx.clock.advance(61 * 60_000);
    await w.ctx.app.outbox.drain();
    const before = w.ctx.mail.messages.length;
    expect((await post('/auth/otp/request', { email }, '10.9.3.1')).statusCode).toBe(200);
    const code = codeFrom((await w.ctx.mail.waitFor(email, 5000, before)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post('/auth/otp/verify', { email, otpCode: wrong }, `10.9.4.${i}`),
      ),
    );
    const counts = tally(answers.map((a) => a.statusCode));
    const [row] = await w.ctx.app.db
      .select({ attempts: otpCodes.attempts })
      .from(otpCodes)
      .where(eq(otpCodes.email, email))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    const judged = row?.attempts ?? -1;
    figure('sign-in code wrong tries (per code)', LIMITS.otpMaxWrongTries, counts, judged);
    expect(judged).toBe(LIMITS.otpMaxWrongTries);
    // The right code no longer signs in: the code was burnt by exactly the limit's wrong tries.
    expect((await post('/auth/otp/verify', { email, otpCode: code }, '10.9.5.1')).statusCode).toBe(401);
  });

  it(`sign-in code checks: ${VERIFY_FAILURES_PER_IP_PER_HOUR} failures per address per hour`, async () => {
    const total = VERIFY_FAILURES_PER_IP_PER_HOUR + 10;
    const answers = await Promise.all(
      Array.from({ length: total }, (_, i) =>
        post('/auth/otp/verify', { email: `guess${i}@example.net`, otpCode: '123456' }, '10.9.6.1'),
      ),
    );
    const counts = tally(answers.map((a) => a.statusCode));
    const judged = total - (counts[429] ?? 0);
    console.log(
      `[hostile] postgres: limit sign-in code failures (per address, hour): limit ${VERIFY_FAILURES_PER_IP_PER_HOUR}, ${total} parallel attempts, judged ${judged}, answers ${JSON.stringify(counts)}`,
    );
    expect(judged).toBe(VERIFY_FAILURES_PER_IP_PER_HOUR);
  });
});

describe.skipIf(!onPostgres)('a storm of overlapping bookings', () => {
  it('answers only 201 and 409, and stores exactly what it confirmed', async () => {
    const manager = w.api(w.tokens.manager);
    const cfg = (await manager.get('/pricing')).json<{ defaultHourlyRate: number; version: number }>();
    await manager.put('/pricing', {
      defaultHourlyRate: cfg.defaultHourlyRate,
      currency: 'NOK',
      roundingIntervalMinutes: 15,
      roundingDirection: 'up',
      defaultDailyRentalRate: 50_000,
      version: cfg.version,
    });
    const units: RentalProduct[] = [];
    for (const n of [1, 2]) {
      const res = await manager.post('/rentals/products', {
        name: `Hostile storm ${n}`,
        serialNumber: `HOSTILE-STORM-${n}`,
        condition: 'good',
      });
      units.push(res.json<RentalProduct>());
    }
    const today = dayInZone(w.ctx.clock.now, 'Europe/Oslo');
    const office = w.api(w.tokens.office);
    const REQUESTS = 100;
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => {
        const start = 5 + ((i * 5) % 9);
        return office.post('/rentals/bookings', {
          rentalProductId: units[i % 2]!.id,
          customer: {
            newCustomer: { name: `Hostile Storm ${i % 20}`, email: `hstorm${i % 20}@example.net` },
          },
          startDate: addDays(today, start),
          dueDate: addDays(today, start + 1 + (i % 3)),
        });
      }),
    );
    const counts = tally(answers.map((a) => a.statusCode));
    const stored = await w.ctx.app.db
      .select({ id: rentals.id })
      .from(rentals)
      .where(
        inArray(
          rentals.rentalProductId,
          units.map((u) => u.id),
        ),
      );
    console.log(
      `[hostile] postgres: storm of ${REQUESTS} overlapping bookings on 2 units: answers ${JSON.stringify(counts)}, stored ${stored.length}`,
    );
    expect(Object.keys(counts).sort()).toEqual(['201', '409']);
    expect(stored.length).toBe(counts[201]);
  });
});
