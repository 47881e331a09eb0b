import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { serviceOrders, serviceOrderStatusHistory } from '../../db/schema/service-orders.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

const manager = () => w.api(w.tokens.manager);

async function createMany(n: number, as = manager(), ...steps: string[]): Promise<ServiceOrder[]> {
  const out: ServiceOrder[] = [];
  for (let i = 0; i < n; i++) {
    const res = await as.post('/service-orders', orderInput());
    expect(res.statusCode).toBe(201);
    let order = res.json<ServiceOrder>();
    for (const status of steps) {
      order = (await as.put(`/service-orders/${order.id}`, { version: order.version, status })).json();
    }
    out.push(order);
  }
  return out;
}

/** The stored rows that matter here, to prove "nothing changed". */
async function snapshot(ids: string[]) {
  const rows = await w.ctx.app.db
    .select({
      id: serviceOrders.id,
      status: serviceOrders.status,
      version: serviceOrders.version,
      tech: serviceOrders.assignedTechnicianId,
      completedAt: serviceOrders.completedAt,
    })
    .from(serviceOrders)
    .where(inArray(serviceOrders.id, ids));
  const history = await w.ctx.app.db
    .select({ id: serviceOrderStatusHistory.id })
    .from(serviceOrderStatusHistory)
    .where(inArray(serviceOrderStatusHistory.serviceOrderId, ids));
  return { rows: rows.sort((a, b) => a.id.localeCompare(b.id)), history: history.length };
}

describe('POST /api/service-orders/bulk-update-status', () => {
  it('changes every order in one go, with history and new versions', async () => {
    const list = await createMany(3);
    const res = await manager().post('/service-orders/bulk-update-status', {
      orderIds: list.map((o) => o.id),
      status: 'scheduled',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    for (const order of list) {
      const stored = (await manager().get(`/service-orders/${order.id}`)).json<ServiceOrder>();
      expect(stored).toMatchObject({ status: 'scheduled', version: 2 });
      expect(stored.statusHistory.at(-1)).toMatchObject({
        fromStatus: 'created',
        toStatus: 'scheduled',
        changedByName: 'Marte Hansen',
      });
    }
  });

  it('completes with completion notes and completedAt', async () => {
    const list = await createMany(2, manager(), 'in_progress');
    const res = await manager().post('/service-orders/bulk-update-status', {
      orderIds: list.map((o) => o.id),
      status: 'completed',
      completionNotes: 'Done in the spring round.',
    });
    expect(res.json()).toEqual({ updated: 2 });
    for (const order of list) {
      const stored = (await manager().get(`/service-orders/${order.id}`)).json<ServiceOrder>();
      expect(stored).toMatchObject({ status: 'completed', completionNotes: 'Done in the spring round.' });
      expect(stored.completedAt).not.toBeNull();
    }
  });

  it('leaves orders already in the status alone', async () => {
    const [a, b] = await createMany(2);
    await manager().put(`/service-orders/${a!.id}`, { version: 1, status: 'scheduled' });
    const res = await manager().post('/service-orders/bulk-update-status', {
      orderIds: [a!.id, b!.id, b!.id],
      status: 'scheduled',
    });
    expect(res.json()).toEqual({ updated: 1 });
    expect((await manager().get(`/service-orders/${a!.id}`)).json()).toMatchObject({ version: 2 });
  });

  it('refuses the whole request when one transition is illegal, naming that order', async () => {
    const fine = await createMany(2);
    const [done] = await createMany(1, manager(), 'in_progress', 'completed');
    const ids = [...fine.map((o) => o.id), done!.id];
    const before = await snapshot(ids);
    const res = await manager().post('/service-orders/bulk-update-status', {
      orderIds: ids,
      status: 'on_hold',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('invalid_transition');
    expect(res.json().detail).toContain(done!.orderNumber);
    expect(await snapshot(ids)).toEqual(before);
  });

  it('refuses a reopen by a technician, allows it for a manager', async () => {
    const done = await createMany(2, manager(), 'in_progress', 'completed');
    const ids = done.map((o) => o.id);
    const refused = await w
      .api(w.tokens.tech)
      .post('/service-orders/bulk-update-status', { orderIds: ids, status: 'in_progress' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/Administrator or ServiceManager/);
    const res = await manager().post('/service-orders/bulk-update-status', {
      orderIds: ids,
      status: 'in_progress',
    });
    expect(res.json()).toEqual({ updated: 2 });
    expect((await manager().get(`/service-orders/${ids[0]}`)).json()).toMatchObject({
      status: 'in_progress',
      completedAt: null,
    });
  });

  it("refuses the whole request with 404 when one id is another partner's, changing nothing", async () => {
    const mine = await createMany(2);
    const [theirs] = await createMany(1, w.api(w.tokens.fjord));
    const ids = [...mine.map((o) => o.id), theirs!.id];
    const before = await snapshot(ids);
    const res = await manager().post('/service-orders/bulk-update-status', {
      orderIds: ids,
      status: 'scheduled',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect(await snapshot(ids)).toEqual(before);
    const unknown = await manager().post('/service-orders/bulk-update-status', {
      orderIds: ['00000000-0000-4000-8000-000000000000'],
      status: 'scheduled',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('validates the body', async () => {
    expect(
      (await manager().post('/service-orders/bulk-update-status', { orderIds: [], status: 'scheduled' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await manager().post('/service-orders/bulk-update-status', { orderIds: ['x'], status: 'scheduled' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await manager().post('/service-orders/bulk-update-status', {
          orderIds: [w.partners.nordic],
          status: 'done',
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/service-orders/bulk-assign-technician', () => {
  it('assigns and unassigns, bumping versions', async () => {
    const list = await createMany(3);
    const ids = list.map((o) => o.id);
    const res = await manager().post('/service-orders/bulk-assign-technician', {
      orderIds: ids,
      technicianId: w.technicians.tore,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    expect((await manager().get(`/service-orders/${ids[0]}`)).json()).toMatchObject({
      assignedTechnicianName: 'Tore Nilsen',
      version: 2,
    });
    const again = await manager().post('/service-orders/bulk-assign-technician', {
      orderIds: ids,
      technicianId: w.technicians.tore,
    });
    expect(again.json()).toEqual({ updated: 0 });
    const cleared = await manager().post('/service-orders/bulk-assign-technician', {
      orderIds: ids,
      technicianId: null,
    });
    expect(cleared.json()).toEqual({ updated: 3 });
    expect((await manager().get(`/service-orders/${ids[0]}`)).json()).toMatchObject({
      assignedTechnicianId: null,
      version: 3,
    });
  });

  it('refuses an inactive or foreign technician on the technicianId field', async () => {
    const [order] = await createMany(1);
    for (const [technicianId, message] of [
      [w.technicians.inactive, 'This technician is inactive'],
      [w.technicians.fjord, 'Technician not found'],
    ] as const) {
      const res = await manager().post('/service-orders/bulk-assign-technician', {
        orderIds: [order!.id],
        technicianId,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'technicianId', message }]);
    }
  });

  it("refuses the whole request with 404 when one id is another partner's", async () => {
    const mine = await createMany(2);
    const [theirs] = await createMany(1, w.api(w.tokens.fjord));
    const ids = [...mine.map((o) => o.id), theirs!.id];
    const before = await snapshot(ids);
    const res = await manager().post('/service-orders/bulk-assign-technician', {
      orderIds: ids,
      technicianId: w.technicians.tore,
    });
    expect(res.statusCode).toBe(404);
    expect(await snapshot(ids)).toEqual(before);
  });
});
