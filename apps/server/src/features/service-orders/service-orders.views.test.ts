import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderListView, OrderListViewSettings } from '@service-portal/shared/service-order-views';
import type { ServiceOrderListItem } from '@service-portal/shared/service-orders';
import { serviceOrderViews } from '../../db/schema/service-order-views.ts';
import {
  actingFor,
  createOrdersWorld,
  orderInput,
  type OrdersWorld,
} from '../../../test/service-order-fixtures.ts';

// Issue 31 item 9: saved views of the order list, each user's own within a partner; and the list's
// search in titles and descriptions.

let w: OrdersWorld;
beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

const settings = (overrides: Partial<OrderListViewSettings> = {}) => ({
  search: 'pump',
  status: ['in_progress'],
  priority: ['high'],
  customerEmail: '',
  technicianId: null,
  sortDirection: 'asc',
  pageSize: 50,
  columns: ['orderNumber', 'title', 'technician', 'scheduled'],
  ...overrides,
});

async function storedViews() {
  return w.ctx.app.db.select().from(serviceOrderViews).orderBy(serviceOrderViews.name);
}

describe('saved views of the order list', () => {
  it('creates, lists, renames, re-saves and deletes a view of its own', async () => {
    const manager = w.api(w.tokens.manager);
    const created = await manager.post('/service-order-views', {
      name: ' Urgent pumps ',
      settings: settings(),
    });
    expect(created.statusCode).toBe(201);
    const view = created.json<OrderListView>();
    expect(view).toMatchObject({ name: 'Urgent pumps', settings: settings() });

    const listed = await manager.get('/service-order-views');
    expect(listed.json<{ items: OrderListView[] }>().items.map((v) => v.name)).toEqual(['Urgent pumps']);

    const renamed = await manager.patch(`/service-order-views/${view.id}`, { name: 'Pumps' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<OrderListView>()).toMatchObject({ name: 'Pumps', settings: settings() });

    const resaved = await manager.patch(`/service-order-views/${view.id}`, {
      settings: settings({ pageSize: 10, columns: ['title'] }),
    });
    expect(resaved.json<OrderListView>()).toMatchObject({
      name: 'Pumps',
      settings: { pageSize: 10, columns: ['title'] },
    });

    expect((await manager.del(`/service-order-views/${view.id}`)).statusCode).toBe(204);
    expect((await manager.get('/service-order-views')).json<{ items: unknown[] }>().items).toEqual([]);
    expect((await manager.del(`/service-order-views/${view.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input and a taken name, and changes nothing', async () => {
    const manager = w.api(w.tokens.manager);
    const first = await manager.post('/service-order-views', { name: 'Mine', settings: settings() });
    expect(first.statusCode).toBe(201);
    const before = await storedViews();
    const cases = [
      { name: '', settings: settings() },
      { name: 'Bad size', settings: settings({ pageSize: 33 }) },
      { name: 'No columns', settings: settings({ columns: [] }) },
      { name: 'Twice', settings: settings({ columns: ['title', 'title'] }) },
      { name: 'Unknown column', settings: { ...settings(), columns: ['secret'] } },
    ];
    for (const body of cases) expect((await manager.post('/service-order-views', body)).statusCode).toBe(400);
    const taken = await manager.post('/service-order-views', { name: 'Mine', settings: settings() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'conflict' });
    const other = await manager.post('/service-order-views', { name: 'Other', settings: settings() });
    const renameToTaken = await manager.patch(`/service-order-views/${other.json<OrderListView>().id}`, {
      name: 'Mine',
    });
    expect(renameToTaken.statusCode).toBe(409);
    expect(
      (await manager.patch(`/service-order-views/${other.json<OrderListView>().id}`, {})).statusCode,
    ).toBe(400);
    expect((await storedViews()).map((r) => r.name)).toEqual([...before.map((r) => r.name), 'Other'].sort());
    await manager.del(`/service-order-views/${first.json<OrderListView>().id}`);
    await manager.del(`/service-order-views/${other.json<OrderListView>().id}`);
  });

  it("another user's view, in the same partner or another, is not there for them", async () => {
    const manager = w.api(w.tokens.manager);
    const view = (
      await manager.post('/service-order-views', { name: 'Managers only', settings: settings() })
    ).json<OrderListView>();
    const before = await storedViews();
    const strangers = [
      w.api(w.tokens.office), // same partner, another user
      w.api(w.tokens.fjord), // another partner
      w.api(w.tokens.admin, actingFor(w.partners.nordic)), // another user acting for the partner
    ];
    for (const other of strangers) {
      expect((await other.get('/service-order-views')).json<{ items: unknown[] }>().items).toEqual([]);
      expect((await other.patch(`/service-order-views/${view.id}`, { name: 'Taken over' })).statusCode).toBe(
        404,
      );
      expect((await other.del(`/service-order-views/${view.id}`)).statusCode).toBe(404);
      // The same name is free for them: names are per user.
      const own = await other.post('/service-order-views', { name: 'Managers only', settings: settings() });
      expect(own.statusCode).toBe(201);
      await other.del(`/service-order-views/${own.json<OrderListView>().id}`);
    }
    expect(await storedViews()).toEqual(before);
    const [row] = await w.ctx.app.db
      .select()
      .from(serviceOrderViews)
      .where(eq(serviceOrderViews.id, view.id));
    expect(row).toMatchObject({ name: 'Managers only', servicePartnerId: w.partners.nordic });
  });

  it("the same user acting for another partner sees that partner's views only", async () => {
    const asNordic = w.api(w.tokens.admin, actingFor(w.partners.nordic));
    const asFjord = w.api(w.tokens.admin, actingFor(w.partners.fjord));
    const view = (
      await asNordic.post('/service-order-views', { name: 'Nordic view', settings: settings() })
    ).json<OrderListView>();
    expect((await asFjord.get('/service-order-views')).json<{ items: unknown[] }>().items).toEqual([]);
    expect((await asFjord.del(`/service-order-views/${view.id}`)).statusCode).toBe(404);
    expect(
      (await asNordic.get('/service-order-views')).json<{ items: OrderListView[] }>().items,
    ).toHaveLength(1);
  });

  it('asks for a sign-in', async () => {
    const res = await w.ctx.app.inject({ method: 'GET', url: '/api/service-order-views' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the list searches titles and descriptions', () => {
  it('finds an order by a word of its title or its description, in its own partner only', async () => {
    const manager = w.api(w.tokens.manager);
    const byTitle = (
      await manager.post('/service-orders', orderInput({ title: 'Quietzone compressor rattles' }))
    ).json<ServiceOrderListItem>();
    const byDescription = (
      await manager.post(
        '/service-orders',
        orderInput({ title: 'Noise', description: 'The customer says the quietzone fan hums at night.' }),
      )
    ).json<ServiceOrderListItem>();
    await w.api(w.tokens.fjord).post('/service-orders', orderInput({ title: 'Quietzone at Fjord' }));

    const found = (await manager.get('/service-orders?search=QUIETZONE')).json<{
      items: ServiceOrderListItem[];
      total: number;
    }>();
    expect(found.items.map((o) => o.id).sort()).toEqual([byTitle.id, byDescription.id].sort());
    expect(found.total).toBe(2);
    const phrase = (await manager.get(`/service-orders?search=${encodeURIComponent('fan hums')}`)).json<{
      items: ServiceOrderListItem[];
    }>();
    expect(phrase.items.map((o) => o.id)).toEqual([byDescription.id]);
    // The global search (number, customer, e-mail, phone, serial) stays as it was.
    const global = await manager.post('/service-orders/global-search', { query: 'quietzone' });
    expect(global.json<unknown[]>()).toEqual([]);
  });
});
