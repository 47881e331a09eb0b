// Over 500 lines on purpose: the customers API tests share one world (partners, users, orders)
// that takes seconds to build; a second file would build it again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  type Customer,
  type CustomerSerialNumber,
} from '@service-portal/shared/customers';
import type { ServiceOrder, ServiceOrderListItem } from '@service-portal/shared/service-orders';
import { VALIDATION_MESSAGES as M } from '@service-portal/shared/validation';
import type { Communication, InboxItem } from '@service-portal/shared/communications';
import { communications } from '../../db/schema/communications.ts';
import { customers } from '../../db/schema/customers.ts';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import {
  actingFor,
  createOrdersWorld,
  orderInput,
  type OrdersWorld,
} from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
const tested = new Set<string>();

const api = (token: string, headers: Record<string, string> = {}) => w.api(token, headers);
const manager = () => api(w.tokens.manager);
const office = () => api(w.tokens.office);
const tech = () => api(w.tokens.tech);
const fjord = () => api(w.tokens.fjord);

const DAY = 24 * 3600_000;

/** A merge's body with both customers' versions as they are now (what the preview showed). */
async function mergeBody(survivorId: string, sourceId: string) {
  const version = async (id: string) => (await tech().get(`/customers/${id}`)).json<Customer>().version;
  return { sourceId, version: await version(survivorId), sourceVersion: await version(sourceId) };
}
const base = new Date('2026-01-10T09:00:00Z');

/** Creates an order (and so links or creates its customer) and dates it `daysAfterBase` days after `base`. */
async function order(token: string, fields: Parameters<typeof orderInput>[0], daysAfterBase: number) {
  const res = await api(token).post('/service-orders', orderInput(fields));
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<ServiceOrder>();
  await w.ctx.app.db
    .update(serviceOrders)
    .set({ createdAt: new Date(base.getTime() + daysAfterBase * DAY) })
    .where(eq(serviceOrders.id, created.id));
  return created;
}

const ingrid = {
  customerName: 'Ingrid Hansen',
  customerEmail: 'ingrid.hansen@example.net',
  customerPhone: '+47 912 34 567',
};
const lars = { customerName: 'Lars Olsen', customerEmail: 'lars.olsen@example.org', customerPhone: null };
let ingridId: string;
let larsId: string;
let quietId: string;
let fjordIngridId: string;
let ingridOrders: ServiceOrder[];

beforeAll(async () => {
  w = await createOrdersWorld();
  ingridOrders = [
    await order(w.tokens.manager, { ...ingrid, serialNumber: 'CIN-1001' }, 0),
    await order(w.tokens.manager, { ...ingrid, serialNumber: 'CIN-2002' }, 5),
    await order(
      w.tokens.tech,
      { ...ingrid, customerEmail: 'INGRID.HANSEN@example.net', serialNumber: 'CIN-1001' },
      20,
    ),
  ];
  await manager().post('/service-orders/bulk-update-status', {
    orderIds: [ingridOrders[0]!.id],
    status: 'cancelled',
  });
  ingridId = ingridOrders[0]!.customerId;
  larsId = (await order(w.tokens.manager, lars, 30)).customerId;
  const quiet = await manager().post('/customers', {
    name: 'Quiet Quist',
    email: 'quiet@example.com',
    phone: '',
    address: 'Lia 3, 2615 Lillehammer',
  });
  expect(quiet.statusCode, quiet.body).toBe(201);
  quietId = quiet.json<Customer>().id;
  fjordIngridId = (await order(w.tokens.fjord, ingrid, 1)).customerId;
});
afterAll(async () => w.ctx.close());

const names = (items: Customer[]) => items.map((c) => c.name);

describe('GET /api/customers', () => {
  it("lists the partner's customers by name with order counts from the same query", async () => {
    const res = await tech().get('/customers');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: Customer[]; total: number }>();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(names(body.items)).toEqual(['Ingrid Hansen', 'Lars Olsen', 'Quiet Quist']);
    expect(body.items[0]).toMatchObject({
      id: ingridId,
      email: 'ingrid.hansen@example.net',
      phone: '+47 912 34 567',
      orderCount: 3,
      openOrderCount: 2,
      lastOrderAt: new Date(base.getTime() + 20 * DAY).toISOString(),
      mergedIntoId: null,
    });
    expect(body.items[2]).toMatchObject({ orderCount: 0, openOrderCount: 0, lastOrderAt: null, phone: null });
  });

  it('sorts by last order (customers without orders last either way), creation and name', async () => {
    expect(names((await tech().get('/customers?sort=lastOrderAt&sortDirection=desc')).json().items)).toEqual([
      'Lars Olsen',
      'Ingrid Hansen',
      'Quiet Quist',
    ]);
    expect(names((await tech().get('/customers?sort=lastOrderAt&sortDirection=asc')).json().items)).toEqual([
      'Ingrid Hansen',
      'Lars Olsen',
      'Quiet Quist',
    ]);
    expect(names((await tech().get('/customers?sort=createdAt&sortDirection=desc')).json().items)).toEqual([
      'Quiet Quist',
      'Lars Olsen',
      'Ingrid Hansen',
    ]);
    expect(names((await tech().get('/customers?sortDirection=desc')).json().items)).toEqual([
      'Quiet Quist',
      'Lars Olsen',
      'Ingrid Hansen',
    ]);
    expect((await tech().get('/customers?sort=orders')).statusCode).toBe(400);
  });

  it('searches name, e-mail and phone (as typed or by digits)', async () => {
    const search = async (q: string) =>
      names((await tech().get(`/customers?search=${encodeURIComponent(q)}`)).json().items);
    expect(await search('ingr')).toEqual(['Ingrid Hansen']);
    expect(await search('HANSEN')).toEqual(['Ingrid Hansen']);
    expect(await search('example.org')).toEqual(['Lars Olsen']);
    expect(await search('912 34')).toEqual(['Ingrid Hansen']);
    expect(await search('91234567')).toEqual(['Ingrid Hansen']);
    expect(await search('%')).toEqual([]);
    expect(await search('nobody')).toEqual([]);
  });

  it('pages', async () => {
    const page = (await tech().get('/customers?page=2&pageSize=2')).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(names(page.items)).toEqual(['Quiet Quist']);
    expect((await tech().get('/customers?pageSize=0')).statusCode).toBe(400);
  });

  it("shows only the caller's partner's customers", async () => {
    const res = (await fjord().get('/customers')).json();
    expect(res.items.map((c: Customer) => c.id)).toEqual([fjordIngridId]);
    expect(res.items[0].orderCount).toBe(1);
    const acting = (await api(w.tokens.admin, actingFor(w.partners.fjord)).get('/customers')).json();
    expect(acting.items.map((c: Customer) => c.id)).toEqual([fjordIngridId]);
  });
});

describe('GET /api/customers/:id and its orders and serial numbers', () => {
  it('reads one customer with counts', async () => {
    const res = await tech().get(`/customers/${ingridId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ingrid Hansen', orderCount: 3, openOrderCount: 2 });
    expect((await tech().get('/customers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await tech().get('/customers/not-a-uuid')).statusCode).toBe(400);
  });

  it("lists the customer's orders as service-order list rows", async () => {
    const res = await tech().get(`/customers/${ingridId}/service-orders`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: ServiceOrderListItem[]; total: number }>();
    expect(body.total).toBe(3);
    expect(body.items.map((o) => o.id)).toEqual([
      ingridOrders[2]!.id,
      ingridOrders[1]!.id,
      ingridOrders[0]!.id,
    ]);
    expect(body.items[0]).toMatchObject({ orderNumber: ingridOrders[2]!.orderNumber, customerId: ingridId });

    const oldestFirst = (
      await tech().get(`/customers/${ingridId}/service-orders?sortDirection=asc&pageSize=1`)
    ).json();
    expect(oldestFirst).toMatchObject({ total: 3, pageSize: 1 });
    expect(oldestFirst.items[0].id).toBe(ingridOrders[0]!.id);
    const cancelled = (await tech().get(`/customers/${ingridId}/service-orders?status=cancelled`)).json();
    expect(cancelled.items.map((o: ServiceOrderListItem) => o.id)).toEqual([ingridOrders[0]!.id]);
    expect((await tech().get(`/customers/${quietId}/service-orders`)).json().total).toBe(0);
  });

  it('lists distinct serial numbers with the last order date', async () => {
    const res = await tech().get(`/customers/${ingridId}/serial-numbers`);
    expect(res.statusCode).toBe(200);
    expect(res.json<CustomerSerialNumber[]>()).toEqual([
      {
        serialNumber: 'CIN-1001',
        orderCount: 2,
        lastOrderAt: new Date(base.getTime() + 20 * DAY).toISOString(),
        lastOrderId: ingridOrders[2]!.id,
      },
      {
        serialNumber: 'CIN-2002',
        orderCount: 1,
        lastOrderAt: new Date(base.getTime() + 5 * DAY).toISOString(),
        lastOrderId: ingridOrders[1]!.id,
      },
    ]);
    expect((await tech().get(`/customers/${larsId}/serial-numbers`)).json()).toEqual([]);
  });
});

describe('creating, changing and deleting customers', () => {
  it('creates a customer (any signed-in user); e-mail lower-cased, blanks become null', async () => {
    const res = await tech().post('/customers', {
      name: '  Berit Berg ',
      email: 'Berit.Berg@Example.COM',
      phone: '0047 915 00 111',
      address: '',
      notes: 'Prefers SMS.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Berit Berg',
      email: 'berit.berg@example.com',
      phone: '0047 915 00 111',
      address: null,
      notes: 'Prefers SMS.',
      orderCount: 0,
      version: 1,
    });
    // The phone is matched by its digits: a new order with the national form links to her.
    const linked = (
      await manager().post(
        '/service-orders',
        orderInput({
          customerName: 'B. Berg',
          customerEmail: 'other@example.com',
          customerPhone: '915 00 111',
        }),
      )
    ).json<ServiceOrder>();
    expect(linked.customerId).toBe(res.json().id);
  });

  it('answers the spec validation messages', async () => {
    const empty = await manager().post('/customers', { name: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: 'name', message: M.customerNameRequired }]);
    const bad = await manager().post('/customers', {
      name: 'x'.repeat(100),
      email: 'no spaces@example.com',
      phone: '12',
    });
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: M.customerNameTooLong },
        { path: 'email', message: M.emailInvalid },
        { path: 'phone', message: M.phoneInvalid },
      ]),
    );
    expect((await manager().post('/customers', { name: 'x'.repeat(99) })).statusCode).toBe(201);
  });

  it('refuses a second customer with the same e-mail (409)', async () => {
    const res = await manager().post('/customers', { name: 'Ingrid H.', email: 'INGRID.HANSEN@example.net' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'email_taken', detail: CUSTOMER_MESSAGES.emailTaken });
    expect(res.json().errors).toEqual([{ path: 'email', message: CUSTOMER_MESSAGES.emailTaken }]);
    // Another partner may have a customer with that e-mail.
    expect(
      (await fjord().post('/customers', { name: 'Lars', email: 'lars.olsen@example.org' })).statusCode,
    ).toBe(201);
  });

  it('updates with a version; stale versions and taken e-mails are 409s that change nothing', async () => {
    const created = (
      await manager().post('/customers', { name: 'Tone Tangen', email: 'tone@example.net' })
    ).json<Customer>();
    const res = await tech().put(`/customers/${created.id}`, {
      name: 'Tone Tangen',
      email: 'tone.tangen@example.net',
      phone: '+47 977 66 555',
      address: 'Sjøgata 1, 5003 Bergen',
      notes: null,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'tone.tangen@example.net',
      phone: '+47 977 66 555',
      version: 2,
    });
    expect(names((await tech().get('/customers?search=97766555')).json().items)).toEqual(['Tone Tangen']);

    const stale = await manager().put(`/customers/${created.id}`, { name: 'Overwritten', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const taken = await manager().put(`/customers/${created.id}`, {
      name: 'Tone',
      email: 'lars.olsen@example.org',
      version: 2,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');
    const invalid = await manager().put(`/customers/${created.id}`, { name: '', version: 2 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([{ path: 'name', message: M.customerNameRequired }]);
    expect((await manager().put(`/customers/${created.id}`, { name: 'No version' })).statusCode).toBe(400);
    expect((await tech().get(`/customers/${created.id}`)).json()).toMatchObject({
      name: 'Tone Tangen',
      version: 2,
    });
  });

  it('deletes a customer without orders, and refuses one with orders (409)', async () => {
    const refused = await manager().del(`/customers/${larsId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', detail: CUSTOMER_MESSAGES.hasOrders });
    expect((await tech().get(`/customers/${larsId}`)).statusCode).toBe(200);

    const lone = (await manager().post('/customers', { name: 'Short Lived' })).json<Customer>();
    expect((await tech().del(`/customers/${lone.id}`)).statusCode).toBe(204);
    expect((await tech().get(`/customers/${lone.id}`)).statusCode).toBe(404);
    expect((await tech().del(`/customers/${lone.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/customers/:id/merge', () => {
  let dupId: string;
  let dupOrder: ServiceOrder;
  let loggedCall: Communication;
  let strayId: string;

  beforeAll(async () => {
    dupOrder = await order(
      w.tokens.manager,
      {
        customerName: 'Ingrid Hansen',
        customerEmail: 'ingrid@work.example.com',
        customerPhone: null,
        serialNumber: 'CIN-3003',
      },
      40,
    );
    dupId = dupOrder.customerId;
    expect(dupId).not.toBe(ingridId);
    await manager().put(`/customers/${dupId}`, {
      name: 'Ingrid Hansen',
      email: 'ingrid@work.example.com',
      notes: 'Work address',
      version: 1,
    });
    // A call logged on the duplicate's order, and a message of the duplicate not filed under any order.
    const logged = await manager().post(`/service-orders/${dupOrder.id}/communications`, {
      method: 'phone',
      direction: 'inbound',
      message: 'Asked about the work address.',
    });
    expect(logged.statusCode, logged.body).toBe(201);
    loggedCall = logged.json<Communication>();
    expect(loggedCall.customerId).toBe(dupId);
    const [stray] = await w.ctx.app.db
      .insert(communications)
      .values({
        servicePartnerId: w.partners.nordic,
        customerId: dupId,
        customerName: 'Ingrid Hansen',
        message: 'Is my heater fixed?',
        method: 'sms',
        direction: 'inbound',
        deliveryStatus: 'received',
      })
      .returning({ id: communications.id });
    strayId = stray!.id;
  });

  it('is for Administrators and ServiceManagers only (403)', async () => {
    const res = await tech().post(`/customers/${ingridId}/merge`, await mergeBody(ingridId, dupId));
    expect(res.statusCode).toBe(403);
    expect((await tech().get(`/customers/${dupId}`)).json().mergedIntoId).toBeNull();
  });

  it('refuses to merge a customer into itself or an unknown one', async () => {
    const self = await manager().post(`/customers/${ingridId}/merge`, await mergeBody(ingridId, ingridId));
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual([{ path: 'sourceId', message: CUSTOMER_MESSAGES.mergeSelf }]);
    const unknown = await manager().post(`/customers/${ingridId}/merge`, {
      sourceId: '00000000-0000-4000-8000-000000000000',
      version: 1,
      sourceVersion: 1,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await manager().post(`/customers/${ingridId}/merge`, {})).statusCode).toBe(400);
  });

  it('moves the source’s orders to the survivor and retires the source, in one go', async () => {
    const before = (await tech().get(`/customers/${ingridId}`)).json<Customer>();
    const res = await office().post(`/customers/${ingridId}/merge`, await mergeBody(ingridId, dupId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: ingridId,
      orderCount: 4,
      openOrderCount: 3,
      lastOrderAt: new Date(base.getTime() + 40 * DAY).toISOString(),
      // Blanks are filled from the source; what the survivor has stays.
      email: 'ingrid.hansen@example.net',
      notes: 'Work address',
      version: before.version + 1,
    });

    const moved = (await tech().get(`/service-orders/${dupOrder.id}`)).json<ServiceOrder>();
    expect(moved.customerId).toBe(ingridId);
    // The order keeps the contact details it was made with, and its version (no autosave conflict).
    expect(moved).toMatchObject({ customerEmail: 'ingrid@work.example.com', version: dupOrder.version });
    const listed = (await tech().get(`/customers/${ingridId}/service-orders`)).json();
    expect(listed.items.map((o: ServiceOrderListItem) => o.id)).toContain(dupOrder.id);
    expect(
      (await tech().get(`/customers/${ingridId}/serial-numbers`))
        .json()
        .map((s: CustomerSerialNumber) => s.serialNumber),
    ).toEqual(['CIN-3003', 'CIN-1001', 'CIN-2002']);

    const source = (await tech().get(`/customers/${dupId}`)).json<Customer>();
    expect(source).toMatchObject({ mergedIntoId: ingridId, orderCount: 0 });
    expect(names((await tech().get('/customers?search=ingrid')).json().items)).toEqual(['Ingrid Hansen']);
    expect((await tech().get('/customers')).json().items.map((c: Customer) => c.id)).not.toContain(dupId);
  });

  it('moves the source’s communications to the survivor as well', async () => {
    const onOrder = (await tech().get(`/service-orders/${dupOrder.id}/communications`)).json<
      Communication[]
    >();
    expect(onOrder.find((m) => m.id === loggedCall.id)).toMatchObject({
      customerId: ingridId,
      message: 'Asked about the work address.',
      // Not an edit: a form open on the message saves without a conflict.
      version: loggedCall.version,
    });
    const unassigned = (await tech().get('/communications/unassigned')).json<{ items: InboxItem[] }>();
    expect(unassigned.items.find((m) => m.id === strayId)?.customerId).toBe(ingridId);
    const left = await w.ctx.app.db.select().from(communications).where(eq(communications.customerId, dupId));
    expect(left).toEqual([]);
  });

  it('sends new orders for the merged contact to the survivor', async () => {
    const next = (
      await manager().post(
        '/service-orders',
        orderInput({ customerName: 'Ingrid', customerEmail: 'Ingrid@Work.example.com' }),
      )
    ).json<ServiceOrder>();
    expect(next.customerId).toBe(ingridId);
  });

  it('keeps a merged customer read-only (409)', async () => {
    const source = (await tech().get(`/customers/${dupId}`)).json<Customer>();
    const again = await manager().post(`/customers/${ingridId}/merge`, await mergeBody(ingridId, dupId));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(CUSTOMER_MESSAGES.merged);
    const into = await manager().post(`/customers/${dupId}/merge`, await mergeBody(dupId, larsId));
    expect(into.statusCode).toBe(409);
    const put = await manager().put(`/customers/${dupId}`, { name: 'Revived', version: source.version });
    expect(put.statusCode).toBe(409);
    expect(put.json().detail).toBe(CUSTOMER_MESSAGES.merged);
    expect((await manager().del(`/customers/${dupId}`)).statusCode).toBe(409);
    expect((await tech().get(`/customers/${dupId}`)).json()).toEqual(source);
  });
});

describe("Fjord's manager and Nordic's customer", () => {
  it('gets 404 on every route with an id, merges included, and nothing changes', async () => {
    const id = larsId;
    const snapshot = async () => ({
      customers: await w.ctx.app.db.select().from(customers).where(eq(customers.id, id)),
      fjordCustomer: await w.ctx.app.db.select().from(customers).where(eq(customers.id, fjordIngridId)),
      orders: await w.ctx.app.db.select().from(serviceOrders).where(eq(serviceOrders.customerId, id)),
    });
    const before = await snapshot();
    const version = before.customers[0]!.version;
    const cases: [string, () => ReturnType<ReturnType<typeof api>['get']>][] = [
      ['GET /api/customers/:id', () => fjord().get(`/customers/${id}`)],
      ['PUT /api/customers/:id', () => fjord().put(`/customers/${id}`, { name: 'Hijacked', version })],
      ['DELETE /api/customers/:id', () => fjord().del(`/customers/${id}`)],
      ['GET /api/customers/:id/service-orders', () => fjord().get(`/customers/${id}/service-orders`)],
      ['GET /api/customers/:id/serial-numbers', () => fjord().get(`/customers/${id}/serial-numbers`)],
      // Nordic's customer as the survivor, and as the source into Fjord's own customer.
      [
        'POST /api/customers/:id/merge',
        () => fjord().post(`/customers/${id}/merge`, { sourceId: fjordIngridId, version, sourceVersion: 1 }),
      ],
      [
        'POST /api/customers/:id/merge',
        () =>
          fjord().post(`/customers/${fjordIngridId}/merge`, {
            sourceId: id,
            version: 1,
            sourceVersion: version,
          }),
      ],
      [
        'GET /api/customers/:id/merge-preview',
        () => fjord().get(`/customers/${id}/merge-preview?sourceId=${fjordIngridId}`),
      ],
      [
        'GET /api/customers/:id/merge-preview',
        () => fjord().get(`/customers/${fjordIngridId}/merge-preview?sourceId=${id}`),
      ],
    ];
    for (const [route, call] of cases) {
      const res = await call();
      expect({ route, status: res.statusCode, code: res.json().code }).toEqual({
        route,
        status: 404,
        code: 'not_found',
      });
      tested.add(route);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('covers every customer route with an id (route walk)', () => {
    const withId = w.ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/customers/:') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(withId.length).toBeGreaterThan(0);
    expect(withId.filter((r) => !tested.has(r))).toEqual([]);
  });
});
