import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricingConfig } from '@service-portal/shared/pricing';
import type { Board } from '@service-portal/shared/schedule';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { addDays, mondayOf } from '@service-portal/shared/zoned-days';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import {
  createOrdersWorld,
  orderInput,
  osloDay,
  type OrdersWorld,
} from '../../../test/service-order-fixtures.ts';

// The partner's working days (issue 25): set with the pricing's basic settings, read by the
// board (closed days), its moves and the order form (`partner_closed`); each partner its own.
let w: OrdersWorld;
// Set once the world's clock exists: at import another file's context may still be the newest.
let mon: string;
let tue: string;
beforeAll(async () => {
  w = await createOrdersWorld();
  mon = mondayOf(osloDay(7));
  tue = addDays(mon, 1);
});
afterAll(async () => w.ctx.close());

const manager = () => w.api(w.tokens.manager);
const fjord = () => w.api(w.tokens.fjord);

const MON_FRI = [true, true, true, true, true, false, false];
const TUE_SAT = [false, true, true, true, true, true, false];

async function pricing(as = manager()) {
  const res = await as.get('/pricing');
  expect(res.statusCode).toBe(200);
  return res.json<PricingConfig>();
}
async function savePricing(workingDays: unknown, as = manager()) {
  const current = await pricing(as);
  const { categories: _c, isDefault: _d, updatedAt: _u, ...fields } = current;
  return as.put('/pricing', { ...fields, workingDays });
}
async function stored(id: string) {
  const [row] = await w.ctx.app.db.select().from(serviceOrders).where(eq(serviceOrders.id, id));
  return row!;
}
async function createOrder(as = manager()): Promise<ServiceOrder> {
  const res = await as.post('/service-orders', orderInput({ estimatedMinutes: 60 }));
  expect(res.statusCode).toBe(201);
  return res.json<ServiceOrder>();
}

describe("the partner's working days", () => {
  it('are Monday to Friday until set, and refuse a week without a working day', async () => {
    expect((await pricing()).workingDays).toEqual(MON_FRI);
    for (const bad of [[false, false, false, false, false, false, false], [true, true], 'weekdays']) {
      const res = await savePricing(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await pricing()).workingDays).toEqual(MON_FRI);
  });

  it('close the board on the other weekdays and refuse moves and form saves there', async () => {
    const saved = await savePricing(TUE_SAT);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PricingConfig>().workingDays).toEqual(TUE_SAT);
    // A save without the field keeps them.
    const { categories: _c, isDefault: _d, updatedAt: _u, workingDays: _wd, ...rest } = await pricing();
    expect((await manager().put('/pricing', rest)).json<PricingConfig>().workingDays).toEqual(TUE_SAT);

    const board = (await manager().get(`/schedule/board?from=${mon}&days=7`)).json<Board>();
    expect(board.days.map((d) => d.isWorkingDay)).toEqual(TUE_SAT);
    const tore = board.technicians.find((t) => t.id === w.technicians.tore)!;
    expect(tore.cells[0]).toMatchObject({ date: mon, off: true, availableMinutes: 0 });
    expect(tore.cells[1]).toMatchObject({ date: tue, off: false, availableMinutes: 480 });

    const order = await createOrder();
    const refused = await manager().post(`/schedule/orders/${order.id}/assignment`, {
      technicianId: w.technicians.tore,
      date: mon,
      version: 1,
    });
    expect(refused.json()).toMatchObject({ status: 409, code: 'partner_closed' });
    const form = await manager().put(`/service-orders/${order.id}`, {
      assignedTechnicianId: w.technicians.tore,
      scheduledDate: mon,
      version: 1,
    });
    expect(form.json()).toMatchObject({ status: 409, code: 'partner_closed' });
    expect(await stored(order.id)).toMatchObject({
      scheduledDate: null,
      assignedTechnicianId: null,
      version: 1,
    });

    const moved = await manager().post(`/schedule/orders/${order.id}/assignment`, {
      technicianId: w.technicians.tore,
      date: tue,
      version: 1,
    });
    expect(moved.statusCode).toBe(200);
  });

  it("belong to one partner: another partner's board, moves and settings keep their own", async () => {
    // Nordic closed its Mondays above; Fjord still works them.
    expect((await pricing(fjord())).workingDays).toEqual(MON_FRI);
    const board = (await fjord().get(`/schedule/board?from=${mon}&days=7`)).json<Board>();
    expect(board.days.map((d) => d.isWorkingDay)).toEqual(MON_FRI);
    const order = await createOrder(fjord());
    const res = await fjord().post(`/schedule/orders/${order.id}/assignment`, {
      technicianId: w.technicians.fjord,
      date: mon,
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    // Fjord saving its own days leaves Nordic's as they were.
    expect((await savePricing([true, true, true, true, true, true, true], fjord())).statusCode).toBe(200);
    expect((await pricing()).workingDays).toEqual(TUE_SAT);
    expect((await pricing(fjord())).workingDays).toEqual([true, true, true, true, true, true, true]);
  });
});
