// Over 500 lines on purpose: the order CRUD tests share one world that takes seconds to build;
// lists, export, bulk, spare parts and tenancy have files of their own.
import { testNow } from '../../../test/helper.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_CHECKPOINTS, type ServiceOrder } from '@service-portal/shared/service-orders';
import { VALIDATION_MESSAGES as M } from '@service-portal/shared/validation';
import { customers } from '../../db/schema/customers.ts';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { technicians } from '../../db/schema/technicians.ts';
import {
  createOrdersWorld,
  orderInput,
  osloDay,
  osloWorkday,
  type OrdersWorld,
} from '../../../test/service-order-fixtures.ts';
import { todayIn } from '@service-portal/shared/zoned-days';

let w: OrdersWorld;
beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

const manager = () => w.api(w.tokens.manager);
const tech = () => w.api(w.tokens.tech);
const office = () => w.api(w.tokens.office);

async function create(
  overrides: Parameters<typeof orderInput>[0] = {},
  as = manager(),
): Promise<ServiceOrder> {
  const res = await as.post('/service-orders', orderInput(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ServiceOrder>();
}

async function put(order: { id: string; version: number }, body: Record<string, unknown>, as = manager()) {
  return as.put(`/service-orders/${order.id}`, { version: order.version, ...body });
}

/** Moves an order through legal steps as the manager and returns it. */
async function moveTo(order: ServiceOrder, ...steps: string[]): Promise<ServiceOrder> {
  let current = order;
  for (const status of steps) {
    const res = await put(current, { status });
    expect(res.statusCode, res.body).toBe(200);
    current = res.json();
  }
  return current;
}

function errorsOf(res: { json(): unknown }) {
  return (res.json() as { errors?: { path: string; message: string }[] }).errors ?? [];
}

describe('POST /api/service-orders', () => {
  it('creates an order in status created with a numbered, historied record', async () => {
    const res = await manager().post(
      '/service-orders',
      orderInput({ title: '  Annual maintenance  ', customerName: 'Ingrid Johansen' }),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json<ServiceOrder>();
    const year = todayIn('Europe/Oslo', testNow()).slice(0, 4);
    expect(order).toMatchObject({
      title: 'Annual maintenance',
      status: 'created',
      serviceType: 'repair',
      priority: 'normal',
      currency: 'NOK',
      version: 1,
      completedAt: null,
      createdByName: 'Marte Hansen',
      spareParts: [],
      checkpoints: EMPTY_CHECKPOINTS,
    });
    expect(order.orderNumber).toMatch(new RegExp(`^SO-${year}-\\d{6}$`));
    expect(order.statusHistory).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'created', changedByName: 'Marte Hansen' }),
    ]);
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);
    const got = await manager().get(`/service-orders/${order.id}`);
    expect(got.json()).toEqual(order);
  });

  it('stores every field, with the names of technician, location and creator', async () => {
    const order = await create({
      serviceType: 'warranty',
      priority: 'critical',
      description: 'Display dead since Sunday.',
      serialNumber: 'INC-2024-00042',
      estimatedCost: 149_950,
      currency: 'EUR',
      scheduledDate: osloWorkday(0),
      estimatedMinutes: 90,
      assignedTechnicianId: w.technicians.kari,
      warehouseLocationId: w.locations.main,
      customerPhone: '+47 901 23 456',
      customerAddress: 'Storgata 1, 0182 Oslo',
      internalNotes: 'Key under the mat.',
      checkpoints: {
        measurements: { heaterElement: { answer: 'other', details: 'Not fitted on this model.' } },
        components: { mainFan: { answer: 'needs_attention', details: null } },
        agreement: {
          cleanedUponDelivery: true,
          partsSubmitted: ['ashContainer'],
          partsSubmittedOtherDetails: null,
        },
      },
      spareParts: [
        {
          partNumber: 'CIN-PCB-CTRL-R4',
          partName: 'Control panel PCB',
          quantity: 1,
          unitCost: 428_000,
          currency: 'NOK',
          supplier: 'Cinderella Eco AS',
        },
        { partNumber: 'FUSE-T6.3A', partName: 'Fuse', quantity: 2, unitCost: 4_900, currency: 'NOK' },
      ],
    });
    expect(order).toMatchObject({
      serviceType: 'warranty',
      priority: 'critical',
      estimatedCost: 149_950,
      currency: 'EUR',
      scheduledDate: osloWorkday(0),
      estimatedMinutes: 90,
      assignedTechnicianName: 'Kari Haugen',
      warehouseLocationName: 'Alnabru main warehouse',
      internalNotes: 'Key under the mat.',
      customerAddress: 'Storgata 1, 0182 Oslo',
    });
    expect(order.checkpoints.measurements.heaterElement).toEqual({
      answer: 'other',
      details: 'Not fitted on this model.',
    });
    expect(order.spareParts.map((p) => [p.partNumber, p.quantity, p.unitCost, p.supplier])).toEqual([
      ['CIN-PCB-CTRL-R4', 1, 428_000, 'Cinderella Eco AS'],
      ['FUSE-T6.3A', 2, 4_900, null],
    ]);
    expect(order.spareParts[0]).toMatchObject({ serviceOrderId: order.id, version: 1 });
  });

  it.each([
    ['title', { title: '' }, 'title', M.titleRequired],
    ['title of only spaces', { title: '   ' }, 'title', M.titleRequired],
    ['title of 200 characters', { title: 'x'.repeat(200) }, 'title', M.titleTooLong],
    ['customer name', { customerName: '' }, 'customerName', M.customerNameRequired],
    [
      'customer name of 100 characters',
      { customerName: 'x'.repeat(100) },
      'customerName',
      M.customerNameTooLong,
    ],
    ['customer e-mail', { customerEmail: 'ola@nordmann' }, 'customerEmail', M.emailInvalid],
    [
      'customer e-mail with a space',
      { customerEmail: 'ola nordmann@example.net' },
      'customerEmail',
      M.emailInvalid,
    ],
    ['phone', { customerPhone: '12ab34' }, 'customerPhone', M.phoneInvalid],
    ['negative estimated cost', { estimatedCost: -1 }, 'estimatedCost', M.estimatedCostNegative],
    ['fractional estimated cost', { estimatedCost: 10.5 }, 'estimatedCost', M.wholeNumber],
  ])('refuses a bad %s with the spec message', async (_name, overrides, path, message) => {
    const res = await manager().post('/service-orders', orderInput(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(errorsOf(res)).toContainEqual({ path, message });
  });

  it('accepts a title of 199 characters and a customer name of 99', async () => {
    const order = await create({ title: 'x'.repeat(199), customerName: 'y'.repeat(99) });
    expect(order.title).toHaveLength(199);
  });

  it('refuses a scheduled date in the past (partner time zone), accepts today', async () => {
    const res = await manager().post('/service-orders', orderInput({ scheduledDate: osloDay(-1) }));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual([{ path: 'scheduledDate', message: M.scheduledDateInPast }]);
    expect(
      (await manager().post('/service-orders', orderInput({ scheduledDate: osloDay(0) }))).statusCode,
    ).toBe(201);
    const bad = await manager().post('/service-orders', orderInput({ scheduledDate: '2026-02-30' }));
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]?.path).toBe('scheduledDate');
  });

  it('refuses bad spare-part lines with the spec messages', async () => {
    const res = await manager().post(
      '/service-orders',
      orderInput({
        spareParts: [{ partNumber: '', partName: ' ', quantity: 0, unitCost: -5, currency: 'NOK' }],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual(
      expect.arrayContaining([
        { path: 'spareParts.0.partNumber', message: M.partNumberRequired },
        { path: 'spareParts.0.partName', message: M.partNameRequired },
        { path: 'spareParts.0.quantity', message: M.quantityPositive },
        { path: 'spareParts.0.unitCost', message: M.unitCostNegative },
      ]),
    );
  });

  it('requires checkpoint details for "other", at most 2000 characters', async () => {
    const checkpoints = (details: string | null) => ({
      measurements: { batteryVoltage: { answer: 'other' as const, details } },
      components: {},
      agreement: { partsSubmitted: ['other' as const], partsSubmittedOtherDetails: null },
    });
    const missing = await manager().post('/service-orders', orderInput({ checkpoints: checkpoints(null) }));
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing)).toEqual(
      expect.arrayContaining([
        { path: 'checkpoints.measurements.batteryVoltage.details', message: M.detailsRequired },
        { path: 'checkpoints.agreement.partsSubmittedOtherDetails', message: M.detailsRequired },
      ]),
    );
    const long = await manager().post(
      '/service-orders',
      orderInput({ checkpoints: checkpoints('x'.repeat(2001)) }),
    );
    expect(errorsOf(long)).toContainEqual({
      path: 'checkpoints.measurements.batteryVoltage.details',
      message: M.detailsTooLong,
    });
    const ok = await manager().post(
      '/service-orders',
      orderInput({
        checkpoints: {
          ...checkpoints('x'.repeat(2000)),
          agreement: { partsSubmitted: ['other'], partsSubmittedOtherDetails: 'Gas hose' },
        },
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('accepts only an active technician and an active location of the partner', async () => {
    const cases = [
      [
        { assignedTechnicianId: w.technicians.inactive },
        'assignedTechnicianId',
        'This technician is inactive',
      ],
      [{ assignedTechnicianId: w.technicians.fjord }, 'assignedTechnicianId', 'Technician not found'],
      [
        { assignedTechnicianId: '00000000-0000-4000-8000-000000000000' },
        'assignedTechnicianId',
        'Technician not found',
      ],
      [
        { warehouseLocationId: w.locations.inactive },
        'warehouseLocationId',
        'This warehouse location is inactive',
      ],
      [{ warehouseLocationId: w.locations.fjord }, 'warehouseLocationId', 'Warehouse location not found'],
    ] as const;
    for (const [overrides, path, message] of cases) {
      const res = await manager().post('/service-orders', orderInput(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: [{ path, message }] });
    }
  });
});

describe('customers linked from orders', () => {
  it('links by e-mail in any case, else by phone digits, else creates a customer', async () => {
    const first = await create({
      customerName: 'Solveig Berg',
      customerEmail: 'solveig.berg@example.net',
      customerPhone: '+47 912 34 500',
    });
    const sameMail = await create({ customerName: 'S. Berg', customerEmail: 'SOLVEIG.BERG@example.net' });
    expect(sameMail.customerId).toBe(first.customerId);
    // The order keeps its own snapshot of what was typed.
    expect(sameMail.customerName).toBe('S. Berg');
    const samePhone = await create({
      customerName: 'Solveig',
      customerEmail: 'solveig@work.example.org',
      customerPhone: '912 34 500',
    });
    expect(samePhone.customerId).toBe(first.customerId);
    const other = await create({
      customerName: 'Per Olsen',
      customerEmail: 'per.olsen@example.net',
      customerPhone: '+47 400 00 001',
    });
    expect(other.customerId).not.toBe(first.customerId);
    const [record] = await w.ctx.app.db.select().from(customers).where(eq(customers.id, first.customerId));
    expect(record).toMatchObject({
      name: 'Solveig Berg',
      email: 'solveig.berg@example.net',
      phoneDigits: '91234500',
    });
  });

  it("never links to another partner's customer", async () => {
    const nordic = await create({ customerEmail: 'shared.person@example.net' });
    const res = await w
      .api(w.tokens.fjord)
      .post('/service-orders', orderInput({ customerEmail: 'shared.person@example.net' }));
    expect(res.statusCode).toBe(201);
    expect(res.json<ServiceOrder>().customerId).not.toBe(nordic.customerId);
  });

  it('relinks when an update changes the e-mail, and fills in a phone the customer lacked', async () => {
    const order = await create({ customerEmail: 'before@example.net' });
    const res = await put(order, { customerEmail: 'after@example.net', customerPhone: '+47 455 55 555' });
    expect(res.statusCode).toBe(200);
    const updated = res.json<ServiceOrder>();
    expect(updated.customerId).not.toBe(order.customerId);
    const again = await create({ customerEmail: 'before@example.net', customerPhone: '45555555' });
    expect(again.customerId).toBe(order.customerId);
    const [record] = await w.ctx.app.db.select().from(customers).where(eq(customers.id, order.customerId));
    expect(record?.phone).toBe('45555555');
  });

  it('creates one customer for concurrent orders of the same new customer', async () => {
    const email = `burst.${Date.now()}@example.net`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        manager().post('/service-orders', orderInput({ customerEmail: email })),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json<ServiceOrder>().customerId)).size).toBe(1);
  });
});

describe('GET /api/service-orders/:id', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await manager().get('/service-orders/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    expect((await manager().get('/service-orders/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('PUT /api/service-orders/:id', () => {
  it('changes only the fields sent and bumps the version', async () => {
    const order = await create({
      description: 'Smells',
      serialNumber: 'SN-1',
      customerPhone: '+47 999 99 999',
      internalNotes: 'Secret',
      customerAddress: 'Lia 2',
    });
    const res = await put(order, { title: 'Bad odour in the bathroom' });
    expect(res.statusCode).toBe(200);
    const updated = res.json<ServiceOrder>();
    expect(updated).toMatchObject({
      title: 'Bad odour in the bathroom',
      description: 'Smells',
      serialNumber: 'SN-1',
      customerPhone: '+47 999 99 999',
      customerAddress: 'Lia 2',
      internalNotes: 'Secret',
      version: 2,
      statusHistory: order.statusHistory,
    });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(order.updatedAt).getTime());
  });

  it('clears a field sent as null or empty text', async () => {
    const order = await create({ description: 'Smells', serialNumber: 'SN-2' });
    const res = await put(order, { description: '', serialNumber: null });
    expect(res.json()).toMatchObject({ description: null, serialNumber: null });
  });

  it('refuses a stale version with 409 version_conflict and changes nothing', async () => {
    const order = await create();
    await put(order, { title: 'First' });
    const stale = await put(order, { title: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const stored = (await manager().get(`/service-orders/${order.id}`)).json<ServiceOrder>();
    expect(stored).toMatchObject({ title: 'First', version: 2 });
  });

  it('lets exactly one of two concurrent updates with the same version win', async () => {
    const order = await create();
    const [a, b] = await Promise.all([
      put(order, { title: 'From tab A', priority: 'high' }),
      put(order, { title: 'From tab B', priority: 'low' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = (a.statusCode === 200 ? a : b).json<ServiceOrder>();
    const stored = (await manager().get(`/service-orders/${order.id}`)).json<ServiceOrder>();
    expect(stored).toMatchObject({ title: winner.title, priority: winner.priority, version: 2 });
  });

  it('replaces the spare-part lines when they are sent, keeps them otherwise', async () => {
    const order = await create({
      spareParts: [{ partNumber: 'A-1', partName: 'Old part', quantity: 1, unitCost: 100, currency: 'NOK' }],
    });
    const kept = (await put(order, { title: 'Renamed' })).json<ServiceOrder>();
    expect(kept.spareParts.map((p) => p.partNumber)).toEqual(['A-1']);
    const replaced = (
      await put(kept, {
        spareParts: [
          { partNumber: 'B-1', partName: 'New part', quantity: 2, unitCost: 200, currency: 'NOK' },
          { partNumber: 'B-2', partName: 'Other part', quantity: 1, unitCost: 0, currency: 'NOK' },
        ],
      })
    ).json<ServiceOrder>();
    expect(replaced.spareParts.map((p) => p.partNumber)).toEqual(['B-1', 'B-2']);
    const emptied = (await put(replaced, { spareParts: [] })).json<ServiceOrder>();
    expect(emptied.spareParts).toEqual([]);
  });

  it('validates like create, with the spec messages', async () => {
    const order = await create();
    const res = await put(order, { title: '', customerEmail: 'nope', estimatedCost: -10 });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual(
      expect.arrayContaining([
        { path: 'title', message: M.titleRequired },
        { path: 'customerEmail', message: M.emailInvalid },
        { path: 'estimatedCost', message: M.estimatedCostNegative },
      ]),
    );
    const noVersion = await manager().put(`/service-orders/${order.id}`, { title: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(errorsOf(noVersion)[0]?.path).toBe('version');
  });

  it('keeps a past scheduled date that is not changed, refuses a new one in the past', async () => {
    const order = await create({ scheduledDate: osloDay(2) });
    // The visit day has passed since the order was planned.
    await w.ctx.app.db
      .update(serviceOrders)
      .set({ scheduledDate: osloDay(-3) })
      .where(eq(serviceOrders.id, order.id));
    const same = await put(order, { title: 'Still planned', scheduledDate: osloDay(-3) });
    expect(same.statusCode, same.body).toBe(200);
    const earlier = await put(same.json(), { scheduledDate: osloDay(-1) });
    expect(earlier.statusCode).toBe(400);
    expect(errorsOf(earlier)).toEqual([{ path: 'scheduledDate', message: M.scheduledDateInPast }]);
    const today = await put(same.json(), { scheduledDate: osloDay(0) });
    expect(today.json().scheduledDate).toBe(osloDay(0));
    const cleared = await put(today.json(), { scheduledDate: null });
    expect(cleared.json().scheduledDate).toBeNull();
  });

  it('keeps a technician deactivated after assignment, refuses assigning an inactive one anew', async () => {
    const order = await create({ assignedTechnicianId: w.technicians.kari });
    await w.ctx.app.db
      .update(technicians)
      .set({ isActive: false })
      .where(eq(technicians.id, w.technicians.kari));
    try {
      const kept = await put(order, { title: 'Kari left', assignedTechnicianId: w.technicians.kari });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().assignedTechnicianName).toBe('Kari Haugen');
      const other = await put(kept.json(), { assignedTechnicianId: w.technicians.inactive });
      expect(other.statusCode).toBe(400);
      expect(errorsOf(other)).toEqual([
        { path: 'assignedTechnicianId', message: 'This technician is inactive' },
      ]);
      const unassigned = await put(kept.json(), { assignedTechnicianId: null });
      expect(unassigned.json()).toMatchObject({ assignedTechnicianId: null, assignedTechnicianName: null });
    } finally {
      await w.ctx.app.db
        .update(technicians)
        .set({ isActive: true })
        .where(eq(technicians.id, w.technicians.kari));
    }
  });
});

describe('status transitions', () => {
  it('records every legal change with who, when, from and to', async () => {
    const order = await create();
    const scheduled = (await put(order, { status: 'scheduled' }, tech())).json<ServiceOrder>();
    expect(scheduled.status).toBe('scheduled');
    expect(scheduled.statusHistory.map((h) => [h.fromStatus, h.toStatus, h.changedByName])).toEqual([
      [null, 'created', 'Marte Hansen'],
      ['created', 'scheduled', 'Tore Nilsen'],
    ]);
    const last = scheduled.statusHistory[1]!;
    expect(Date.now() - new Date(last.changedAt).getTime()).toBeLessThan(60_000);
    // Sending the current status again is not a change.
    const same = (await put(scheduled, { status: 'scheduled', title: 'Same status' })).json<ServiceOrder>();
    expect(same.statusHistory).toHaveLength(2);
  });

  it('refuses an illegal change with 409 invalid_transition and changes nothing', async () => {
    const order = await create();
    const res = await put(order, { status: 'completed', title: 'Should not stick' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'invalid_transition' });
    expect(res.json().detail).toContain(order.orderNumber);
    const stored = (await manager().get(`/service-orders/${order.id}`)).json<ServiceOrder>();
    expect(stored).toMatchObject({ status: 'created', title: order.title, version: 1 });
  });

  it('sets completedAt and completion notes on completion; only managers reopen, which clears it', async () => {
    const order = await moveTo(await create(), 'in_progress');
    const completed = (
      await put(order, { status: 'completed', completionNotes: 'Replaced the element.' }, tech())
    ).json<ServiceOrder>();
    expect(completed).toMatchObject({ status: 'completed', completionNotes: 'Replaced the element.' });
    expect(completed.completedAt).not.toBeNull();

    const refused = await put(completed, { status: 'in_progress' }, tech());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('invalid_transition');
    expect(refused.json().detail).toMatch(/Administrator or ServiceManager/);

    const reopened = await put(completed, { status: 'in_progress' }, manager());
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'in_progress', completedAt: null });
    expect(reopened.json<ServiceOrder>().statusHistory.map((h) => h.toStatus)).toEqual([
      'created',
      'in_progress',
      'completed',
      'in_progress',
    ]);
  });

  it('lets an Administrator reopen a cancelled order to created', async () => {
    const cancelled = await moveTo(await create(), 'cancelled');
    expect((await put(cancelled, { status: 'created' }, tech())).statusCode).toBe(409);
    const res = await put(cancelled, { status: 'created' }, office());
    expect(res.statusCode).toBe(200);
    expect(res.json<ServiceOrder>().statusHistory.at(-1)).toMatchObject({
      fromStatus: 'cancelled',
      toStatus: 'created',
      changedByName: 'Olav Berg',
    });
  });

  it('walks the whole table: ready for pickup, waiting for parts, on hold', async () => {
    const order = await moveTo(
      await create(),
      'on_hold',
      'scheduled',
      'in_progress',
      'waiting_for_parts',
      'in_progress',
      'ready_for_pickup',
      'completed',
    );
    expect(order.statusHistory).toHaveLength(8);
    expect(order.version).toBe(8);
  });
});

describe('DELETE /api/service-orders/:id', () => {
  it('is for Administrators and ServiceManagers only', async () => {
    const order = await create();
    const refused = await tech().del(`/service-orders/${order.id}`);
    expect(refused.statusCode).toBe(403);
    expect((await manager().get(`/service-orders/${order.id}`)).statusCode).toBe(200);
    const res = await office().del(`/service-orders/${order.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await manager().get(`/service-orders/${order.id}`)).statusCode).toBe(404);
    expect((await manager().del(`/service-orders/${order.id}`)).statusCode).toBe(404);
  });
});

describe('order numbers', () => {
  it('stay gapless and unique under 20 concurrent creates', async () => {
    const before = await create();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => manager().post('/service-orders', orderInput())),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const seq = (n: string) => Number(n.slice(-6));
    const numbers = results.map((r) => seq(r.json<ServiceOrder>().orderNumber)).sort((a, b) => a - b);
    const first = seq(before.orderNumber) + 1;
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
  });

  it("count per partner: Fjord's numbers do not advance Nordic's", async () => {
    const nordic1 = await create();
    const fjord = await w.api(w.tokens.fjord).post('/service-orders', orderInput());
    const nordic2 = await create();
    expect(Number(nordic2.orderNumber.slice(-6))).toBe(Number(nordic1.orderNumber.slice(-6)) + 1);
    expect(fjord.json<ServiceOrder>().orderNumber.slice(-6)).not.toBe(nordic2.orderNumber.slice(-6));
  });

  it('a failed create gives its number back', async () => {
    const before = await create();
    const failed = await manager().post('/service-orders', orderInput({ scheduledDate: osloDay(-5) }));
    expect(failed.statusCode).toBe(400);
    const after = await create();
    expect(Number(after.orderNumber.slice(-6))).toBe(Number(before.orderNumber.slice(-6)) + 1);
  });
});

describe('a global administrator', () => {
  it('acts for the partner named in the header', async () => {
    const res = await w
      .api(w.tokens.admin, { 'x-service-partner-id': w.partners.nordic })
      .post('/service-orders', orderInput());
    expect(res.statusCode).toBe(201);
    expect(res.json<ServiceOrder>().createdByName).toBe('Astrid Admin');
    const [row] = await w.ctx.app.db
      .select({ partner: serviceOrders.servicePartnerId })
      .from(serviceOrders)
      .where(eq(serviceOrders.id, res.json<ServiceOrder>().id));
    expect(row?.partner).toBe(w.partners.nordic);
    expect((await w.api(w.tokens.admin).get('/service-orders')).json().code).toBe('partner_required');
  });
});

describe('OpenAPI', () => {
  it('documents the service-order paths', async () => {
    const res = await w.ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const p of [
      '/api/service-orders',
      '/api/service-orders/{id}',
      '/api/service-orders/search',
      '/api/service-orders/global-search',
      '/api/service-orders/stats',
      '/api/service-orders/export',
      '/api/service-orders/bulk-update-status',
      '/api/service-orders/bulk-assign-technician',
      '/api/service-orders/{id}/spare-parts',
      '/api/service-orders/{id}/spare-parts/{partId}',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
