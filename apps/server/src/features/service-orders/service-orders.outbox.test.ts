import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

// The phone's outbox sends each change with its op id as the Idempotency-Key (issue 28, decision
// 065): a change replayed after a lost answer gets the first answer and changes nothing more.
let w: OrdersWorld;
beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

describe('PUT /api/service-orders/:id replayed by the phone outbox', () => {
  it('applies a change once when the same op arrives twice', async () => {
    const created = await w.api(w.tokens.manager).post('/service-orders', orderInput());
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<ServiceOrder>();
    const key = '7d0c5a3e-1f2b-4c6d-8e9f-0a1b2c3d4e5f';
    const send = (body: Record<string, unknown>) =>
      w.api(w.tokens.manager, { 'idempotency-key': key }).put(`/service-orders/${order.id}`, body);

    const first = await send({ version: order.version, description: 'Replaced the pump seal' });
    const again = await send({ version: order.version, description: 'Replaced the pump seal' });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<ServiceOrder>().version).toBe(order.version + 1);

    const now = await w.api(w.tokens.manager).get(`/service-orders/${order.id}`);
    expect(now.json<ServiceOrder>().version).toBe(order.version + 1);
    expect(now.json<ServiceOrder>().description).toBe('Replaced the pump seal');

    // The same key with another body is a mistake, not a replay: refused, nothing changed.
    const reused = await send({ version: order.version + 1, description: 'Something else' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json<{ code: string }>().code).toBe('idempotency_key_reused');
    const after = await w.api(w.tokens.manager).get(`/service-orders/${order.id}`);
    expect(after.json<ServiceOrder>().description).toBe('Replaced the pump seal');
  });
});

describe('spare-part lines replayed by the phone outbox (issue 28)', () => {
  async function orderWithLine() {
    const created = await w.api(w.tokens.manager).post(
      '/service-orders',
      orderInput({
        spareParts: [{ partNumber: 'P-1', partName: 'Seal', quantity: 1, unitCost: 500, currency: 'NOK' }],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json<ServiceOrder>();
  }
  const lines = async (orderId: string) =>
    (await w.api(w.tokens.manager).get(`/service-orders/${orderId}/spare-parts`)).json<
      { id: string; quantity: number; version: number }[]
    >();

  it('adds a line once when the same op arrives twice', async () => {
    const order = await orderWithLine();
    const key = 'a1d6e0b2-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
    const line = { partNumber: 'P-2', partName: 'Fan', quantity: 3, unitCost: 0, currency: 'NOK' };
    const send = () =>
      w.api(w.tokens.tech, { 'idempotency-key': key }).post(`/service-orders/${order.id}/spare-parts`, line);
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await lines(order.id)).filter((l) => l.quantity === 3)).toHaveLength(1);
  });

  it("changes a line's quantity once under a replayed PUT, and refuses a stale version", async () => {
    const order = await orderWithLine();
    const part = order.spareParts[0]!;
    const key = 'b2e7f1c3-4d5e-4f60-9b1c-1d2e3f4a5b6c';
    const body = {
      partNumber: 'P-1',
      partName: 'Seal',
      quantity: 4,
      unitCost: 500,
      currency: 'NOK',
      version: part.version,
    };
    const send = () =>
      w
        .api(w.tokens.tech, { 'idempotency-key': key })
        .put(`/service-orders/${order.id}/spare-parts/${part.id}`, body);
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await lines(order.id)).toEqual([
      expect.objectContaining({ quantity: 4, version: part.version + 1 }),
    ]);

    // A new op with the old version (the office changed the line meanwhile): refused, unchanged.
    const stale = await w
      .api(w.tokens.tech, { 'idempotency-key': 'c3f8a2d4-5e6f-4a71-8c2d-2e3f4a5b6c7d' })
      .put(`/service-orders/${order.id}/spare-parts/${part.id}`, { ...body, quantity: 9 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string }>().code).toBe('version_conflict');
    expect((await lines(order.id))[0]?.quantity).toBe(4);
  });

  it('removes a line once: the replay gets the first 204, not a 404', async () => {
    const order = await orderWithLine();
    const part = order.spareParts[0]!;
    const key = 'd4a9b3e5-6f70-4b82-9d3e-3f4a5b6c7d8e';
    const send = () =>
      w
        .api(w.tokens.tech, { 'idempotency-key': key })
        .del(`/service-orders/${order.id}/spare-parts/${part.id}`);
    expect((await send()).statusCode).toBe(204);
    const again = await send();
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await lines(order.id)).toEqual([]);
  });

  it('lets no other partner change a line, by key or not', async () => {
    const order = await orderWithLine();
    const part = order.spareParts[0]!;
    const res = await w
      .api(w.tokens.fjord, { 'idempotency-key': 'e5b0c4f6-7081-4c93-8e4f-4a5b6c7d8e9f' })
      .put(`/service-orders/${order.id}/spare-parts/${part.id}`, {
        partNumber: 'P-1',
        partName: 'Seal',
        quantity: 7,
        unitCost: 500,
        currency: 'NOK',
        version: part.version,
      });
    expect(res.statusCode).toBe(404);
    const removed = await w
      .api(w.tokens.fjord, { 'idempotency-key': 'f6c1d5a7-8192-4da4-9f50-5b6c7d8e9fa0' })
      .del(`/service-orders/${order.id}/spare-parts/${part.id}`);
    expect(removed.statusCode).toBe(404);
    expect(await lines(order.id)).toEqual([expect.objectContaining({ quantity: 1 })]);
  });

  it('refuses a bad quantity with a clear error and changes nothing', async () => {
    const order = await orderWithLine();
    const part = order.spareParts[0]!;
    const res = await w
      .api(w.tokens.tech, { 'idempotency-key': '07d2e6b8-92a3-4eb5-8a61-6c7d8e9fa0b1' })
      .put(`/service-orders/${order.id}/spare-parts/${part.id}`, {
        partNumber: 'P-1',
        partName: 'Seal',
        quantity: 0,
        unitCost: 500,
        currency: 'NOK',
        version: part.version,
      });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('quantity');
    expect(await lines(order.id)).toEqual([expect.objectContaining({ quantity: 1, version: part.version })]);
  });
});
