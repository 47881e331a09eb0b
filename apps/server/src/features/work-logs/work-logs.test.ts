import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricingConfig } from '@service-portal/shared/pricing';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import type { OrderTotals, WorkLog } from '@service-portal/shared/work-logs';
import { workLogs } from '../../db/schema/work-logs.ts';
import { bearer, signIn } from '../../../test/helper.ts';
import {
  actingFor,
  createOrdersWorld,
  orderInput,
  type OrdersWorld,
} from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
let order: ServiceOrder;
let fjordOrder: ServiceOrder;
/** Two sessions of the technician: the phone and the workshop PC. */
let phone: string;
let desk: string;

const MIN = 60_000;
const manager = () => w.api(w.tokens.manager);
const base = () => `/service-orders/${order.id}/work-logs`;

beforeAll(async () => {
  w = await createOrdersWorld();
  phone = await signIn(w.ctx, 'tech@nordic.example.com');
  desk = await signIn(w.ctx, 'tech@nordic.example.com');
  order = (await manager().post('/service-orders', orderInput({ title: 'Heater replaced' }))).json();
  fjordOrder = (
    await w.api(w.tokens.fjord).post('/service-orders', orderInput({ title: 'Fjord job' }))
  ).json();
});
afterAll(async () => w.ctx.close());

async function setPricing(changes: Partial<PricingConfig>) {
  const current = (await manager().get('/pricing')).json<PricingConfig>();
  const res = await manager().put('/pricing', {
    defaultHourlyRate: current.defaultHourlyRate,
    currency: current.currency,
    roundingIntervalMinutes: current.roundingIntervalMinutes,
    roundingDirection: current.roundingDirection,
    defaultDailyRentalRate: current.defaultDailyRentalRate,
    defaultWeeklyRentalRate: current.defaultWeeklyRentalRate,
    ...changes,
    version: current.version,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function newLog(token: string, body: Record<string, unknown>, orderId = order.id): Promise<WorkLog> {
  const res = await w.api(token).post(`/service-orders/${orderId}/work-logs`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WorkLog>();
}

async function complete(token: string, log: WorkLog): Promise<WorkLog> {
  const res = await w.api(token).post(`${base()}/${log.id}/complete`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WorkLog>();
}

describe('work log CRUD', () => {
  it('requires a category (spec §5 "Work log: category required")', async () => {
    const res = await manager().post(base(), { description: 'Replaced the element' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'category', message: 'Category is required' }]);
  });

  it('creates, reads, lists, changes with the version, and removes an open log', async () => {
    const created = await newLog(w.tokens.manager, {
      category: 'service_log',
      description: 'Replaced the heater element',
      notes: 'Old element cracked',
    });
    expect(created).toMatchObject({
      serviceOrderId: order.id,
      category: 'service_log',
      description: 'Replaced the heater element',
      notes: 'Old element cracked',
      userName: 'Marte Hansen',
      status: 'open',
      timerStartedAt: null,
      trackedSeconds: 0,
      manualMinutes: null,
      workedSeconds: 0,
      completedAt: null,
      costMinor: null,
      version: 1,
    });
    // Open logs carry what completing now would cost (defaults: NOK 950/h).
    expect(created.estimate).toMatchObject({ billedMinutes: 0, costMinor: 0, currency: 'NOK' });

    const one = await manager().get(`${base()}/${created.id}`);
    expect(one.json()).toEqual(created);
    const list = await w.api(w.tokens.tech).get(base());
    expect(list.json<WorkLog[]>().map((l) => l.id)).toEqual([created.id]);

    const changed = await manager().put(`${base()}/${created.id}`, {
      manualMinutes: 37,
      notes: '',
      version: 1,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<WorkLog>()).toMatchObject({
      manualMinutes: 37,
      notes: null,
      description: 'Replaced the heater element',
      workedSeconds: 37 * 60,
      version: 2,
    });
    const stale = await manager().put(`${base()}/${created.id}`, { description: 'Lost update', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');

    expect((await w.api(w.tokens.tech).del(`${base()}/${created.id}`)).statusCode).toBe(204);
    expect((await manager().get(`${base()}/${created.id}`)).statusCode).toBe(404);
    expect((await manager().del(`${base()}/${created.id}`)).statusCode).toBe(404);
    expect((await manager().put(`${base()}/${created.id}`, { version: 2 })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown order and a log asked through another order', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await manager().get(`/service-orders/${unknown}/work-logs`)).statusCode).toBe(404);
    expect(
      (await manager().post(`/service-orders/${unknown}/work-logs`, { category: 'other' })).statusCode,
    ).toBe(404);
    const other = (await manager().post('/service-orders', orderInput())).json<ServiceOrder>();
    const log = await newLog(w.tokens.manager, { category: 'other' });
    expect((await manager().get(`/service-orders/${other.id}/work-logs/${log.id}`)).statusCode).toBe(404);
    expect((await manager().get(`/service-orders/${other.id}/work-logs`)).json()).toEqual([]);
    await manager().del(`${base()}/${log.id}`);
  });
});

describe('the timer is server state', () => {
  it('runs on one device and is seen, stopped and guarded from another', async () => {
    const log = await newLog(phone, { category: 'service_log', description: 'Fault finding' });
    const started = await w.api(phone).post(`${base()}/${log.id}/timer/start`, {});
    expect(started.statusCode).toBe(200);
    const startedAt = started.json<WorkLog>().timerStartedAt;
    expect(startedAt).toBe(w.ctx.clock.now.toISOString());

    // The desk reloads 20 minutes later and sees the same running timer.
    w.ctx.clock.advance(20 * MIN);
    const seen = (await w.api(desk).get(`${base()}/${log.id}`)).json<WorkLog>();
    expect(seen).toMatchObject({ timerStartedAt: startedAt, trackedSeconds: 0, workedSeconds: 20 * 60 });
    expect(seen.estimate).toMatchObject({ billedMinutes: 30 });

    const twice = await w.api(desk).post(`${base()}/${log.id}/timer/start`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('conflict');

    w.ctx.clock.advance(17 * MIN + 30_000);
    const stopped = await w.api(desk).post(`${base()}/${log.id}/timer/stop`, {});
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json<WorkLog>()).toMatchObject({
      timerStartedAt: null,
      trackedSeconds: 37 * 60 + 30,
      workedSeconds: 37 * 60 + 30,
    });
    // Timer actions do not touch the version the edit form holds.
    expect(stopped.json<WorkLog>().version).toBe(log.version);

    const again = await w.api(phone).post(`${base()}/${log.id}/timer/stop`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('The timer of this work log is not running.');

    // A second run adds to the first; the actions need no body at all.
    const bare = (action: string) =>
      w.ctx.app.inject({
        method: 'POST',
        url: `/api${base()}/${log.id}/timer/${action}`,
        headers: bearer(phone),
      });
    expect((await bare('start')).statusCode).toBe(200);
    w.ctx.clock.advance(2 * MIN);
    const second = (await bare('stop')).json<WorkLog>();
    expect(second.trackedSeconds).toBe(39 * 60 + 30);
    await manager().del(`${base()}/${log.id}`);
  });

  it('one running timer per person and order; other people run their own', async () => {
    const first = await newLog(phone, { category: 'service_log', startTimer: true });
    expect(first.timerStartedAt).not.toBeNull();
    const second = await newLog(desk, { category: 'extra_cleaning' });
    const refused = await w.api(desk).post(`${base()}/${second.id}/timer/start`, {});
    expect(refused.statusCode).toBe(409);
    const refusedCreate = await w.api(phone).post(base(), { category: 'other', startTimer: true });
    expect(refusedCreate.statusCode).toBe(409);

    const managers = await newLog(w.tokens.manager, { category: 'service_log', startTimer: true });
    expect(managers.timerStartedAt).not.toBeNull();
    // On another order the technician may run one as well.
    const elsewhere = (await manager().post('/service-orders', orderInput())).json<ServiceOrder>();
    const there = await newLog(phone, { category: 'service_log', startTimer: true }, elsewhere.id);
    expect(there.timerStartedAt).not.toBeNull();

    await w.api(phone).post(`${base()}/${first.id}/timer/stop`, {});
    expect((await w.api(desk).post(`${base()}/${second.id}/timer/start`, {})).statusCode).toBe(200);
    for (const log of [first, second, managers]) await manager().del(`${base()}/${log.id}`);
  });
});

describe('completing freezes time and cost from the pricing of that moment', () => {
  it('bills 37 minutes at NOK 950/h, 15-minute interval: up 45 min = 712.50, down 30 = 475.00, nearest 30 = 475.00', async () => {
    const at = async (direction: 'up' | 'down' | 'nearest', minutes: number) => {
      await setPricing({
        defaultHourlyRate: 95_000,
        roundingIntervalMinutes: 15,
        roundingDirection: direction,
      });
      const log = await newLog(phone, { category: 'service_log', manualMinutes: minutes });
      return complete(phone, log);
    };
    expect(await at('up', 37)).toMatchObject({
      status: 'completed',
      billedMinutes: 45,
      pricingType: 'hourly',
      unitPriceMinor: 95_000,
      costMinor: 71_250,
      currency: 'NOK',
      estimate: null,
    });
    expect(await at('down', 37)).toMatchObject({ billedMinutes: 30, costMinor: 47_500 });
    expect(await at('nearest', 37)).toMatchObject({ billedMinutes: 30, costMinor: 47_500 });
    expect(await at('nearest', 38)).toMatchObject({ billedMinutes: 45, costMinor: 71_250 });
  });

  it('uses category prices: fixed whatever the time, hourly with its own interval', async () => {
    await setPricing({ roundingDirection: 'up', roundingIntervalMinutes: 15 });
    await manager().post('/pricing/categories', {
      category: 'shipping',
      pricingType: 'fixed',
      price: 35_000,
    });
    await manager().post('/pricing/categories', {
      category: 'extra_cleaning',
      pricingType: 'hourly',
      price: 60_000,
      intervalMinutes: 30,
    });
    const shipping = await complete(phone, await newLog(phone, { category: 'shipping', manualMinutes: 181 }));
    expect(shipping).toMatchObject({
      pricingType: 'fixed',
      unitPriceMinor: 35_000,
      costMinor: 35_000,
      billedMinutes: 195,
    });
    const cleaning = await complete(
      phone,
      await newLog(phone, { category: 'extra_cleaning', manualMinutes: 31 }),
    );
    expect(cleaning).toMatchObject({
      pricingType: 'hourly',
      unitPriceMinor: 60_000,
      billedMinutes: 60,
      costMinor: 60_000,
    });
  });

  it('stops a running timer on completion and bills the tracked time', async () => {
    await setPricing({ defaultHourlyRate: 95_000, roundingDirection: 'up', roundingIntervalMinutes: 15 });
    const log = await newLog(desk, { category: 'hygienic_measures', startTimer: true });
    w.ctx.clock.advance(10 * MIN + 5_000);
    const done = await complete(phone, log);
    expect(done).toMatchObject({
      status: 'completed',
      timerStartedAt: null,
      trackedSeconds: 605,
      workedSeconds: 605,
      billedMinutes: 15,
      costMinor: 23_750,
      completedAt: w.ctx.clock.now.toISOString(),
    });
  });

  it('never rewrites a completed log: price changes, edits, timers and a second completion leave it alone', async () => {
    const done = await complete(phone, await newLog(phone, { category: 'other', manualMinutes: 60 }));
    expect(done).toMatchObject({ costMinor: 95_000, unitPriceMinor: 95_000 });
    await setPricing({ defaultHourlyRate: 200_000, roundingIntervalMinutes: 60, roundingDirection: 'down' });
    const later = (await manager().get(`${base()}/${done.id}`)).json<WorkLog>();
    expect(later).toEqual({ ...done, workedSeconds: done.workedSeconds });
    const stored = await w.ctx.app.db.select().from(workLogs).where(eq(workLogs.id, done.id));
    expect(stored[0]).toMatchObject({
      costMinor: 95_000,
      billedMinutes: 60,
      unitPriceMinor: 95_000,
      currency: 'NOK',
    });

    for (const res of [
      await manager().put(`${base()}/${done.id}`, { manualMinutes: 1, version: done.version }),
      await manager().post(`${base()}/${done.id}/complete`, {}),
      await manager().post(`${base()}/${done.id}/timer/start`, {}),
      await manager().post(`${base()}/${done.id}/timer/stop`, {}),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('conflict');
    }
    expect((await manager().get(`${base()}/${done.id}`)).json()).toEqual(later);
  });

  it('refuses to bill a timer left running for more than the longest log; a typed duration is the way out', async () => {
    const log = await newLog(phone, { category: 'other', startTimer: true });
    w.ctx.clock.advance(10_001 * MIN);
    // A week on every session (12 h) has ended: everyone signs in again.
    phone = await signIn(w.ctx, 'tech@nordic.example.com');
    desk = await signIn(w.ctx, 'tech@nordic.example.com');
    w.tokens.manager = await signIn(w.ctx, 'manager@nordic.example.com');
    w.tokens.office = await signIn(w.ctx, 'office@nordic.example.com');
    w.tokens.tech = await signIn(w.ctx, 'tech@nordic.example.com');
    w.tokens.fjord = await signIn(w.ctx, 'manager@fjord.example.com');
    w.tokens.admin = await signIn(w.ctx, 'admin@example.com');
    const res = await w.api(phone).post(`${base()}/${log.id}/complete`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('manualMinutes');
    await w.api(phone).post(`${base()}/${log.id}/timer/stop`, {});
    const fixed = (
      await w.api(phone).put(`${base()}/${log.id}`, { manualMinutes: 90, version: log.version })
    ).json<WorkLog>();
    expect((await complete(phone, fixed)).billedMinutes).toBe(60);
  });

  it('only an Administrator or ServiceManager removes a completed log', async () => {
    const done = await complete(phone, await newLog(phone, { category: 'other', manualMinutes: 5 }));
    const refused = await w.api(phone).del(`${base()}/${done.id}`);
    expect(refused.statusCode).toBe(403);
    expect((await manager().del(`${base()}/${done.id}`)).statusCode).toBe(204);
  });
});

describe('GET /api/service-orders/:id/totals', () => {
  it('adds completed labour and spare parts per currency, with open logs apart as an estimate', async () => {
    await setPricing({ defaultHourlyRate: 95_000, roundingIntervalMinutes: 15, roundingDirection: 'up' });
    const target = (
      await manager().post(
        '/service-orders',
        orderInput({
          spareParts: [
            {
              partNumber: 'CIN-HE',
              partName: 'Heater element',
              quantity: 2,
              unitCost: 189_000,
              currency: 'NOK',
            },
            { partNumber: 'EU-1', partName: 'Imported valve', quantity: 3, unitCost: 1_250, currency: 'EUR' },
          ],
        }),
      )
    ).json<ServiceOrder>();
    const url = `/service-orders/${target.id}`;
    const empty = (await w.api(phone).get(`${url}/totals`)).json<OrderTotals>();
    expect(empty).toEqual({
      serviceOrderId: target.id,
      labour: [],
      labourEstimate: [],
      openWorkLogs: 0,
      parts: [
        { currency: 'NOK', amountMinor: 378_000 },
        { currency: 'EUR', amountMinor: 3_750 },
      ],
      total: [
        { currency: 'NOK', amountMinor: 378_000 },
        { currency: 'EUR', amountMinor: 3_750 },
      ],
    });

    for (const minutes of [37, 60]) {
      const log = (
        await w.api(phone).post(`${url}/work-logs`, { category: 'service_log', manualMinutes: minutes })
      ).json<WorkLog>();
      await w.api(phone).post(`${url}/work-logs/${log.id}/complete`, {});
    }
    await w.api(phone).post(`${url}/work-logs`, { category: 'other', manualMinutes: 20 });
    const totals = (await w.api(phone).get(`${url}/totals`)).json<OrderTotals>();
    // 45 min + 60 min at 950/h = 712.50 + 950.00 = 1 662.50; the open 20 min bills 30 min = 475.00.
    expect(totals).toEqual({
      serviceOrderId: target.id,
      labour: [{ currency: 'NOK', amountMinor: 166_250 }],
      labourEstimate: [{ currency: 'NOK', amountMinor: 47_500 }],
      openWorkLogs: 1,
      parts: [
        { currency: 'NOK', amountMinor: 378_000 },
        { currency: 'EUR', amountMinor: 3_750 },
      ],
      total: [
        { currency: 'NOK', amountMinor: 544_250 },
        { currency: 'EUR', amountMinor: 3_750 },
      ],
    });

    // A partner that bills in EUR adds its labour to the EUR column.
    await setPricing({ currency: 'EUR', defaultHourlyRate: 8_000 });
    const eur = (
      await w.api(phone).post(`${url}/work-logs`, { category: 'service_log', manualMinutes: 30 })
    ).json<WorkLog>();
    await w.api(phone).post(`${url}/work-logs/${eur.id}/complete`, {});
    const mixed = (await w.api(phone).get(`${url}/totals`)).json<OrderTotals>();
    expect(mixed.labour).toEqual([
      { currency: 'NOK', amountMinor: 166_250 },
      { currency: 'EUR', amountMinor: 4_000 },
    ]);
    expect(mixed.total).toEqual([
      { currency: 'NOK', amountMinor: 544_250 },
      { currency: 'EUR', amountMinor: 7_750 },
    ]);
    await setPricing({ currency: 'NOK', defaultHourlyRate: 95_000 });
  });
});

describe("Fjord's manager and Nordic's work logs (docs/decisions/002-tenancy.md)", () => {
  it('gets 404 on every work-log and totals route, and nothing changes', async () => {
    const fjord = w.api(w.tokens.fjord);
    const open = await newLog(phone, { category: 'service_log', description: 'Nordic secret work' });
    const running = await newLog(desk, { category: 'extra_cleaning', startTimer: true });
    const before = await w.ctx.app.db.select().from(workLogs).where(eq(workLogs.serviceOrderId, order.id));
    const b = base();
    const cases: [string, () => ReturnType<ReturnType<OrdersWorld['api']>['get']>][] = [
      ['GET /api/service-orders/:id/work-logs', () => fjord.get(b)],
      [
        'POST /api/service-orders/:id/work-logs',
        () => fjord.post(b, { category: 'other', startTimer: true }),
      ],
      ['GET /api/service-orders/:id/work-logs/:logId', () => fjord.get(`${b}/${open.id}`)],
      [
        'PUT /api/service-orders/:id/work-logs/:logId',
        () => fjord.put(`${b}/${open.id}`, { description: 'Hijacked', version: open.version }),
      ],
      ['DELETE /api/service-orders/:id/work-logs/:logId', () => fjord.del(`${b}/${open.id}`)],
      [
        'POST /api/service-orders/:id/work-logs/:logId/complete',
        () => fjord.post(`${b}/${open.id}/complete`, {}),
      ],
      [
        'POST /api/service-orders/:id/work-logs/:logId/timer/start',
        () => fjord.post(`${b}/${open.id}/timer/start`, {}),
      ],
      [
        'POST /api/service-orders/:id/work-logs/:logId/timer/stop',
        () => fjord.post(`${b}/${running.id}/timer/stop`, {}),
      ],
      ['GET /api/service-orders/:id/totals', () => fjord.get(`/service-orders/${order.id}/totals`)],
      [
        'GET /api/service-orders/:id/time-per-technician',
        () => fjord.get(`/service-orders/${order.id}/time-per-technician`),
      ],
    ];
    const tested = new Set<string>();
    for (const [route, call] of cases) {
      const res = await call();
      expect({ route, status: res.statusCode, code: res.json().code }).toEqual({
        route,
        status: 404,
        code: 'not_found',
      });
      expect(res.body).not.toContain('Nordic secret');
      tested.add(route);
    }
    // Nor through Fjord's own order.
    expect((await fjord.get(`/service-orders/${fjordOrder.id}/work-logs/${open.id}`)).statusCode).toBe(404);
    expect(
      (await fjord.post(`/service-orders/${fjordOrder.id}/work-logs/${running.id}/timer/stop`, {}))
        .statusCode,
    ).toBe(404);
    expect(await w.ctx.app.db.select().from(workLogs).where(eq(workLogs.serviceOrderId, order.id))).toEqual(
      before,
    );

    // A global administrator acting for Fjord is Fjord; acting for Nordic sees the logs.
    expect((await w.api(w.tokens.admin, actingFor(w.partners.fjord)).get(b)).statusCode).toBe(404);
    expect((await w.api(w.tokens.admin, actingFor(w.partners.nordic)).get(b)).statusCode).toBe(200);

    const routes = w.ctx.app.routeTable
      .filter(
        (r) =>
          /^\/api\/service-orders\/:id\/(work-logs|totals|time-per-technician)/.test(r.url) &&
          r.method !== 'HEAD',
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(routes).toHaveLength(10);
    expect(routes.filter((r) => !tested.has(r))).toEqual([]);
  });
});

describe('time per technician (issue 31 item 11)', () => {
  async function newTechnician(token: string, firstName: string): Promise<{ id: string }> {
    const res = await w.api(token).post('/technicians', {
      firstName,
      lastName: 'Tester',
      email: `${firstName.toLowerCase()}-${Date.now()}@example.com`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>();
  }

  it('logs time for a named technician, billable or not, and totals it on the order and the technician', async () => {
    const timeOrder = (
      await manager().post('/service-orders', orderInput({ title: 'Time split' }))
    ).json<ServiceOrder>();
    const ola = await newTechnician(w.tokens.manager, 'Ola');
    const kari = await newTechnician(w.tokens.manager, 'Kari');
    const logs = `/service-orders/${timeOrder.id}/work-logs`;
    const billable = await newLog(
      w.tokens.manager,
      { category: 'service_log', manualMinutes: 90, technicianId: ola.id },
      timeOrder.id,
    );
    expect(billable).toMatchObject({ technicianId: ola.id, technicianName: 'Ola Tester', billable: true });
    const travel = await newLog(
      w.tokens.manager,
      { category: 'other', manualMinutes: 30, technicianId: ola.id, billable: false },
      timeOrder.id,
    );
    expect(travel.billable).toBe(false);
    await newLog(
      w.tokens.manager,
      { category: 'service_log', manualMinutes: 45, technicianId: kari.id },
      timeOrder.id,
    );
    await newLog(w.tokens.manager, { category: 'service_log', manualMinutes: 10 }, timeOrder.id);

    const byOrder = await manager().get(`/service-orders/${timeOrder.id}/time-per-technician`);
    expect(byOrder.statusCode, byOrder.body).toBe(200);
    expect(byOrder.json().items).toEqual([
      {
        technicianId: kari.id,
        technicianName: 'Kari Tester',
        billableSeconds: 2700,
        nonBillableSeconds: 0,
        logCount: 1,
      },
      {
        technicianId: ola.id,
        technicianName: 'Ola Tester',
        billableSeconds: 5400,
        nonBillableSeconds: 1800,
        logCount: 2,
      },
      { technicianId: null, technicianName: null, billableSeconds: 600, nonBillableSeconds: 0, logCount: 1 },
    ]);
    const byTechnician = await manager().get(`/technicians/${ola.id}/work-time`);
    expect(byTechnician.json().items).toEqual([
      {
        technicianId: ola.id,
        technicianName: 'Ola Tester',
        billableSeconds: 5400,
        nonBillableSeconds: 1800,
        logCount: 2,
      },
    ]);

    // Non-billable time is not charged: only the billable logs' cost is in the labour.
    const completed = (await manager().post(`${logs}/${billable.id}/complete`, {})).json<WorkLog>();
    const travelDone = (await manager().post(`${logs}/${travel.id}/complete`, {})).json<WorkLog>();
    const totals = (await manager().get(`/service-orders/${timeOrder.id}/totals`)).json<OrderTotals>();
    expect(travelDone.costMinor).toBeGreaterThan(0);
    expect(totals.labour).toEqual([{ currency: 'NOK', amountMinor: completed.costMinor }]);

    // The technician can be changed, and the flag turned, while the log is open.
    const kariLog = (await manager().get(logs)).json<WorkLog[]>().find((l) => l.technicianId === kari.id);
    const moved = await manager().put(`${logs}/${kariLog?.id}`, {
      technicianId: ola.id,
      billable: false,
      version: kariLog?.version,
    });
    expect(moved.json()).toMatchObject({ technicianId: ola.id, billable: false });
  });

  it("refuses another partner's or an unknown technician, and hides a technician's time from other partners", async () => {
    const ola = await newTechnician(w.tokens.manager, 'Nils');
    const fjordTech = await newTechnician(w.tokens.fjord, 'Fjordine');
    const before = await w.ctx.app.db.select().from(workLogs).where(eq(workLogs.serviceOrderId, order.id));
    for (const technicianId of [fjordTech.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await manager().post(base(), { category: 'other', technicianId });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('technicianId');
    }
    const bad = await manager().post(base(), { category: 'other', technicianId: 'x', billable: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(await w.ctx.app.db.select().from(workLogs).where(eq(workLogs.serviceOrderId, order.id))).toEqual(
      before,
    );
    const hidden = await w.api(w.tokens.fjord).get(`/technicians/${ola.id}/work-time`);
    expect(hidden.statusCode).toBe(404);
    expect((await w.api(w.tokens.fjord).get(`/technicians/${fjordTech.id}/work-time`)).json()).toEqual({
      items: [],
    });
  });
});

describe('the phone outbox replays a work log (issue 28)', () => {
  it('stores one log when the same op is sent twice with its id as the Idempotency-Key', async () => {
    const key = 'c9a1f0de-5b8e-4c47-9a5e-2f7f2f3c0a11';
    const send = () =>
      w
        .api(phone, { 'idempotency-key': key })
        .post(base(), { category: 'service_log', description: 'Outbox replay', durationMinutes: 30 });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<WorkLog>().id).toBe(first.json<WorkLog>().id);
    const rows = await w.ctx.app.db.select().from(workLogs).where(eq(workLogs.description, 'Outbox replay'));
    expect(rows).toHaveLength(1);
  });

  it('refuses time on an order cancelled meanwhile (409) and stores nothing (decision 074)', async () => {
    const gone = (
      await manager().post('/service-orders', orderInput({ title: 'Cancelled job' }))
    ).json<ServiceOrder>();
    const cancelled = await manager().put(`/service-orders/${gone.id}`, {
      status: 'cancelled',
      version: gone.version,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const res = await w
      .api(phone, { 'idempotency-key': 'd4b2e1f0-6c9a-4d58-8b6f-3a8e3f4d1b22' })
      .post(`/service-orders/${gone.id}/work-logs`, { category: 'service_log', manualMinutes: 20 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code: string; detail: string }>()).toMatchObject({
      code: 'conflict',
      detail: 'The service order is cancelled: no time can be logged on it.',
    });
    expect((await manager().get(`/service-orders/${gone.id}/work-logs`)).json()).toEqual([]);
    // Another partner's order stays a 404, cancelled or not.
    const foreign = await w
      .api(phone)
      .post(`/service-orders/${fjordOrder.id}/work-logs`, { category: 'service_log', manualMinutes: 5 });
    expect(foreign.statusCode).toBe(404);
  });
});
