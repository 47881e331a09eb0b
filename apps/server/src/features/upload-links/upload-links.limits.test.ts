import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LINK_RULES, type UploadLinkCreated } from '@service-portal/shared/upload-links';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

/**
 * Issue 32: every attempt limit counts and decides in one step. On PostgreSQL (npm run test:pg)
 * the 50 attempts below really run in parallel on a pool of connections; before the fix all 20 of
 * 20 parallel wrong answers were judged. On PGlite they run one at a time and must agree.
 */
let w: OrdersWorld;
let orderId: string;
const PARALLEL = 50;

beforeAll(async () => {
  w = await createOrdersWorld();
  const res = await w
    .api(w.tokens.manager)
    .post('/service-orders', orderInput({ customerPhone: '+47 912 34 567', serialNumber: 'SN-LIMIT-1' }));
  orderId = res.json<{ id: string }>().id;
});
afterAll(async () => w.ctx.close());

const post = (url: string, payload: Record<string, string>, ip: string) =>
  w.ctx.app.inject({ method: 'POST', url: `/api/customer-upload${url}`, payload, remoteAddress: ip });

/** How many answers of each status. */
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

describe('attempt limits under parallel requests', () => {
  it(`judges exactly ${UPLOAD_LINK_RULES.maxFailedAttempts} of ${PARALLEL} parallel wrong answers on one link`, async () => {
    const link = (
      await w.api(w.tokens.manager).post(`/service-orders/${orderId}/upload-links`, { sendVia: 'none' })
    ).json<UploadLinkCreated>();
    const token = link.url.split('/customer-upload/')[1]!;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post(
          `/${token}/verify`,
          { phoneNumber: '+47 912 34 567', serialNumber: `WRONG-${i}` },
          `10.0.0.${i}`,
        ),
      ),
    );
    const counts = tally(answers.map((a) => a.statusCode));
    expect(counts[429]).toBe(PARALLEL - UPLOAD_LINK_RULES.maxFailedAttempts);
    expect(Object.keys(counts).length).toBe(2);
    // The right answer now waits for the window like every other.
    const right = await post(
      `/${token}/verify`,
      { phoneNumber: '+47 912 34 567', serialNumber: 'SN-LIMIT-1' },
      '10.0.1.1',
    );
    expect(right.statusCode).toBe(429);
  });

  it(`judges exactly ${UPLOAD_LINK_RULES.maxFailedAttempts * 2} of ${PARALLEL} parallel lookups from one address`, async () => {
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        post('/lookup', { phoneNumber: '+47 400 00 000', serialNumber: `GUESS-${i}` }, '192.0.2.77'),
      ),
    );
    const counts = tally(answers.map((a) => a.statusCode));
    expect(counts).toEqual({
      404: UPLOAD_LINK_RULES.maxFailedAttempts * 2,
      429: PARALLEL - UPLOAD_LINK_RULES.maxFailedAttempts * 2,
    });
  });

  it('a right answer does not use up an attempt', async () => {
    const link = (
      await w.api(w.tokens.manager).post(`/service-orders/${orderId}/upload-links`, { sendVia: 'none' })
    ).json<UploadLinkCreated>();
    const token = link.url.split('/customer-upload/')[1]!;
    for (let i = 0; i < UPLOAD_LINK_RULES.maxFailedAttempts + 2; i++) {
      const res = await post(
        `/${token}/verify`,
        { phoneNumber: '912 34 567', serialNumber: 'sn-limit-1' },
        '10.0.2.1',
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
