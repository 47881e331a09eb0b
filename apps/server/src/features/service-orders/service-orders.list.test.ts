import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ServiceOrder,
  ServiceOrderListItem,
  ServiceOrderStats,
} from '@service-portal/shared/service-orders';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { createServiceOrdersRepository } from './service-orders.repository.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
const orders: Record<string, ServiceOrder> = {};

const manager = () => w.api(w.tokens.manager);

/**
 * A known book of six Nordic orders (and one Fjord order that must never show):
 *   a  repair/high,      created      Ingrid Johansen  +47 912 34 567  INC-2021-04821
 *   b  maintenance/low,  scheduled    Lars Olsen                        GAS-2019-00007   (Kari)
 *   c  repair/normal,    in_progress  Ingrid Johansen (same customer as a)               (Kari)
 *   d  warranty/critical completed   Nora Berg        +47 400 11 222
 *   e  repair/normal,    completed    Per Dahl
 *   f  maintenance/normal cancelled   Ola Vik
 */
beforeAll(async () => {
  w = await createOrdersWorld();
  const create = async (key: string, body: Parameters<typeof orderInput>[0], ...steps: string[]) => {
    const res = await manager().post('/service-orders', orderInput(body));
    expect(res.statusCode, res.body).toBe(201);
    let order = res.json<ServiceOrder>();
    for (const status of steps) {
      const next = await manager().put(`/service-orders/${order.id}`, { version: order.version, status });
      expect(next.statusCode, next.body).toBe(200);
      order = next.json();
    }
    orders[key] = order;
  };
  await create('a', {
    title: 'Heater element failure',
    priority: 'high',
    customerName: 'Ingrid Johansen',
    customerEmail: 'ingrid.johansen@example.net',
    customerPhone: '+47 912 34 567',
    serialNumber: 'INC-2021-04821',
  });
  await create(
    'b',
    {
      title: 'Annual maintenance',
      serviceType: 'maintenance',
      priority: 'low',
      customerName: 'Lars Olsen',
      customerEmail: 'lars.olsen@example.org',
      serialNumber: 'GAS-2019-00007',
      assignedTechnicianId: w.technicians.kari,
    },
    'scheduled',
  );
  await create(
    'c',
    {
      title: 'Main fan makes a grinding noise',
      customerName: 'Ingrid Johansen',
      customerEmail: 'ingrid.johansen@example.net',
      assignedTechnicianId: w.technicians.kari,
    },
    'in_progress',
  );
  await create(
    'd',
    {
      title: 'Warranty: control panel dead',
      serviceType: 'warranty',
      priority: 'critical',
      customerName: 'Nora Berg',
      customerEmail: 'nora.berg@example.com',
      customerPhone: '+47 400 11 222',
    },
    'in_progress',
    'completed',
  );
  await create(
    'e',
    { title: 'Burner does not ignite', customerName: 'Per Dahl', customerEmail: 'per.dahl@example.net' },
    'in_progress',
    'completed',
  );
  await create(
    'f',
    {
      title: 'Cleaning and inspection',
      serviceType: 'maintenance',
      customerName: 'Ola Vik',
      customerEmail: 'ola.vik@example.net',
    },
    'cancelled',
  );
  const fjord = await w.api(w.tokens.fjord).post(
    '/service-orders',
    orderInput({
      title: 'Heater element failure',
      customerName: 'Ingrid Johansen',
      customerEmail: 'ingrid.johansen@example.net',
      serialNumber: 'INC-2021-04821',
    }),
  );
  expect(fjord.statusCode).toBe(201);

  // Known ages: one order a minute apart, so sorting is certain; d and e resolved in 10 and 30 hours.
  const base = Date.now() - 10 * 24 * 60 * 60_000;
  for (const [i, key] of ['a', 'b', 'c', 'd', 'e', 'f'].entries()) {
    await w.ctx.app.db
      .update(serviceOrders)
      .set({ createdAt: new Date(base + i * 60_000) })
      .where(eq(serviceOrders.id, orders[key]!.id));
  }
  await w.ctx.app.db
    .update(serviceOrders)
    .set({ completedAt: sql`created_at + interval '10 hours'` })
    .where(eq(serviceOrders.id, orders.d!.id));
  await w.ctx.app.db
    .update(serviceOrders)
    .set({ completedAt: sql`created_at + interval '30 hours'` })
    .where(eq(serviceOrders.id, orders.e!.id));
});
afterAll(async () => w.ctx.close());

const keysOf = (items: ServiceOrderListItem[]) =>
  items.map((i) => Object.entries(orders).find(([, o]) => o.id === i.id)?.[0] ?? `?${i.orderNumber}`);

async function list(query = '') {
  const res = await manager().get(`/service-orders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: ServiceOrderListItem[]; total: number; page: number; pageSize: number }>();
}

describe('GET /api/service-orders', () => {
  it("lists the partner's orders newest first, with list fields only", async () => {
    const body = await list();
    expect(body).toMatchObject({ total: 6, page: 1, pageSize: 20 });
    expect(keysOf(body.items)).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    const b = body.items.find((i) => i.id === orders.b!.id)!;
    expect(b).toMatchObject({
      orderNumber: orders.b!.orderNumber,
      status: 'scheduled',
      assignedTechnicianName: 'Kari Haugen',
      customerName: 'Lars Olsen',
    });
    expect(Object.keys(b).sort()).toEqual(
      [
        'assignedTechnicianId',
        'assignedTechnicianName',
        'completedAt',
        'createdAt',
        'customerEmail',
        'customerId',
        'customerName',
        'customerPhone',
        'id',
        'orderNumber',
        'priority',
        'scheduledDate',
        'serialNumber',
        'serviceType',
        'status',
        'title',
        'updatedAt',
        'version',
      ].sort(),
    );
  });

  it('pages and sorts oldest first on request', async () => {
    const page2 = await list('?page=2&pageSize=4&sortDirection=asc');
    expect(page2).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(keysOf(page2.items)).toEqual(['e', 'f']);
    expect((await manager().get('/service-orders?pageSize=101')).statusCode).toBe(400);
    expect((await manager().get('/service-orders?page=0')).statusCode).toBe(400);
  });

  it.each([
    ['order number', () => orders.c!.orderNumber, ['c']],
    ['part of a customer name, any case', () => 'johANSEN', ['c', 'a']],
    ['e-mail', () => 'nora.berg@', ['d']],
    ['phone', () => '912 34', ['a']],
    ['serial number', () => 'gas-2019', ['b']],
    ['a LIKE wildcard, taken literally', () => '%', []],
    ['a LIKE wildcard inside a longer text, taken literally', () => 'ingrid%johansen', []],
    ['two characters (too short for the index)', () => 'vi', ['f']],
    ['phone digits without spaces', () => '9123456', ['a']],
    ['phone with its country code', () => '+47 400 11', ['d']],
    ['an e-mail in capitals', () => 'INGRID.JOHANSEN@EXAMPLE', ['c', 'a']],
    ['a text that matches nothing', () => 'zzzz', []],
    ['a word of a title, any case', () => 'GRINDING', ['c']],
  ])('searches by %s', async (_name, text, expected) => {
    const body = await list(`?search=${encodeURIComponent(text())}`);
    expect(keysOf(body.items)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('counts a search whole, on every page and past the last one', async () => {
    const first = await list('?search=example&pageSize=4');
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(keysOf(first.items)).toEqual(['f', 'e', 'd', 'c']);
    const second = await list('?search=example&pageSize=4&page=2');
    expect(second.total).toBe(6);
    expect(keysOf(second.items)).toEqual(['b', 'a']);
    const beyond = await list('?search=example&pageSize=4&page=9');
    expect(beyond).toMatchObject({ total: 6, items: [] });
    expect(await list('?search=johansen&status=in_progress')).toMatchObject({ total: 1 });
  });

  it('pages a search oldest first with the whole total and the technician of each row', async () => {
    const page2 = await list('?search=example&pageSize=2&page=2&sortDirection=asc');
    expect(page2).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect(keysOf(page2.items)).toEqual(['c', 'd']);
    expect(page2.items[0]!.assignedTechnicianName).toMatch(/^Kari /);
    expect(page2.items[1]!.assignedTechnicianName).toBeNull();
  });

  it('answers the same past the cap of prepared filter shapes', async () => {
    const repo = createServiceOrdersRepository(w.ctx.app.db, { maxListShapes: 1 });
    const scope = { partnerId: w.partners.nordic };
    const page = { page: 1, pageSize: 20, sortDirection: 'desc' as const };
    for (let round = 0; round < 2; round++) {
      const prepared = await repo.list(scope, { status: ['completed', 'cancelled'] }, page);
      expect(keysOf(prepared.items)).toEqual(['f', 'e', 'd']);
      const built = await repo.list(scope, { priority: ['high'] }, page);
      expect(keysOf(built.items)).toEqual(['a']);
      expect(built.total).toBe(1);
    }
  });

  it('reads a prepared page as the driver returns it, field for field as drizzle maps it', async () => {
    const scope = { partnerId: w.partners.nordic };
    const prepared = createServiceOrdersRepository(w.ctx.app.db);
    const built = createServiceOrdersRepository(w.ctx.app.db, { maxListShapes: 0 });
    const scheduled = (date: string | null) =>
      w.ctx.app.db
        .update(serviceOrders)
        .set({ scheduledDate: date })
        .where(eq(serviceOrders.id, orders.b!.id));
    await scheduled('2026-03-04');
    for (const sortDirection of ['desc', 'asc'] as const) {
      const page = { page: 1, pageSize: 20, sortDirection };
      const expected = await built.list(scope, {}, page);
      expect(await prepared.list(scope, {}, page)).toEqual(expected);
      // The comparison covers every kind of value: dates, instants, nulls, the technician's name.
      const items = expected.items;
      expect(items.some((i) => i.scheduledDate !== null)).toBe(true);
      expect(items.some((i) => i.completedAt !== null)).toBe(true);
      expect(items.some((i) => i.assignedTechnicianName !== null)).toBe(true);
      expect(items.some((i) => i.customerPhone === null || i.completedAt === null)).toBe(true);
    }
    await scheduled(null);
  });

  it('filters by status, priority, type, customer e-mail, customer and technician', async () => {
    expect(keysOf((await list('?status=completed,cancelled')).items)).toEqual(['f', 'e', 'd']);
    expect(keysOf((await list('?priority=high,critical')).items)).toEqual(['d', 'a']);
    expect(keysOf((await list('?serviceType=maintenance')).items)).toEqual(['f', 'b']);
    expect(keysOf((await list('?customerEmail=INGRID.johansen')).items)).toEqual(['c', 'a']);
    expect(keysOf((await list(`?customerId=${orders.a!.customerId}`)).items)).toEqual(['c', 'a']);
    expect(keysOf((await list(`?assignedTechnicianId=${w.technicians.kari}`)).items)).toEqual(['c', 'b']);
    expect(keysOf((await list('?status=completed&priority=critical')).items)).toEqual(['d']);
    const bad = await manager().get('/service-orders?status=finished');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  it('adds communications to every item only when includeCommunications=true', async () => {
    const logged = await manager().post(`/service-orders/${orders.b!.id}/communications`, {
      method: 'phone',
      message: 'Customer confirmed the visit',
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const body = await list('?includeCommunications=true');
    expect(body.total).toBe(6);
    expect(body.items.map((i) => i.communications?.length)).toEqual([0, 0, 0, 0, 1, 0]);
    expect(body.items.find((i) => i.id === orders.b!.id)!.communications![0]).toMatchObject({
      method: 'phone',
      message: 'Customer confirmed the visit',
      serviceOrderId: orders.b!.id,
    });
    expect((await list('?includeCommunications=false')).items[0]).not.toHaveProperty('communications');
    expect((await list()).items[0]).not.toHaveProperty('communications');
  });
});

describe('POST /api/service-orders/search', () => {
  async function search(body: Record<string, unknown>) {
    const res = await manager().post('/service-orders/search', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: ServiceOrderListItem[]; total: number; page: number; pageSize: number }>();
  }

  it('combines the fields of the search screen', async () => {
    expect(keysOf((await search({ customerName: 'ingrid' })).items)).toEqual(['c', 'a']);
    expect(keysOf((await search({ customerName: 'ingrid', status: ['created'] })).items)).toEqual(['a']);
    expect(keysOf((await search({ orderNumber: orders.e!.orderNumber.slice(-6) })).items)).toEqual(['e']);
    expect(keysOf((await search({ email: 'example.org' })).items)).toEqual(['b']);
    expect(keysOf((await search({ phone: '40011222' })).items)).toEqual(['d']);
    expect(keysOf((await search({ phone: '+47 400' })).items)).toEqual(['d']);
    expect(keysOf((await search({ serialNumber: 'INC-2021' })).items)).toEqual(['a']);
    expect(keysOf((await search({ priority: ['low', 'critical'], sortDirection: 'asc' })).items)).toEqual([
      'b',
      'd',
    ]);
  });

  it('pages', async () => {
    const body = await search({ page: 2, pageSize: 5 });
    expect(body).toMatchObject({ total: 6, page: 2, pageSize: 5 });
    expect(keysOf(body.items)).toEqual(['a']);
    expect((await manager().post('/service-orders/search', { status: ['nope'] })).statusCode).toBe(400);
  });
});

describe('POST /api/service-orders/global-search', () => {
  it('finds up to `limit` orders by any of the texts', async () => {
    const res = await manager().post('/service-orders/global-search', { query: 'johansen' });
    expect(res.statusCode).toBe(200);
    expect(keysOf(res.json())).toEqual(['c', 'a']);
    const limited = await manager().post('/service-orders/global-search', { query: 'SO-', limit: 2 });
    expect(keysOf(limited.json())).toEqual(['f', 'e']);
  });

  it('gives the same answer whichever part of the newest orders it looks through first', async () => {
    const scope = { partnerId: w.partners.nordic };
    const everything = createServiceOrdersRepository(w.ctx.app.db, { recentWindow: 100_000 });
    const { items } = await everything.list(scope, {}, { page: 1, pageSize: 20, sortDirection: 'asc' });
    const oldest = items[0]!;
    const terms = [
      'johansen',
      'SO-',
      'example',
      'zzzz',
      oldest.orderNumber,
      oldest.orderNumber.toLowerCase(),
      oldest.customerEmail.toUpperCase(),
      ...(oldest.customerPhone
        ? [oldest.customerPhone, oldest.customerPhone.replace(/\D/g, '').slice(-8)]
        : []),
    ];
    const answer = async (repo: typeof everything, term: string, limit: number) =>
      (await repo.globalSearch(scope, term, limit)).map((r) => `${keysOf([r])[0]}${r.exact ? '!' : ''}`);
    for (const window of [1, 2, 3]) {
      const windowed = createServiceOrdersRepository(w.ctx.app.db, { recentWindow: window });
      for (const term of terms)
        for (const limit of [1, 2, 4, 8])
          expect({ term, window, limit, found: await answer(windowed, term, limit) }).toEqual({
            term,
            window,
            limit,
            found: await answer(everything, term, limit),
          });
    }
    // The whole order number of the oldest order: it comes first, as the exact match.
    expect((await answer(everything, oldest.orderNumber.toLowerCase(), 8))[0]).toBe(
      `${keysOf([oldest])[0]}!`,
    );
    // A whole national number, with or without the country code, is an exact match of its phone.
    expect(await answer(everything, '912 34 567', 8)).toEqual(['a!']);
    expect(await answer(everything, '4791234567', 8)).toEqual(['a!']);
    expect(await answer(everything, 'INC-2021-04821', 8)).toEqual(['a!']);
  });

  it('needs at least two characters', async () => {
    const res = await manager().post('/service-orders/global-search', { query: 'j' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('query');
  });
});

describe('GET /api/service-orders/stats', () => {
  it('adds up the known book', async () => {
    const res = await manager().get('/service-orders/stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json<ServiceOrderStats>();
    expect(stats).toEqual({
      total: 6,
      byStatus: {
        created: 1,
        scheduled: 1,
        in_progress: 1,
        waiting_for_parts: 0,
        ready_for_pickup: 0,
        completed: 2,
        cancelled: 1,
        on_hold: 0,
      },
      byPriority: { low: 1, normal: 3, high: 1, critical: 1 },
      byServiceType: { repair: 3, maintenance: 2, warranty: 1 },
      waitingForService: 2,
      open: 3,
      completedLast30Days: 2,
      createdLast30Days: 6,
      completionRate: 2 / 5,
      averageResolutionHours: 20,
    });
  });

  it('counts windows of 30 days and has no average without completed orders', async () => {
    await w.ctx.app.db
      .update(serviceOrders)
      .set({ createdAt: sql`now() - interval '40 days'`, completedAt: sql`now() - interval '35 days'` })
      .where(inArray(serviceOrders.id, [orders.d!.id]));
    const stats = (await manager().get('/service-orders/stats')).json<ServiceOrderStats>();
    expect(stats).toMatchObject({
      completedLast30Days: 1,
      createdLast30Days: 5,
      averageResolutionHours: (5 * 24 + 30) / 2,
    });
    const fjord = (await w.api(w.tokens.fjord).get('/service-orders/stats')).json<ServiceOrderStats>();
    expect(fjord).toMatchObject({
      total: 1,
      completionRate: 0,
      averageResolutionHours: null,
      open: 1,
      waitingForService: 1,
    });
  });
});
