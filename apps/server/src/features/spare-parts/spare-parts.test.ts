import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '@service-portal/shared/limits';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import {
  SPARE_PART_WORKLIST_MESSAGES,
  type SparePartWorklistItem,
  type SparePartWorklistSummary,
} from '@service-portal/shared/spare-parts';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import {
  actingFor,
  createOrdersWorld,
  orderInput,
  type OrdersWorld,
} from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
let first: ServiceOrder;
let second: ServiceOrder;
let waiting: ServiceOrder;
let done: ServiceOrder;

const line = (
  partNumber: string,
  partName: string,
  quantity: number,
  unitCost: number,
  supplier: string | null,
  currency: Currency = 'NOK',
) => ({
  partNumber,
  partName,
  quantity,
  unitCost,
  currency,
  supplier,
});

async function create(token: string, fields: Parameters<typeof orderInput>[0], createdAt: string) {
  const res = await w.api(token).post('/service-orders', orderInput(fields));
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<ServiceOrder>();
  await w.ctx.app.db
    .update(serviceOrders)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(serviceOrders.id, order.id));
  return order;
}

beforeAll(async () => {
  w = await createOrdersWorld();
  first = await create(
    w.tokens.manager,
    {
      title: 'Heater dead',
      customerName: 'Anne Aasen',
      spareParts: [
        line('CIN-HE-230', 'Heater element 230 V', 1, 189_000, 'Cinderella Eco AS'),
        line('TC-K-300', 'Thermocouple type K', 2, 34_900, 'Elektroimport AS'),
      ],
    },
    '2026-02-01T10:00:00Z',
  );
  second = await create(
    w.tokens.manager,
    {
      title: 'Fan noise',
      customerName: 'Bjørn Berg',
      spareParts: [
        line('CIN-FAN-M24', 'Main fan 24 V', 1, 315_000, 'cinderella eco as'),
        line('SCREW-M4', 'Screw M4', 10, 150, null),
      ],
    },
    '2026-02-03T10:00:00Z',
  );
  waiting = await create(
    w.tokens.manager,
    {
      title: 'Imported part',
      customerName: 'Camilla Carlsen',
      spareParts: [line('DE-GASKET', 'Door gasket', 3, 1_250, 'Toiletteile GmbH', 'EUR')],
    },
    '2026-02-05T10:00:00Z',
  );
  done = await create(
    w.tokens.manager,
    {
      title: 'Finished',
      customerName: 'Dag Dahl',
      spareParts: [line('CIN-PCB', 'Control panel PCB', 1, 428_000, 'Cinderella Eco AS')],
    },
    '2026-02-07T10:00:00Z',
  );
  const bulk = (orderIds: string[], status: string) =>
    w.api(w.tokens.manager).post('/service-orders/bulk-update-status', { orderIds, status });
  await bulk([waiting.id, done.id], 'in_progress');
  await bulk([waiting.id], 'waiting_for_parts');
  await bulk([done.id], 'completed');
  // Another partner's open line never shows.
  await create(
    w.tokens.fjord,
    { spareParts: [line('FJ-1', 'Fjord part', 1, 100, 'Cinderella Eco AS')] },
    '2026-02-09T10:00:00Z',
  );
});
afterAll(async () => w.ctx.close());

const tech = () => w.api(w.tokens.tech);
const numbers = (items: SparePartWorklistItem[]) => items.map((p) => p.partNumber);

describe('GET /api/spare-parts', () => {
  it('lists every line of the open orders with its order, newest order first', async () => {
    const res = await tech().get('/spare-parts');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: SparePartWorklistItem[]; total: number }>();
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(numbers(body.items)).toEqual(['DE-GASKET', 'CIN-FAN-M24', 'SCREW-M4', 'CIN-HE-230', 'TC-K-300']);
    expect(body.items[0]).toMatchObject({
      serviceOrderId: waiting.id,
      orderNumber: waiting.orderNumber,
      orderTitle: 'Imported part',
      orderStatus: 'waiting_for_parts',
      orderCreatedAt: '2026-02-05T10:00:00.000Z',
      customerName: 'Camilla Carlsen',
      partName: 'Door gasket',
      quantity: 3,
      unitCost: 1_250,
      currency: 'EUR',
      lineTotal: 3_750,
      supplier: 'Toiletteile GmbH',
      version: 1,
    });
  });

  it('sorts by order date or part number, either way', async () => {
    expect(numbers((await tech().get('/spare-parts?sortDirection=asc')).json().items)).toEqual([
      'CIN-HE-230',
      'TC-K-300',
      'CIN-FAN-M24',
      'SCREW-M4',
      'DE-GASKET',
    ]);
    expect(
      numbers((await tech().get('/spare-parts?sort=partNumber&sortDirection=asc')).json().items),
    ).toEqual(['CIN-FAN-M24', 'CIN-HE-230', 'DE-GASKET', 'SCREW-M4', 'TC-K-300']);
    expect(numbers((await tech().get('/spare-parts?sort=partNumber')).json().items)[0]).toBe('TC-K-300');
    expect((await tech().get('/spare-parts?sort=supplier')).statusCode).toBe(400);
  });

  it('filters by supplier (any case), part number or name, and open order status', async () => {
    const get = async (q: string) => numbers((await tech().get(`/spare-parts?${q}`)).json().items);
    expect(await get('supplier=CINDERELLA%20ECO%20AS')).toEqual(['CIN-FAN-M24', 'CIN-HE-230']);
    expect(await get('search=therm')).toEqual(['TC-K-300']);
    expect(await get('search=cin-')).toEqual(['CIN-FAN-M24', 'CIN-HE-230']);
    expect(await get('status=waiting_for_parts')).toEqual(['DE-GASKET']);
    expect(await get('status=created,waiting_for_parts&search=fan')).toEqual(['CIN-FAN-M24']);
    expect(await get('search=%25')).toEqual([]);
  });

  it('refuses a status that is not open', async () => {
    const res = await tech().get('/spare-parts?status=completed');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'status.0', message: SPARE_PART_WORKLIST_MESSAGES.notOpen }]);
  });

  it('pages', async () => {
    const page = (await tech().get('/spare-parts?page=2&pageSize=2')).json();
    expect(page).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(numbers(page.items)).toEqual(['SCREW-M4', 'CIN-HE-230']);
    expect((await tech().get('/spare-parts?pageSize=500')).statusCode).toBe(400);
  });

  it("shows a partner only its own lines (a global administrator the acting partner's)", async () => {
    expect(numbers((await w.api(w.tokens.fjord).get('/spare-parts')).json().items)).toEqual(['FJ-1']);
    const acting = await w.api(w.tokens.admin, actingFor(w.partners.fjord)).get('/spare-parts');
    expect(numbers(acting.json().items)).toEqual(['FJ-1']);
  });
});

describe('GET /api/spare-parts/summary', () => {
  it('totals per currency in minor units, the line count, and every supplier for the filter', async () => {
    const res = await tech().get('/spare-parts/summary');
    expect(res.statusCode).toBe(200);
    expect(res.json<SparePartWorklistSummary>()).toEqual({
      lineCount: 5,
      totals: [
        { currency: 'EUR', amount: 3_750, lineCount: 1 },
        { currency: 'NOK', amount: 189_000 + 2 * 34_900 + 315_000 + 10 * 150, lineCount: 4 },
      ],
      // One entry per supplier whatever its case (the filter ignores case): the spelling on most lines.
      suppliers: ['Cinderella Eco AS', 'Elektroimport AS', 'Toiletteile GmbH'],
    });
  });

  it('follows the filters for the totals but keeps every supplier', async () => {
    const res = (
      await tech().get('/spare-parts/summary?supplier=elektroimport%20as')
    ).json<SparePartWorklistSummary>();
    expect(res.lineCount).toBe(1);
    expect(res.totals).toEqual([{ currency: 'NOK', amount: 69_800, lineCount: 1 }]);
    expect(res.suppliers).toHaveLength(3);
    const none = (
      await tech().get('/spare-parts/summary?search=nothing-like-this')
    ).json<SparePartWorklistSummary>();
    expect(none).toMatchObject({ lineCount: 0, totals: [] });
  });
});

describe('removing a line from the worklist', () => {
  it('goes through the order: DELETE /service-orders/:id/spare-parts/:partId', async () => {
    const screw = (await tech().get('/spare-parts?search=SCREW')).json().items[0] as SparePartWorklistItem;
    expect(
      (await w.api(w.tokens.fjord).del(`/service-orders/${screw.serviceOrderId}/spare-parts/${screw.id}`))
        .statusCode,
    ).toBe(404);
    const res = await tech().del(`/service-orders/${screw.serviceOrderId}/spare-parts/${screw.id}`);
    expect(res.statusCode).toBe(204);
    expect((await tech().get('/spare-parts')).json().total).toBe(4);
    expect((await tech().get('/spare-parts/summary')).json().lineCount).toBe(4);
  });

  it('drops the lines of an order that is completed or cancelled', async () => {
    await w
      .api(w.tokens.manager)
      .post('/service-orders/bulk-update-status', { orderIds: [second.id], status: 'cancelled' });
    expect(numbers((await tech().get('/spare-parts')).json().items)).toEqual([
      'DE-GASKET',
      'CIN-HE-230',
      'TC-K-300',
    ]);
    expect(first.id).toBeTruthy();
  });
});
