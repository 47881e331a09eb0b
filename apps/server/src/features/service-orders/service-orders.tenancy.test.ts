import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder, ServiceOrderListItem } from '@service-portal/shared/service-orders';
import { serviceOrders, serviceOrderSpareParts } from '../../db/schema/service-orders.ts';
import {
  actingFor,
  createOrdersWorld,
  orderInput,
  type OrdersWorld,
} from '../../../test/service-order-fixtures.ts';

// docs/decisions/002-tenancy.md: another partner's order answers 404 on every route, and lists
// never show it. The route walk at the end keeps this file in step with the routes.

let w: OrdersWorld;
let nordicOrder: ServiceOrder;
let fjordOrder: ServiceOrder;
const tested = new Set<string>();

beforeAll(async () => {
  w = await createOrdersWorld();
  nordicOrder = (
    await w.api(w.tokens.manager).post(
      '/service-orders',
      orderInput({
        title: 'Nordic only',
        customerName: 'Shared Name',
        customerEmail: 'shared@example.net',
        serialNumber: 'SHARED-SERIAL',
        spareParts: [
          { partNumber: 'N-1', partName: 'Nordic part', quantity: 1, unitCost: 100, currency: 'NOK' },
        ],
      }),
    )
  ).json();
  fjordOrder = (
    await w.api(w.tokens.fjord).post(
      '/service-orders',
      orderInput({
        title: 'Fjord only',
        customerName: 'Shared Name',
        customerEmail: 'shared@example.net',
        serialNumber: 'SHARED-SERIAL',
      }),
    )
  ).json();
});
afterAll(async () => w.ctx.close());

const fjord = () => w.api(w.tokens.fjord);

async function storedNordic() {
  const [row] = await w.ctx.app.db.select().from(serviceOrders).where(eq(serviceOrders.id, nordicOrder.id));
  const parts = await w.ctx.app.db
    .select()
    .from(serviceOrderSpareParts)
    .where(eq(serviceOrderSpareParts.serviceOrderId, nordicOrder.id));
  return { row, parts };
}

describe("Fjord's manager and Nordic's order", () => {
  it('gets 404 on every route about the order, and nothing changes', async () => {
    const before = await storedNordic();
    const part = nordicOrder.spareParts[0]!;
    const base = `/service-orders/${nordicOrder.id}`;
    const line = { partNumber: 'X', partName: 'X', quantity: 1, unitCost: 1, currency: 'NOK' };
    const cases: [string, string, () => ReturnType<ReturnType<OrdersWorld['api']>['get']>][] = [
      ['GET', '/api/service-orders/:id', () => fjord().get(base)],
      [
        'PUT',
        '/api/service-orders/:id',
        () => fjord().put(base, { version: nordicOrder.version, title: 'Hijacked', status: 'cancelled' }),
      ],
      ['DELETE', '/api/service-orders/:id', () => fjord().del(base)],
      ['GET', '/api/service-orders/:id/spare-parts', () => fjord().get(`${base}/spare-parts`)],
      ['POST', '/api/service-orders/:id/spare-parts', () => fjord().post(`${base}/spare-parts`, line)],
      [
        'GET',
        '/api/service-orders/:id/spare-parts/:partId',
        () => fjord().get(`${base}/spare-parts/${part.id}`),
      ],
      [
        'PUT',
        '/api/service-orders/:id/spare-parts/:partId',
        () => fjord().put(`${base}/spare-parts/${part.id}`, { ...line, version: 1 }),
      ],
      [
        'DELETE',
        '/api/service-orders/:id/spare-parts/:partId',
        () => fjord().del(`${base}/spare-parts/${part.id}`),
      ],
      [
        'POST',
        '/api/service-orders/bulk-update-status',
        () =>
          fjord().post('/service-orders/bulk-update-status', {
            orderIds: [nordicOrder.id],
            status: 'cancelled',
          }),
      ],
      [
        'POST',
        '/api/service-orders/bulk-undo-status',
        () =>
          fjord().post('/service-orders/bulk-undo-status', {
            orderIds: [nordicOrder.id],
            status: nordicOrder.status,
          }),
      ],
      [
        'POST',
        '/api/service-orders/bulk-assign-technician',
        () =>
          fjord().post('/service-orders/bulk-assign-technician', {
            orderIds: [nordicOrder.id, fjordOrder.id],
            technicianId: null,
          }),
      ],
    ];
    for (const [method, route, call] of cases) {
      const res = await call();
      expect({ route: `${method} ${route}`, status: res.statusCode, code: res.json().code }).toEqual({
        route: `${method} ${route}`,
        status: 404,
        code: 'not_found',
      });
      expect(res.body).not.toContain('Nordic only');
      tested.add(`${method} ${route}`);
    }
    expect(await storedNordic()).toEqual(before);
  });

  it("cannot reach Nordic's line through Fjord's own order either", async () => {
    const part = nordicOrder.spareParts[0]!;
    const res = await fjord().get(`/service-orders/${fjordOrder.id}/spare-parts/${part.id}`);
    expect(res.statusCode).toBe(404);
  });

  it("never sees Nordic's orders in lists, searches, stats or the export", async () => {
    const ids = (items: ServiceOrderListItem[]) => items.map((i) => i.id);
    const list = await fjord().get('/service-orders?search=shared');
    expect(ids(list.json().items)).toEqual([fjordOrder.id]);
    tested.add('GET /api/service-orders');
    const filtered = await fjord().get(`/service-orders?customerId=${nordicOrder.customerId}`);
    expect(filtered.json().total).toBe(0);
    const search = await fjord().post('/service-orders/search', { serialNumber: 'SHARED' });
    expect(ids(search.json().items)).toEqual([fjordOrder.id]);
    tested.add('POST /api/service-orders/search');
    const global = await fjord().post('/service-orders/global-search', {
      query: nordicOrder.orderNumber.slice(0, 8),
    });
    expect(ids(global.json())).toEqual([fjordOrder.id]);
    tested.add('POST /api/service-orders/global-search');
    const stats = await fjord().get('/service-orders/stats');
    expect(stats.json().total).toBe(1);
    tested.add('GET /api/service-orders/stats');
    const xlsx = await fjord().get('/service-orders/export');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.length).toBeGreaterThan(0);
    tested.add('GET /api/service-orders/export');
  });

  it('creates in its own partner only, whatever ids it names', async () => {
    const res = await fjord().post(
      '/service-orders',
      orderInput({ assignedTechnicianId: w.technicians.tore }),
    );
    expect(res.statusCode).toBe(400);
    const own = await fjord().post(
      '/service-orders',
      orderInput({ assignedTechnicianId: w.technicians.fjord, warehouseLocationId: w.locations.fjord }),
    );
    expect(own.statusCode).toBe(201);
    const [row] = await w.ctx.app.db
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.id, own.json<ServiceOrder>().id));
    expect(row?.servicePartnerId).toBe(w.partners.fjord);
    tested.add('POST /api/service-orders');
  });

  it('a global administrator acting for Fjord gets 404 on the Nordic order as well', async () => {
    const admin = w.api(w.tokens.admin, actingFor(w.partners.fjord));
    expect((await admin.get(`/service-orders/${nordicOrder.id}`)).statusCode).toBe(404);
    const asNordic = w.api(w.tokens.admin, actingFor(w.partners.nordic));
    expect((await asNordic.get(`/service-orders/${nordicOrder.id}`)).statusCode).toBe(200);
  });

  it('covers every service-order route (route walk)', () => {
    // Work logs and totals live in features/work-logs, communications in features/communications,
    // photos in features/images, upload links and the rating in features/upload-links, the shop
    // order in features/shop-orders, estimates in features/estimates, the time per technician in
    // features/work-logs and the signed report in features/service-reports, whose tests cover those
    // routes' tenancy.
    const ownedElsewhere =
      /^\/api\/service-orders\/:id\/(work-logs|totals|communications|images|upload-links|rating|create-shopify-order|estimates|time-per-technician|report)/;
    const routes = w.ctx.app.routeTable
      .filter(
        (r) => r.url.startsWith('/api/service-orders') && !ownedElsewhere.test(r.url) && r.method !== 'HEAD',
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes.filter((r) => !tested.has(r))).toEqual([]);
  });
});
