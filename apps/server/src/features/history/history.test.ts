import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEvent, HistoryPage } from '@service-portal/shared/history';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { createCommsWorld, type CommsWorld } from '../../../test/communication-fixtures.ts';
import { signIn } from '../../../test/helper.ts';
import { actingFor } from '../../../test/service-order-fixtures.ts';
import { runAs } from '../../lib/request-context.ts';
import { createHistoryRepository } from './history.repository.ts';
import { createHistoryService } from './history.service.ts';

// Issue 26: the database records every change with who made it; the API shows it per page, hides
// internal notes and personal data from staff who may not see them, and never across partners.

let w: CommsWorld;
let order: ServiceOrder;

const history = async (token: string, url: string, headers: Record<string, string> = {}) => {
  const res = await w.api(token, headers).get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HistoryPage>();
};
const find = (page: HistoryPage, table: string, field: string) =>
  page.items.filter((e) => e.table === table && e.field === field);

beforeAll(async () => {
  w = await createCommsWorld();
  await w.ctx.app.ready();
  order = await w.createOrder(w.tokens.manager, {
    customerPhone: '+47 912 34 567',
    serialNumber: 'SN-HIST-1',
    internalNotes: 'INTERNAL-SECRET-NOTE',
    estimatedCost: 1000,
    spareParts: [{ partNumber: 'P-1', partName: 'Valve', quantity: 1, unitCost: 100, currency: 'NOK' }],
  });
});
afterAll(async () => w.ctx.close());

describe('what the triggers record', () => {
  it('names the user, the request and every changed field, lines included', async () => {
    const res = await w.ctx.app.inject({
      method: 'PUT',
      url: `/api/service-orders/${order.id}`,
      headers: { authorization: `Bearer ${w.tokens.manager}`, 'x-request-id': 'req-history-1' },
      payload: { version: order.version, estimatedCost: 1250, scheduledDate: '2030-05-06' },
    });
    expect(res.statusCode, res.body).toBe(200);
    order = res.json<ServiceOrder>();

    const page = await history(w.tokens.manager, `/history/service_orders/${order.id}`);
    const [price] = find(page, 'service_orders', 'estimated_cost_minor');
    expect(price).toMatchObject({
      operation: 'update',
      oldValue: 1000,
      newValue: 1250,
      requestId: 'req-history-1',
      actor: { kind: 'user', name: 'Marte Hansen' },
    });
    expect(price!.actor.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(find(page, 'service_orders', 'scheduled_date')[0]).toMatchObject({
      oldValue: null,
      newValue: '2030-05-06',
    });
    // The line's insert shows on the order's history; noise columns never do.
    expect(find(page, 'service_order_spare_parts', 'part_name')[0]).toMatchObject({
      operation: 'insert',
      newValue: 'Valve',
    });
    expect(page.items.some((e) => ['updated_at', 'version'].includes(e.field))).toBe(false);
    expect(page.fields).toContainEqual({ table: 'service_order_spare_parts', field: 'part_name' });
    expect(page.actors.some((a) => a.kind === 'user' && a.name === 'Marte Hansen')).toBe(true);
  });

  it('filters by field and by person, and pages', async () => {
    const byField = await history(
      w.tokens.manager,
      `/history/service_orders/${order.id}?field=service_orders.estimated_cost_minor`,
    );
    expect(byField.items.every((e) => e.field === 'estimated_cost_minor')).toBe(true);
    expect(byField.total).toBe(2);
    const someone = (await history(w.tokens.manager, `/history/service_orders/${order.id}`)).actors[0]!;
    const byPerson = await history(
      w.tokens.manager,
      `/history/service_orders/${order.id}?actorId=${someone.id}&pageSize=2&page=2`,
    );
    expect(byPerson.items).toHaveLength(2);
    expect(byPerson.page).toBe(2);
    expect(byPerson.total).toBeGreaterThan(4);
    expect(byPerson.items.every((e) => e.actor.id === someone.id)).toBe(true);
  });

  it('a bulk change of many orders records each one, with the actor and the request', async () => {
    // Above 16 rows the trigger plans its statement for the rows at hand (migration 0048): the
    // same events as the one-row path, one per order whose status changed.
    const orders: ServiceOrder[] = [];
    for (let i = 0; i < 20; i++) orders.push(await w.createOrder(w.tokens.manager, { title: `Bulk ${i}` }));
    const res = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/service-orders/bulk-update-status',
      headers: { authorization: `Bearer ${w.tokens.manager}`, 'x-request-id': 'req-history-bulk' },
      payload: { orderIds: orders.map((o) => o.id), status: 'in_progress' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ updated: number }>().updated).toBe(20);
    for (const o of [orders[0]!, orders[19]!]) {
      const [status, ...more] = find(
        await history(w.tokens.manager, `/history/service_orders/${o.id}`),
        'service_orders',
        'status',
      ).filter((e) => e.requestId === 'req-history-bulk');
      expect(more).toHaveLength(0);
      expect(status).toMatchObject({
        operation: 'update',
        oldValue: o.status,
        newValue: 'in_progress',
        actor: { kind: 'user', name: 'Marte Hansen' },
      });
    }
    const rows: unknown = await w.ctx.app.db.execute(
      sql`select count(*)::int as n, count(distinct record_id)::int as orders, count(distinct service_partner_id)::int as partners
          from history_events where request_id = 'req-history-bulk' and field = 'status'`,
    );
    expect((rows as { rows: { n: number; orders: number; partners: number }[] }).rows[0]).toEqual({
      n: 20,
      orders: 20,
      partners: 1,
    });
  });

  it('records a job as the actor of what it writes (the e-mail delivery)', async () => {
    const email = await w.communicate(w.tokens.manager, order.id, {
      method: 'email',
      subject: 'Ready',
      message: 'Your unit is ready.',
    });
    await w.settled(w.tokens.manager, order.id, email.id);
    const page = await history(w.tokens.manager, `/history/service_orders/${order.id}?actorKind=job`);
    const delivered = page.items.find(
      (e) => e.table === 'communications' && e.recordId === email.id && e.field === 'delivery_status',
    );
    expect(delivered).toMatchObject({
      newValue: 'sent',
      actor: { kind: 'job', name: 'communications.send' },
    });
  });

  it("records the customer as the actor of a rating through the order's status link", async () => {
    for (const status of ['in_progress', 'completed']) {
      const res = await w
        .api(w.tokens.manager)
        .post('/service-orders/bulk-update-status', { orderIds: [order.id], status });
      expect(res.statusCode, res.body).toBe(200);
    }
    const link = await w
      .api(w.tokens.manager)
      .post(`/service-orders/${order.id}/upload-links`, { sendVia: 'none' });
    expect(link.statusCode, link.body).toBe(201);
    const token = link.json<{ url: string }>().url.split('/customer-upload/')[1]!;
    const verified = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/customer-upload/${token}/verify`,
      payload: { phoneNumber: '912 34 567', serialNumber: 'sn hist 1' },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const rated = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/customer-upload/${token}/rating`,
      headers: { 'x-upload-session': verified.json<{ session: string }>().session },
      payload: { rating: 5, comment: 'Great' },
    });
    expect(rated.statusCode, rated.body).toBe(201);
    const page = await history(
      w.tokens.manager,
      `/history/service_orders/${order.id}?field=order_ratings.rating`,
    );
    expect(page.items[0]).toMatchObject({ newValue: 5, actor: { kind: 'customer', name: 'Customer link' } });
    // The bulk status change is in the history too, as the manager's.
    const status = await history(
      w.tokens.manager,
      `/history/service_orders/${order.id}?field=service_orders.status`,
    );
    expect(status.items.map((e) => e.newValue)).toEqual(['completed', 'in_progress', 'created']);
  });

  it("writes outside any request or job are the system's; runAs names a seed's user", async () => {
    const db = w.ctx.app.db;
    await db.execute(sql`update service_orders set title = 'Raw SQL title' where id = ${order.id}`);
    await runAs({ kind: 'user', id: 'seed-user', name: 'Seeded Person' }, () =>
      db.execute(sql`update service_orders set title = 'Seeded title' where id = ${order.id}`),
    );
    const page = await history(
      w.tokens.manager,
      `/history/service_orders/${order.id}?field=service_orders.title`,
    );
    expect(page.items.slice(0, 2).map((e) => [e.newValue, e.actor.kind, e.actor.name])).toEqual([
      ['Seeded title', 'user', 'Seeded Person'],
      ['Raw SQL title', 'system', null],
    ]);
  });

  it('a transaction carries the actor too, and settings never outlive it', async () => {
    const db = w.ctx.app.db;
    await runAs({ kind: 'job', id: 'j1', name: 'tx-job' }, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`update service_orders set title = 'In a transaction' where id = ${order.id}`);
      }),
    );
    const after: unknown = await db.execute(sql`select current_setting('app.actor_kind', true) as kind`);
    expect((after as { rows: { kind: string | null }[] }).rows[0]?.kind ?? '').toBe('');
    const page = await history(
      w.tokens.manager,
      `/history/service_orders/${order.id}?field=service_orders.title`,
    );
    expect(page.items[0]).toMatchObject({
      newValue: 'In a transaction',
      actor: { kind: 'job', name: 'tx-job' },
    });
  });
});

describe('privacy and tenancy', () => {
  it('hides internal notes and personal data from staff without a manager role', async () => {
    const forTech = await history(w.tokens.tech, `/history/service_orders/${order.id}`);
    const notes = find(forTech, 'service_orders', 'internal_notes')[0]!;
    expect(notes).toMatchObject({ redacted: true, oldValue: null, newValue: null });
    expect(JSON.stringify(forTech)).not.toContain('INTERNAL-SECRET-NOTE');
    expect(JSON.stringify(forTech)).not.toContain('912 34 567');
    const forManager = await history(w.tokens.manager, `/history/service_orders/${order.id}`);
    expect(find(forManager, 'service_orders', 'internal_notes')[0]).toMatchObject({
      redacted: false,
      newValue: 'INTERNAL-SECRET-NOTE',
    });
  });

  it("another partner's manager sees nothing of the order, and changes no retention but theirs", async () => {
    const res = await w.api(w.tokens.fjord).get(`/history/service_orders/${order.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    const pricing = await history(w.tokens.fjord, '/history/pricing');
    expect(pricing.items.every((e) => e.partnerId === w.partners.fjord)).toBe(true);
    // Retention is the partner Administrator's (here the global administrator acting for Fjord).
    expect((await w.api(w.tokens.fjord).put('/history/retention', { months: 6 })).statusCode).toBe(403);
    const set = await w
      .api(w.tokens.admin, actingFor(w.partners.fjord))
      .put('/history/retention', { months: 6 });
    expect(set.json()).toEqual({ months: 6 });
    const office = await signIn(w.ctx, 'office@nordic.example.com');
    expect((await w.api(office).get('/history/retention')).json()).toEqual({ months: 24 });
  });

  it('a global administrator searches across partners; others may not', async () => {
    expect((await w.api(w.tokens.manager).get('/admin/history')).statusCode).toBe(403);
    const all = await history(w.tokens.admin, `/admin/history?table=service_orders&recordId=${order.id}`);
    expect(all.total).toBeGreaterThan(5);
    const fjordOnly = await history(w.tokens.admin, `/admin/history?partnerId=${w.partners.fjord}`);
    expect(fjordOnly.items.every((e) => e.partnerId === w.partners.fjord)).toBe(true);
    const acting = await history(
      w.tokens.admin,
      `/history/service_orders/${order.id}`,
      actingFor(w.partners.nordic),
    );
    // The order's own page holds its lines' events too.
    expect(acting.total).toBeGreaterThan(all.total);
  });

  it('refuses bad input with a 400 and a clear code', async () => {
    for (const url of [
      `/history/service_orders/not-a-uuid`,
      `/history/not_a_table/${order.id}`,
      `/history/service_orders/${order.id}?field=status`,
      `/history/service_orders/${order.id}?pageSize=1000`,
      `/history/service_orders/${order.id}?actorKind=robot`,
    ]) {
      const res = await w.api(w.tokens.manager).get(url);
      expect(res.statusCode, url).toBe(400);
    }
    const office = await signIn(w.ctx, 'office@nordic.example.com');
    for (const body of [{ months: 'twelve' }, { months: 0 }, { months: 1.5 }, {}]) {
      const bad = await w.api(office).put('/history/retention', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await w.api(office).get('/history/retention')).json()).toEqual({ months: 24 });
    expect((await w.api(w.tokens.tech).put('/history/retention', { months: 3 })).statusCode).toBe(403);
  });
});

describe('retention', () => {
  it('drops whole months past the longest retention and deletes per partner for shorter ones', async () => {
    const db = w.ctx.app.db;
    // Old events as if written long ago: one ancient month, and one 8 months old for each partner.
    await db.execute(sql`select history_month_partition((now() - interval '40 months')::date)`);
    for (const [partner, age] of [
      [w.partners.nordic, '40 months'],
      [w.partners.nordic, '8 months'],
      [w.partners.fjord, '8 months'],
    ] as const) {
      await db.execute(sql`insert into history_events (occurred_at, service_partner_id, table_name, record_id,
        subject_table, subject_id, operation, field, actor_kind)
        values (now() - ${age}::interval, ${partner}, 'service_orders', 'old', 'service_orders', 'old',
        'update', 'title', 'system')`);
    }
    const service = createHistoryService({
      repo: createHistoryRepository(db),
      now: () => new Date(),
      log: w.ctx.app.log,
    });
    const result = await service.enforceRetention();
    expect(result.droppedMonths).toBeGreaterThanOrEqual(1);
    const left: unknown = await db.execute(
      sql`select service_partner_id as p from history_events where record_id = 'old' order by 1`,
    );
    // Fjord keeps 6 months (set above): its 8-month-old event went; Nordic keeps two years.
    expect((left as { rows: { p: string }[] }).rows.map((r) => r.p)).toEqual([w.partners.nordic]);
    const parts: unknown = await db.execute(
      sql`select count(*)::int as n from pg_class where relname like 'history_events_p%' and relkind = 'r'`,
    );
    expect((parts as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(4);
  });
});

export type { HistoryEvent };
