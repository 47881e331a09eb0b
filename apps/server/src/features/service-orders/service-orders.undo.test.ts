import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_UNDO_MINUTES, type ServiceOrder } from '@service-portal/shared/service-orders';
import { serviceOrderStatusHistory } from '../../db/schema/service-orders.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

const manager = () => w.api(w.tokens.manager);

async function create(status: string, as = manager()): Promise<ServiceOrder> {
  let order = (await as.post('/service-orders', orderInput())).json<ServiceOrder>();
  if (status !== 'created')
    order = (await as.put(`/service-orders/${order.id}`, { version: order.version, status })).json();
  return order;
}

const statusOf = async (id: string, as = manager()) =>
  (await as.get(`/service-orders/${id}`)).json<ServiceOrder>().status;

async function cancelAll(ids: string[], as = manager()) {
  const res = await as.post('/service-orders/bulk-update-status', { orderIds: ids, status: 'cancelled' });
  expect(res.statusCode, res.body).toBe(200);
}

describe('POST /api/service-orders/bulk-undo-status', () => {
  it('puts each cancelled order back to the status it had, with both steps in the history', async () => {
    const a = await create('created');
    const b = await create('scheduled');
    await cancelAll([a.id, b.id]);
    const res = await manager().post('/service-orders/bulk-undo-status', {
      orderIds: [a.id, b.id],
      status: 'cancelled',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect(await statusOf(a.id)).toBe('created');
    const restored = (await manager().get(`/service-orders/${b.id}`)).json<ServiceOrder>();
    expect(restored.status).toBe('scheduled');
    expect(restored.statusHistory.slice(-2)).toMatchObject([
      { fromStatus: 'scheduled', toStatus: 'cancelled' },
      { fromStatus: 'cancelled', toStatus: 'scheduled', note: 'Undone' },
    ]);
  });

  it('refuses a second undo, and an undo after the order moved on, changing nothing', async () => {
    const a = await create('created');
    await cancelAll([a.id]);
    const body = { orderIds: [a.id], status: 'cancelled' };
    expect((await manager().post('/service-orders/bulk-undo-status', body)).statusCode).toBe(200);
    const again = await manager().post('/service-orders/bulk-undo-status', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invalid_transition');
    expect(await statusOf(a.id)).toBe('created');
  });

  it("refuses someone else's change: only the person who made it takes it back", async () => {
    const a = await create('created');
    await cancelAll([a.id]);
    const res = await w
      .api(w.tokens.office)
      .post('/service-orders/bulk-undo-status', { orderIds: [a.id], status: 'cancelled' });
    expect(res.statusCode).toBe(409);
    expect(await statusOf(a.id)).toBe('cancelled');
  });

  it(`refuses after ${BULK_UNDO_MINUTES} minutes`, async () => {
    const a = await create('created');
    await cancelAll([a.id]);
    // changed_at is the database's clock: the change is moved back past the window.
    await w.ctx.app.db
      .update(serviceOrderStatusHistory)
      .set({ changedAt: sql`now() - ${sql.raw(`interval '${BULK_UNDO_MINUTES * 60 + 5} seconds'`)}` })
      .where(eq(serviceOrderStatusHistory.serviceOrderId, a.id));
    const res = await manager().post('/service-orders/bulk-undo-status', {
      orderIds: [a.id],
      status: 'cancelled',
    });
    expect(res.statusCode).toBe(409);
    expect(await statusOf(a.id)).toBe('cancelled');
  });

  it("answers 404 for another partner's order and changes none of the batch", async () => {
    const mine = await create('created');
    const theirs = await create('created', w.api(w.tokens.fjord));
    await cancelAll([mine.id]);
    await cancelAll([theirs.id], w.api(w.tokens.fjord));
    const res = await manager().post('/service-orders/bulk-undo-status', {
      orderIds: [mine.id, theirs.id],
      status: 'cancelled',
    });
    expect(res.statusCode).toBe(404);
    expect(await statusOf(mine.id)).toBe('cancelled');
    expect(await statusOf(theirs.id, w.api(w.tokens.fjord))).toBe('cancelled');
  });

  it('validates the body', async () => {
    const bad = await manager().post('/service-orders/bulk-undo-status', {
      orderIds: [],
      status: 'cancelled',
    });
    expect(bad.statusCode).toBe(400);
  });
});
