import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rental, RentalProduct } from '@service-portal/shared/rentals';
import { addDays, dayInZone } from '@service-portal/shared/zoned-days';
import type { SerialHistory } from '@service-portal/shared/serial-history';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { bearer } from '../../../test/helper.ts';
import { multipart, png } from '../../../test/image-fixtures.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

const SERIAL = 'CT-50-FIFTY';
const ORDERS = 50;

/**
 * Counts the statements the database is sent while `fn` runs: every read of the serial history
 * goes through the driver's `query` (no transaction), whichever driver the suite runs on.
 */
async function countStatements(w: OrdersWorld, fn: () => Promise<unknown>): Promise<number> {
  const client = (w.ctx.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return count;
}

describe('the serial history of a unit with 50 orders', () => {
  let w: OrdersWorld;

  beforeAll(async () => {
    w = await createOrdersWorld();
    const api = w.api(w.tokens.manager);
    const photo = async (url: string) => {
      const body = multipart([
        { name: 'files', filename: 'unit.png', data: await png() },
        { name: 'categories', value: 'problem_area' },
      ]);
      const res = await w.ctx.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: { ...bearer(w.tokens.manager), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    for (let n = 0; n < ORDERS; n += 1) {
      const order = (
        await api.post('/service-orders', orderInput({ serialNumber: SERIAL, title: `Visit ${n}` }))
      ).json<ServiceOrder>();
      const log = await api.post(`/service-orders/${order.id}/work-logs`, {
        category: 'service_log',
        description: `Checked ${n}`,
      });
      expect(log.statusCode, log.body).toBe(201);
      if (n < 3) await photo(`/service-orders/${order.id}/images`);
    }
    // The same unit rented out twice, with a photo at the first return.
    const unit = (
      await api.post('/rentals/products', { name: 'Fifty cabin', serialNumber: SERIAL, condition: 'good' })
    ).json<RentalProduct>();
    const today = dayInZone(w.ctx.clock.now, 'Europe/Oslo');
    const rental = await api.post('/rentals', {
      rentalProductId: unit.id,
      customer: { newCustomer: { name: 'Festival AS', email: 'festival@example.net' } },
      startDate: today,
      dueDate: addDays(today, 3),
      dailyRate: 10_000,
    });
    expect(rental.statusCode, rental.body).toBe(201);
    await photo(`/rentals/${rental.json<Rental>().id}/photos`);
    const booking = await api.post('/rentals/bookings', {
      rentalProductId: unit.id,
      customer: { newCustomer: { name: 'Festival AS', email: 'festival@example.net' } },
      startDate: addDays(today, 10),
      dueDate: addDays(today, 12),
      dailyRate: 10_000,
    });
    expect(booking.statusCode, booking.body).toBe(201);
    // A unit with one order and one log: the yardstick the fifty-order unit must match.
    const one = (
      await api.post('/service-orders', orderInput({ serialNumber: 'CT-1-ONE', title: 'Only visit' }))
    ).json<ServiceOrder>();
    await api.post(`/service-orders/${one.id}/work-logs`, {
      category: 'service_log',
      description: 'Checked',
    });
  }, 240_000);
  afterAll(async () => w?.ctx.close());

  it('costs a fixed number of statements, not a set per order or rental', async () => {
    // A background job polling the same pool can add a statement to one read: the least of
    // three reads is the cost of the read itself.
    const historyOf = async (serial: string) => {
      let history: SerialHistory | undefined;
      let statements = Number.POSITIVE_INFINITY;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const counted = await countStatements(w, async () => {
          const res = await w.api(w.tokens.tech).get(`/serial-history/${serial}`);
          expect(res.statusCode, res.body).toBe(200);
          history = res.json<SerialHistory>();
        });
        statements = Math.min(statements, counted);
      }
      const kinds: Record<string, number> = {};
      for (const e of history!.events) kinds[e.kind] = (kinds[e.kind] ?? 0) + 1;
      return { statements, kinds };
    };
    // The caller's sign-in is cached after a first request: measure after one.
    await historyOf('CT-WARM-UP');
    const fifty = await historyOf(SERIAL);
    expect(fifty.kinds).toEqual({ order_created: ORDERS, work_log: ORDERS, photo: 4, rental: 2 });
    const single = await historyOf('CT-1-ONE');
    expect(single.kinds).toEqual({ order_created: 1, work_log: 1 });
    // Before the providers read in batches: 314 statements for the fifty orders and 19 for one
    // (each order's work logs and photos, each rental's photos, read one by one). Now as many as
    // for one order.
    expect(fifty.statements).toBe(single.statements);
    expect(fifty.statements).toBeLessThanOrEqual(12);
  });
});
