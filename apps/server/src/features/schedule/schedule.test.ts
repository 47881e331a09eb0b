import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postcodeOf,
  type AssignmentResult,
  type Board,
  type ScheduleCard,
} from '@service-portal/shared/schedule';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { addDays, mondayOf } from '@service-portal/shared/zoned-days';
import { communications } from '../../db/schema/communications.ts';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import {
  actingFor,
  createOrdersWorld,
  orderInput,
  osloDay,
  type OrdersWorld,
} from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
// Next week's Monday (always in the future), its Tuesday and its Saturday; set once the world's
// clock exists (at import another file's context may still be the newest).
let mon: string;
let tue: string;
let sat: string;
beforeAll(async () => {
  w = await createOrdersWorld();
  mon = mondayOf(osloDay(7));
  tue = addDays(mon, 1);
  sat = addDays(mon, 5);
});
afterAll(async () => w.ctx.close());

const manager = () => w.api(w.tokens.manager);
const tech = () => w.api(w.tokens.tech);
const fjord = () => w.api(w.tokens.fjord);

async function createOrder(overrides: Parameters<typeof orderInput>[0] = {}): Promise<ServiceOrder> {
  const res = await manager().post('/service-orders', orderInput(overrides));
  expect(res.statusCode).toBe(201);
  return res.json<ServiceOrder>();
}
async function stored(id: string) {
  const [row] = await w.ctx.app.db.select().from(serviceOrders).where(eq(serviceOrders.id, id));
  return row!;
}
const assign = (id: string, body: object, as = manager()) =>
  as.post(`/schedule/orders/${id}/assignment`, body);

describe('order fields', () => {
  it('creates and updates orders with a start and an estimate, and refuses 0 minutes', async () => {
    const order = await createOrder({ estimatedMinutes: 90, scheduledStart: '09:30' });
    expect(order).toMatchObject({ estimatedMinutes: 90, scheduledStart: '09:30' });
    const zero = await manager().post('/service-orders', orderInput({ estimatedMinutes: 0 }));
    expect(zero.statusCode).toBe(400);
    const badStart = await manager().put(`/service-orders/${order.id}`, {
      scheduledStart: '25:00',
      version: 1,
    });
    expect(badStart.statusCode).toBe(400);
    const res = await manager().put(`/service-orders/${order.id}`, { estimatedMinutes: 45, version: 1 });
    expect(res.json()).toMatchObject({ estimatedMinutes: 45, scheduledStart: '09:30', version: 2 });
    expect(
      (await manager().put(`/service-orders/${order.id}`, { estimatedMinutes: 0, version: 2 })).statusCode,
    ).toBe(400);
    expect((await stored(order.id)).estimatedMinutes).toBe(45);
  });
});

describe("the order form's PUT (same rule as the board)", () => {
  const put = (id: string, body: object) => manager().put(`/service-orders/${id}`, body);

  it('refuses what the board refuses, with its code, and changes nothing', async () => {
    const order = await createOrder({ estimatedMinutes: 60 });
    const cases: [object, number, string][] = [
      [{ assignedTechnicianId: w.technicians.tore, scheduledDate: sat }, 409, 'partner_closed'],
      [{ assignedTechnicianId: w.technicians.inactive, scheduledDate: mon }, 400, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const res = await put(order.id, { ...body, version: 1 });
      expect({ status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({ status, code });
    }
    const noDuration = await createOrder({ serviceType: 'warranty' });
    const res = await put(noDuration.id, {
      assignedTechnicianId: w.technicians.tore,
      scheduledDate: mon,
      version: 1,
    });
    expect(res.json()).toMatchObject({ status: 422, code: 'duration_required' });
    // A duration given in the same save counts.
    const withDuration = await put(noDuration.id, {
      assignedTechnicianId: w.technicians.tore,
      scheduledDate: mon,
      estimatedMinutes: 30,
      version: 1,
    });
    expect(withDuration.statusCode).toBe(200);

    const started = await createOrder({ estimatedMinutes: 30 });
    await put(started.id, { status: 'in_progress', version: 1 });
    const moved = await put(started.id, {
      assignedTechnicianId: w.technicians.tore,
      scheduledDate: mon,
      version: 2,
    });
    // A started order may be handed to a colleague on the form (the board does not move it).
    expect(moved.statusCode).toBe(200);
    expect(await stored(order.id)).toMatchObject({
      scheduledDate: null,
      assignedTechnicianId: null,
      version: 1,
    });
    expect(await stored(started.id)).toMatchObject({ scheduledDate: mon, version: 3 });
  });

  it('accepts a placement the board would accept, and a date alone without a technician', async () => {
    const order = await createOrder({ estimatedMinutes: 60 });
    const dateOnly = await put(order.id, { scheduledDate: sat, version: 1 });
    expect(dateOnly.statusCode).toBe(200);
    const placed = await put(order.id, {
      assignedTechnicianId: w.technicians.tore,
      scheduledDate: tue,
      version: 2,
    });
    expect(placed.json()).toMatchObject({ scheduledDate: tue, assignedTechnicianId: w.technicians.tore });
  });
});

describe("a new order keeps the board's rules", () => {
  it('refuses a technician who is off that day and an order without a duration, creating nothing', async () => {
    const base = { assignedTechnicianId: w.technicians.tore, estimatedMinutes: 60 };
    const cases: [object, number, string][] = [
      [{ ...base, scheduledDate: sat }, 409, 'partner_closed'],
      [
        { ...base, scheduledDate: mon, estimatedMinutes: null, serviceType: 'warranty' },
        422,
        'duration_required',
      ],
    ];
    for (const [fields, status, code] of cases) {
      const input = orderInput({ ...fields, title: `Refused ${code}` });
      const res = await manager().post('/service-orders', input);
      expect({ status: res.statusCode, code: res.json<{ code: string }>().code }, res.body).toEqual({
        status,
        code,
      });
      const [found] = await w.ctx.app.db
        .select({ id: serviceOrders.id })
        .from(serviceOrders)
        .where(eq(serviceOrders.title, input.title));
      expect(found).toBeUndefined();
    }
    expect(
      (await manager().post('/service-orders', orderInput({ ...base, scheduledDate: mon }))).statusCode,
    ).toBe(201);
  });
});

describe('POST /api/schedule/orders/:id/assignment', () => {
  it('schedules a created order: technician, date, start, status scheduled, and the cell', async () => {
    const order = await createOrder({ estimatedMinutes: 120 });
    const res = await assign(order.id, {
      technicianId: w.technicians.tore,
      date: mon,
      start: '08:00',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<AssignmentResult>();
    expect(body.card).toMatchObject({
      technicianId: w.technicians.tore,
      date: mon,
      start: '08:00',
      status: 'scheduled',
      durationMinutes: 120,
      durationIsDefault: false,
      version: 2,
    });
    expect(body.cell).toMatchObject({ date: mon, availableMinutes: 480, off: false });
    expect(body.cell.bookedMinutes).toBeGreaterThanOrEqual(120);
    const row = await stored(order.id);
    expect(row).toMatchObject({
      assignedTechnicianId: w.technicians.tore,
      scheduledDate: mon,
      scheduledStart: '08:00',
    });
    const full = (await manager().get(`/service-orders/${order.id}`)).json<ServiceOrder>();
    expect(full.statusHistory.map((h) => h.toStatus)).toEqual(['created', 'scheduled']);
  });

  it('moves to another technician keeping the time, and allows overbooking but reports it', async () => {
    const big = await createOrder({ estimatedMinutes: 400 });
    const other = await createOrder({ estimatedMinutes: 200 });
    await assign(big.id, { technicianId: w.technicians.kari, date: tue, start: '08:00', version: 1 });
    const first = await assign(other.id, {
      technicianId: w.technicians.tore,
      date: tue,
      start: '13:00',
      version: 1,
    });
    expect(first.json<AssignmentResult>().cell.overbooked).toBe(false);
    const moved = await assign(other.id, {
      technicianId: w.technicians.kari,
      date: tue,
      start: '13:00',
      version: 2,
    });
    expect(moved.statusCode).toBe(200);
    const body = moved.json<AssignmentResult>();
    expect(body.card).toMatchObject({
      technicianId: w.technicians.kari,
      start: '13:00',
      status: 'scheduled',
    });
    expect(body.cell).toMatchObject({ bookedMinutes: 600, availableMinutes: 480, overbooked: true });
  });

  it('gives each refusal its code and changes nothing', async () => {
    const order = await createOrder({ estimatedMinutes: 60 });
    const ok = { technicianId: w.technicians.tore, date: mon, start: null, version: 1 };
    const cases: [object, number, string][] = [
      [{ ...ok, version: 7 }, 409, 'version_conflict'],
      [{ ...ok, technicianId: w.technicians.inactive }, 409, 'technician_inactive'],
      [{ ...ok, date: sat }, 409, 'partner_closed'],
    ];
    for (const [body, status, code] of cases) {
      const res = await assign(order.id, body);
      expect({ status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({ status, code });
    }
    const conflict = await assign(order.id, { ...ok, version: 7 });
    expect(conflict.json<{ card: ScheduleCard }>().card).toMatchObject({
      id: order.id,
      version: 1,
      date: null,
    });

    const noDuration = await createOrder({ serviceType: 'warranty' });
    const res = await assign(noDuration.id, { ...ok });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'duration_required' });

    const done = await createOrder({ estimatedMinutes: 30 });
    await manager().put(`/service-orders/${done.id}`, { status: 'in_progress', version: 1 });
    const started = await assign(done.id, { ...ok, version: 2 });
    expect(started.statusCode).toBe(409);
    expect(started.json()).toMatchObject({ code: 'status_not_schedulable' });

    expect(await stored(order.id)).toMatchObject({
      scheduledDate: null,
      assignedTechnicianId: null,
      version: 1,
    });
    expect((await stored(noDuration.id)).scheduledDate).toBeNull();
  });

  it('refuses a day off of the technician with technician_off', async () => {
    const off = await manager().post(`/technicians/${w.technicians.kari}/days-off`, {
      date: addDays(mon, 3),
      reason: 'Course',
    });
    expect(off.statusCode).toBe(201);
    const order = await createOrder({ estimatedMinutes: 60 });
    const res = await assign(order.id, {
      technicianId: w.technicians.kari,
      date: addDays(mon, 3),
      start: null,
      version: 1,
    });
    expect(res.json()).toMatchObject({ status: 409, code: 'technician_off' });
  });

  it('uses the default duration of the service type when the order has none', async () => {
    const pricing = (await manager().get('/pricing')).json<{ version: number; defaultDurations: unknown }>();
    expect(pricing.defaultDurations).toEqual({ repair: null, maintenance: null, warranty: null });
    const put = await manager().put('/pricing', {
      defaultHourlyRate: 95_000,
      currency: 'NOK',
      roundingIntervalMinutes: 15,
      roundingDirection: 'up',
      defaultDurations: { repair: 90, maintenance: 60, warranty: null },
      version: pricing.version,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ defaultDurations: { repair: 90, maintenance: 60, warranty: null } });
    const zero = await manager().put('/pricing', {
      defaultHourlyRate: 95_000,
      currency: 'NOK',
      roundingIntervalMinutes: 15,
      roundingDirection: 'up',
      defaultDurations: { repair: 0, maintenance: 60, warranty: null },
      version: put.json<{ version: number }>().version,
    });
    expect(zero.statusCode).toBe(400);
    const order = await createOrder({ serviceType: 'maintenance' });
    const res = await assign(order.id, {
      technicianId: w.technicians.tore,
      date: tue,
      start: null,
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AssignmentResult>().card).toMatchObject({ durationMinutes: 60, durationIsDefault: true });
  });

  it('lets exactly one of two parallel moves of one order win; the other gets version_conflict', async () => {
    const order = await createOrder({ estimatedMinutes: 30 });
    const [a, b] = await Promise.all([
      assign(order.id, { technicianId: w.technicians.tore, date: mon, start: '10:00', version: 1 }),
      assign(order.id, { technicianId: w.technicians.kari, date: tue, start: '11:00', version: 1 }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winner = a.statusCode === 200 ? a : b;
    expect(loser.json()).toMatchObject({ code: 'version_conflict', card: { version: 2 } });
    const row = await stored(order.id);
    expect(row.version).toBe(2);
    expect(row.assignedTechnicianId).toBe(winner.json<AssignmentResult>().card.technicianId);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const order = await createOrder({ estimatedMinutes: 30 });
    const bodies = [
      {},
      { technicianId: 'nope', date: mon, version: 1 },
      { technicianId: w.technicians.tore, date: '2026-02-30', version: 1 },
      { technicianId: w.technicians.tore, date: mon, start: '8:00', version: 1 },
      { technicianId: w.technicians.tore, date: mon, version: 0 },
      { technicianId: w.technicians.tore, date: osloDay(-3), version: 1 },
    ];
    for (const body of bodies)
      expect((await assign(order.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await manager().post('/schedule/orders/not-a-uuid/assignment', {})).statusCode).toBe(400);
    expect(await stored(order.id)).toMatchObject({ version: 1, scheduledDate: null });
  });

  it("answers 404 for another partner's order or technician, and changes nothing", async () => {
    const order = await createOrder({ estimatedMinutes: 30 });
    const fjordTech = await assign(order.id, {
      technicianId: w.technicians.fjord,
      date: mon,
      start: null,
      version: 1,
    });
    expect(fjordTech.statusCode).toBe(404);
    const fromFjord = await assign(
      order.id,
      { technicianId: w.technicians.fjord, date: mon, start: null, version: 1 },
      fjord(),
    );
    expect(fromFjord.statusCode).toBe(404);
    expect((await fjord().del(`/schedule/orders/${order.id}/assignment?version=1`)).statusCode).toBe(404);
    expect((await fjord().post(`/schedule/orders/${order.id}/notify`, { channel: 'email' })).statusCode).toBe(
      404,
    );
    expect(await stored(order.id)).toMatchObject({
      version: 1,
      scheduledDate: null,
      assignedTechnicianId: null,
    });
  });

  it('is for Administrators and ServiceManagers only', async () => {
    const order = await createOrder({ estimatedMinutes: 30 });
    const res = await assign(
      order.id,
      { technicianId: w.technicians.tore, date: mon, start: null, version: 1 },
      tech(),
    );
    expect(res.statusCode).toBe(403);
    expect((await tech().del(`/schedule/orders/${order.id}/assignment?version=1`)).statusCode).toBe(403);
    expect((await tech().post(`/schedule/orders/${order.id}/notify`, { channel: 'sms' })).statusCode).toBe(
      403,
    );
    expect((await stored(order.id)).version).toBe(1);
  });

  it('lets plain staff read the board, the list and the changes (view only)', async () => {
    const board = await tech().get(`/schedule/board?from=${mon}&days=14`);
    expect(board.statusCode).toBe(200);
    expect(board.json<Board>().technicians.length).toBeGreaterThan(0);
    expect((await tech().get('/schedule/unscheduled')).statusCode).toBe(200);
    expect((await tech().get('/schedule/changes')).statusCode).toBe(200);
  });
});

describe('a global administrator acting for a partner', () => {
  it("schedules and reads that partner's board", async () => {
    const admin = w.api(w.tokens.admin, actingFor(w.partners.nordic));
    const order = await createOrder({ estimatedMinutes: 30 });
    const res = await assign(
      order.id,
      { technicianId: w.technicians.tore, date: mon, start: null, version: 1 },
      admin,
    );
    expect(res.statusCode).toBe(200);
    const board = (await admin.get(`/schedule/board?from=${mon}&days=1`)).json<Board>();
    expect(board.orders.map((o) => o.id)).toContain(order.id);
  });
});

describe('DELETE /api/schedule/orders/:id/assignment', () => {
  it('puts the order back on the list: no technician, date or start; scheduled becomes created', async () => {
    const order = await createOrder({ estimatedMinutes: 30, priority: 'critical' });
    await assign(order.id, { technicianId: w.technicians.tore, date: mon, start: '12:00', version: 1 });
    expect((await manager().del(`/schedule/orders/${order.id}/assignment?version=1`)).json()).toMatchObject({
      code: 'version_conflict',
    });
    expect((await manager().del(`/schedule/orders/${order.id}/assignment?version=abc`)).statusCode).toBe(400);
    const res = await manager().del(`/schedule/orders/${order.id}/assignment?version=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      technicianId: null,
      date: null,
      start: null,
      status: 'created',
      version: 3,
    });
    const list = (await manager().get('/schedule/unscheduled?priority=critical')).json<{
      items: ScheduleCard[];
    }>();
    expect(list.items.map((c) => c.id)).toContain(order.id);
  });
});

describe('GET /api/schedule/board', () => {
  it('shows technicians × days with capacity, days off, overbooking and the orders in range', async () => {
    const res = await tech().get(`/schedule/board?from=${mon}&days=7`);
    expect(res.statusCode).toBe(200);
    const board = res.json<Board>();
    expect(board).toMatchObject({ from: mon, to: addDays(mon, 6), timeZone: 'Europe/Oslo' });
    expect(board.days.map((d) => d.isWorkingDay)).toEqual([true, true, true, true, true, false, false]);
    const kari = board.technicians.find((t) => t.id === w.technicians.kari)!;
    expect(kari.cells).toHaveLength(7);
    expect(kari.cells[1]).toMatchObject({ date: tue, availableMinutes: 480, overbooked: true });
    expect(kari.cells[3]).toMatchObject({ off: true, offReason: 'Course', availableMinutes: 0 });
    expect(kari.cells[5]).toMatchObject({ off: true, offReason: null, availableMinutes: 0 });
    // Booked minutes are the sum of the cell's cards.
    for (const t of board.technicians) {
      for (const cell of t.cells) {
        const sum = board.orders
          .filter((o) => o.technicianId === t.id && o.date === cell.date)
          .reduce((s, o) => s + (o.durationMinutes ?? 0), 0);
        expect(cell.bookedMinutes).toBe(sum);
      }
    }
    expect(board.technicians.some((t) => t.id === w.technicians.inactive)).toBe(false);
    expect(board.technicians.every((t) => t.id !== w.technicians.fjord)).toBe(true);
    expect(board.orders.every((o) => o.date! >= mon && o.date! <= addDays(mon, 6))).toBe(true);
  });

  it('narrows to the technicians asked for and refuses bad queries', async () => {
    const res = await manager().get(`/schedule/board?from=${mon}&days=1&technicianIds=${w.technicians.tore}`);
    const board = res.json<Board>();
    expect(board.technicians.map((t) => t.id)).toEqual([w.technicians.tore]);
    expect(board.orders.every((o) => o.technicianId === w.technicians.tore && o.date === mon)).toBe(true);
    for (const q of ['from=2026-13-01', `from=${mon}&days=3`, '', `from=${mon}&technicianIds=x`]) {
      expect((await manager().get(`/schedule/board?${q}`)).statusCode, q).toBe(400);
    }
  });

  it("shows another partner nothing of this partner's", async () => {
    const board = (await fjord().get(`/schedule/board?from=${mon}&days=14`)).json<Board>();
    const nordicTechs = Object.values(w.technicians).filter((id) => id !== w.technicians.fjord);
    expect(board.technicians.some((t) => nordicTechs.includes(t.id))).toBe(false);
    expect(board.orders).toEqual([]);
    const narrowed = (
      await fjord().get(`/schedule/board?from=${mon}&technicianIds=${w.technicians.tore}`)
    ).json<Board>();
    expect(narrowed.technicians).toEqual([]);
  });
});

describe('GET /api/schedule/unscheduled', () => {
  it('lists open unscheduled orders most urgent first, then oldest, with filters', async () => {
    const low = await createOrder({ priority: 'low', customerAddress: 'Storgata 1, 0155 Oslo' });
    const high = await createOrder({ priority: 'high', customerAddress: 'Fjordveien 2, 5003 Bergen' });
    const res = await manager().get('/schedule/unscheduled?pageSize=100');
    const items = res.json<{ items: ScheduleCard[] }>().items;
    const ranks = { critical: 0, high: 1, normal: 2, low: 3 } as const;
    for (let i = 1; i < items.length; i++) {
      expect(ranks[items[i - 1]!.priority]).toBeLessThanOrEqual(ranks[items[i]!.priority]);
    }
    expect(items.every((c) => c.date === null || c.technicianId === null)).toBe(true);
    const byPostcode = (await manager().get('/schedule/unscheduled?postcode=01')).json<{
      items: ScheduleCard[];
    }>();
    expect(byPostcode.items.map((c) => c.id)).toEqual([low.id]);
    expect(byPostcode.items[0]!.postcode).toBe('0155');
    const byPriority = (await manager().get('/schedule/unscheduled?priority=high')).json<{
      items: ScheduleCard[];
    }>();
    expect(byPriority.items.map((c) => c.id)).toContain(high.id);
    expect(byPriority.items.every((c) => c.priority === 'high')).toBe(true);
    const old = (await manager().get('/schedule/unscheduled?minAgeDays=2')).json<{ total: number }>();
    expect(old.total).toBe(0);
    for (const q of ['priority=urgent', 'postcode=ab', 'minAgeDays=-1', 'pageSize=0']) {
      expect((await manager().get(`/schedule/unscheduled?${q}`)).statusCode, q).toBe(400);
    }
    expect((await fjord().get('/schedule/unscheduled')).json<{ total: number }>().total).toBe(0);
  });
});

describe('the postcode filter, in the database', () => {
  it('finds the orders whose address has a postcode starting so, as shared postcodeOf reads it', async () => {
    const addresses = [
      'Gate 4021, 0150 Oslo',
      'Storgata 12\n0155 Oslo',
      'Vei 12-3456, 0160 Oslo',
      'Calle Mayor 5, 28013 Madrid',
      'Box 01234567',
      'Fjordveien 1234',
    ];
    const made = new Map<string, string>();
    for (const address of addresses) made.set((await createOrder({ customerAddress: address })).id, address);
    for (const prefix of ['01', '015', '0150', '2', '40', '12', '1234']) {
      const res = await manager().get(`/schedule/unscheduled?postcode=${prefix}&pageSize=100`);
      expect(res.statusCode, res.body).toBe(200);
      const found = res
        .json<{ items: ScheduleCard[] }>()
        .items.map((c) => c.id)
        .filter((id) => made.has(id));
      const expected = [...made].filter(([, a]) => postcodeOf(a)?.startsWith(prefix)).map(([id]) => id);
      expect({ prefix, found: found.sort() }).toEqual({ prefix, found: expected.sort() });
    }
  });
});

describe('GET /api/schedule/changes', () => {
  it('says changed only after something on the board changed', async () => {
    const { cursor } = (await manager().get(`/schedule/board?from=${mon}&days=1`)).json<Board>();
    expect((await tech().get(`/schedule/changes?since=${cursor}`)).json()).toEqual({
      cursor,
      changed: false,
    });
    const fjordCursor = (await fjord().get('/schedule/changes')).json<{ cursor: string }>().cursor;
    const order = await createOrder({ estimatedMinutes: 30 });
    const after = (await manager().get(`/schedule/changes?since=${cursor}`)).json<{
      cursor: string;
      changed: boolean;
    }>();
    expect(after.changed).toBe(true);
    expect(after.cursor).not.toBe(cursor);
    // Another partner's change is not this partner's.
    expect((await fjord().get(`/schedule/changes?since=${fjordCursor}`)).json()).toMatchObject({
      changed: false,
    });
    // A day off (no order changes) moves the cursor too.
    await manager().post(`/technicians/${w.technicians.tore}/days-off`, { date: addDays(mon, 4) });
    expect((await manager().get(`/schedule/changes?since=${after.cursor}`)).json()).toMatchObject({
      changed: true,
    });
    expect(order.id).toBeTruthy();
  });
});

describe('GET /api/my-day', () => {
  it("gives the signed-in technician their day's orders in start order", async () => {
    const later = await createOrder({ estimatedMinutes: 30, customerPhone: '+47 900 11 222' });
    const early = await createOrder({ estimatedMinutes: 30 });
    await assign(later.id, {
      technicianId: w.technicians.tore,
      date: addDays(mon, 2),
      start: '14:00',
      version: 1,
    });
    await assign(early.id, {
      technicianId: w.technicians.tore,
      date: addDays(mon, 2),
      start: '08:15',
      version: 1,
    });
    const res = await tech().get(`/my-day?date=${addDays(mon, 2)}`);
    expect(res.statusCode).toBe(200);
    const day = res.json<{ orders: { id: string; start: string; customerPhone: string | null }[] }>();
    expect(day.orders.map((o) => o.id)).toEqual([early.id, later.id]);
    expect(day.orders[1]).toMatchObject({ start: '14:00', customerPhone: '+47 900 11 222' });
    expect((await tech().get('/my-day?date=tomorrow')).statusCode).toBe(400);
  });

  it('carries what the phone keeps and changes: serial, notes, currency and whole part lines', async () => {
    const order = await createOrder({
      estimatedMinutes: 30,
      serialNumber: 'SN-DAY-1',
      internalNotes: 'Gate code 4411',
      spareParts: [
        {
          partNumber: 'P-7',
          partName: 'Valve',
          quantity: 2,
          unitCost: 1250,
          currency: 'NOK',
          supplier: 'Acme',
        },
      ],
    });
    await assign(order.id, {
      technicianId: w.technicians.tore,
      date: addDays(mon, 3),
      start: '10:00',
      version: 1,
    });
    const res = await tech().get(`/my-day?date=${addDays(mon, 3)}`);
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json<{ orders: Record<string, unknown>[] }>().orders.find((o) => o['id'] === order.id);
    expect(mine).toMatchObject({
      serialNumber: 'SN-DAY-1',
      internalNotes: 'Gate code 4411',
      currency: 'NOK',
      spareParts: [
        {
          id: order.spareParts[0]!.id,
          partNumber: 'P-7',
          partName: 'Valve',
          quantity: 2,
          unitCost: 1250,
          currency: 'NOK',
          supplier: 'Acme',
          notes: null,
          version: order.spareParts[0]!.version,
        },
      ],
    });
    // Another partner's technician never sees it.
    const theirs = await fjord().get(`/my-day?date=${addDays(mon, 3)}`);
    expect(JSON.stringify(theirs.json())).not.toContain(order.id);
  });

  it('answers 404 no_technician_record for a user without a technician record', async () => {
    const res = await manager().get('/my-day');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'no_technician_record' });
    expect((await fjord().get('/my-day')).json()).toMatchObject({ code: 'no_technician_record' });
  });
});

describe('POST /api/schedule/orders/:id/notify', () => {
  it('sends the date to the customer through communications and logs it on the order', async () => {
    const order = await createOrder({ estimatedMinutes: 30, customerPhone: '+47 900 55 666' });
    expect(
      (await manager().post(`/schedule/orders/${order.id}/notify`, { channel: 'email' })).json(),
    ).toMatchObject({
      code: 'not_scheduled',
    });
    await assign(order.id, { technicianId: w.technicians.tore, date: mon, start: '09:00', version: 1 });
    const res = await manager().post(`/schedule/orders/${order.id}/notify`, { channel: 'email' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ method: 'email', direction: 'outbound' });
    const [d, m, y] = [mon.slice(8), mon.slice(5, 7), mon.slice(0, 4)];
    const logged = await w.ctx.app.db
      .select()
      .from(communications)
      .where(eq(communications.serviceOrderId, order.id));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.message).toContain(`${d}.${m}.${y} kl. 09:00`);
    expect((await manager().post(`/schedule/orders/${order.id}/notify`, { channel: 'fax' })).statusCode).toBe(
      400,
    );
  });
});

describe('technician working hours and days off', () => {
  const hours = `/technicians/${'{id}'}/working-hours`;
  const url = (id: string) => hours.replace('{id}', id);

  it('reads and sets the weekly hours with the technician version', async () => {
    const current = (await tech().get(url(w.technicians.kari))).json<{
      version: number;
      workingHours: unknown[];
    }>();
    expect(current.workingHours[0]).toEqual({ start: '08:00', end: '16:00' });
    expect(current.workingHours[6]).toBeNull();
    const next = [
      { start: '07:00', end: '15:00' },
      null,
      null,
      null,
      null,
      { start: '09:00', end: '13:00' },
      null,
    ];
    const res = await manager().put(url(w.technicians.kari), {
      workingHours: next,
      version: current.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ workingHours: next, version: current.version + 1 });
    const stale = await manager().put(url(w.technicians.kari), {
      workingHours: next,
      version: current.version,
    });
    expect(stale.json()).toMatchObject({ code: 'version_conflict' });
    const board = (
      await manager().get(`/schedule/board?from=${mon}&days=7&technicianIds=${w.technicians.kari}`)
    ).json<Board>();
    // Saturday hours still count 0: the partner does not work Saturdays.
    expect(board.technicians[0]!.cells.map((c) => c.availableMinutes)).toEqual([480, 0, 0, 0, 0, 0, 0]);
    // Back to the default for the other tests.
    const back = [...Array.from({ length: 5 }, () => ({ start: '08:00', end: '16:00' })), null, null];
    await manager().put(url(w.technicians.kari), { workingHours: back, version: current.version + 1 });
  });

  it('refuses bad hours, other partners and technicians without the role', async () => {
    const { version } = (await tech().get(url(w.technicians.tore))).json<{ version: number }>();
    const bad = [
      { workingHours: [null, null], version },
      { workingHours: [{ start: '16:00', end: '08:00' }, null, null, null, null, null, null], version },
      { workingHours: [{ start: '8', end: '16:00' }, null, null, null, null, null, null], version },
    ];
    for (const body of bad) expect((await manager().put(url(w.technicians.tore), body)).statusCode).toBe(400);
    const week = Array.from({ length: 7 }, () => null);
    expect((await tech().put(url(w.technicians.tore), { workingHours: week, version })).statusCode).toBe(403);
    expect((await fjord().put(url(w.technicians.tore), { workingHours: week, version })).statusCode).toBe(
      404,
    );
    expect((await fjord().get(url(w.technicians.tore))).statusCode).toBe(404);
    expect((await tech().get(url(w.technicians.tore))).json()).toMatchObject({ version });
  });

  it('adds, lists and removes days off; one per date; scoped to the partner', async () => {
    const base = `/technicians/${w.technicians.tore}/days-off`;
    const day = addDays(mon, 9);
    const added = await manager().post(base, { date: day, reason: 'Holiday' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ date: day, reason: 'Holiday', technicianId: w.technicians.tore });
    expect((await manager().post(base, { date: day })).json()).toMatchObject({ code: 'day_off_taken' });
    expect((await manager().post(base, { date: '2026-02-30' })).statusCode).toBe(400);
    expect((await tech().post(base, { date: addDays(day, 1) })).statusCode).toBe(403);
    expect((await fjord().post(base, { date: addDays(day, 1) })).statusCode).toBe(404);
    const list = (await tech().get(`${base}?from=${mon}&to=${addDays(mon, 20)}`)).json<{
      items: { date: string }[];
    }>();
    expect(list.items.map((d) => d.date)).toContain(day);
    expect((await fjord().get(base)).statusCode).toBe(404);
    const id = added.json<{ id: string }>().id;
    expect((await fjord().del(`${base}/${id}`)).statusCode).toBe(404);
    expect((await tech().del(`${base}/${id}`)).statusCode).toBe(403);
    expect((await manager().del(`${base}/${id}`)).statusCode).toBe(204);
    expect((await manager().del(`${base}/${id}`)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the schedule and technician capacity routes with their schemas', async () => {
    const res = await w.ctx.app.inject({ url: '/api/docs/json' });
    const doc = res.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>();
    for (const path of [
      '/api/schedule/board',
      '/api/schedule/unscheduled',
      '/api/schedule/changes',
      '/api/schedule/orders/{id}/assignment',
      '/api/schedule/orders/{id}/notify',
      '/api/my-day',
      '/api/technicians/{id}/working-hours',
      '/api/technicians/{id}/days-off',
      '/api/technicians/{id}/days-off/{dayOffId}',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    const assignment = doc.paths['/api/schedule/orders/{id}/assignment']!;
    expect(Object.keys(assignment.post!.responses)).toEqual(
      expect.arrayContaining(['200', '404', '409', '422']),
    );
    expect(JSON.stringify(doc.paths['/api/schedule/board']!.get!.responses['200'])).toContain('overbooked');
  });
});
