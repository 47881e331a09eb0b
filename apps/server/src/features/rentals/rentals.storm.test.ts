import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentalProduct } from '@service-portal/shared/rentals';
import { addDays, dayInZone } from '@service-portal/shared/zoned-days';
import { rentals } from '../../db/schema/rentals.ts';
import { createOrdersWorld, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

/**
 * Issue 32: overlapping bookings sent at once deadlocked on PostgreSQL (40P01 on the insert into
 * rentals) and answered 500 (11 of 160 requests in one run). They are run again, and each answer
 * is 201 or 409. On PGlite the requests run one at a time and must agree.
 */
let w: OrdersWorld;
beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

const REQUESTS = 120;

describe('a storm of overlapping bookings', () => {
  it(`answers only 201 and 409 to ${REQUESTS} parallel bookings of three units, and stores what it confirmed`, async () => {
    const today = dayInZone(w.ctx.clock.now, 'Europe/Oslo');
    const office = w.api(w.tokens.office);
    const manager = w.api(w.tokens.manager);
    const cfg = (await manager.get('/pricing')).json<{ defaultHourlyRate: number; version: number }>();
    const priced = await manager.put('/pricing', {
      defaultHourlyRate: cfg.defaultHourlyRate,
      currency: 'NOK',
      roundingIntervalMinutes: 15,
      roundingDirection: 'up',
      defaultDailyRentalRate: 50_000,
      version: cfg.version,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const units: RentalProduct[] = [];
    for (const n of [1, 2, 3]) {
      const res = await manager.post('/rentals/products', {
        name: `Storm toilet ${n}`,
        serialNumber: `STORM-${n}`,
        condition: 'good',
      });
      expect(res.statusCode, res.body).toBe(201);
      units.push(res.json<RentalProduct>());
    }
    // Deterministic spread: every booking overlaps many others of its unit. Half the customers
    // are new by e-mail, half by phone only, a few the same person again.
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => {
        const start = 10 + ((i * 7) % 12);
        const customer =
          i % 2 === 0
            ? { name: `Storm AS ${i % 30}`, email: `storm${i % 30}@example.net` }
            : { name: `Storm Phone ${i % 30}`, phone: `+47 9${String(1000000 + (i % 30)).slice(1)}` };
        return office.post('/rentals/bookings', {
          rentalProductId: units[i % 3]!.id,
          customer: { newCustomer: customer },
          startDate: addDays(today, start),
          dueDate: addDays(today, start + 2 + (i % 4)),
        });
      }),
    );
    const statuses = answers.map((a) => a.statusCode);
    const unexpected = answers.filter((a) => a.statusCode !== 201 && a.statusCode !== 409);
    expect(unexpected.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json<{ code: string }>().code).toBe('unit_unavailable');
    const stored = await w.ctx.app.db
      .select({ id: rentals.id })
      .from(rentals)
      .where(
        inArray(
          rentals.rentalProductId,
          units.map((u) => u.id),
        ),
      );
    expect(stored).toHaveLength(statuses.filter((s) => s === 201).length);
    expect(stored.length).toBeGreaterThanOrEqual(3);
    const [one] = await w.ctx.app.db.select().from(rentals).where(eq(rentals.id, stored[0]!.id));
    expect(one?.kind).toBe('booking');
  });
});
