import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Communication, InboxItem, UnreadSummary } from '@service-portal/shared/communications';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { communications } from '../../db/schema/communications.ts';
import { actingFor } from '../../../test/service-order-fixtures.ts';
import { createCommsWorld, type CommsWorld } from '../../../test/communication-fixtures.ts';

// docs/decisions/002-tenancy.md: another partner's communication answers 404 on every route and
// never shows in a list. The route walk at the end keeps this file in step with the routes.

let w: CommsWorld;
let nordicOrder: ServiceOrder;
let fjordOrder: ServiceOrder;
let nordicLog: Communication;
let nordicFailed: Communication;
let nordicUnassigned: InboxItem;
let fjordUnassigned: InboxItem;
const tested = new Set<string>();

async function unassignedOf(token: string) {
  return (await w.api(token).get('/communications/unassigned')).json<{ items: InboxItem[] }>().items;
}

beforeAll(async () => {
  w = await createCommsWorld();
  const nordicCustomer = { customerName: 'Nina Nordic', customerEmail: 'nina@example.net' };
  const fjordCustomer = { customerName: 'Finn Fjord', customerEmail: 'finn@example.net' };
  nordicOrder = await w.createOrder(w.tokens.manager, { ...nordicCustomer, title: 'Nordic only' });
  await w.createOrder(w.tokens.manager, nordicCustomer);
  fjordOrder = await w.createOrder(w.tokens.fjord, { ...fjordCustomer, title: 'Fjord only' });
  await w.createOrder(w.tokens.fjord, fjordCustomer);

  nordicLog = await w.communicate(w.tokens.manager, nordicOrder.id, {
    method: 'phone',
    message: 'Nordic secret call',
  });
  w.ctx.mail.rejecting.add('nina@example.net');
  const failed = await w.communicate(w.tokens.manager, nordicOrder.id, {
    method: 'email',
    subject: 's',
    message: 'Nordic mail',
  });
  nordicFailed = await w.settled(w.tokens.manager, nordicOrder.id, failed.id);
  expect(nordicFailed.deliveryStatus).toBe('failed');
  // Both customers have two open orders, so their bare e-mails wait unassigned with their partner.
  expect(
    (await w.postEmail({ from: 'nina@example.net', text: 'Nordic secret inbox' }).response).json(),
  ).toEqual({ result: 'stored' });
  expect((await w.postEmail({ from: 'finn@example.net', text: 'Fjord inbox' }).response).json()).toEqual({
    result: 'stored',
  });
  nordicUnassigned = (await unassignedOf(w.tokens.manager))[0]!;
  fjordUnassigned = (await unassignedOf(w.tokens.fjord))[0]!;
});
afterAll(async () => w.close());

const fjord = () => w.api(w.tokens.fjord);

async function storedNordic() {
  return w.ctx.app.db
    .select()
    .from(communications)
    .where(eq(communications.servicePartnerId, w.partners.nordic))
    .orderBy(asc(communications.id));
}

describe("Fjord's manager and Nordic's communications", () => {
  it('gets 404 on every route about them, and nothing changes', async () => {
    const before = await storedNordic();
    const base = `/service-orders/${nordicOrder.id}/communications`;
    const viaOwnOrder = `/service-orders/${fjordOrder.id}/communications`;
    const cases: [string, string, () => ReturnType<ReturnType<CommsWorld['api']>['get']>][] = [
      ['GET', '/api/service-orders/:id/communications', () => fjord().get(base)],
      [
        'POST',
        '/api/service-orders/:id/communications',
        () => fjord().post(base, { method: 'phone', message: 'x' }),
      ],
      ['GET', '/api/service-orders/:id/communications/:commId', () => fjord().get(`${base}/${nordicLog.id}`)],
      [
        'PUT',
        '/api/service-orders/:id/communications/:commId',
        () => fjord().put(`${base}/${nordicLog.id}`, { version: 1, message: 'Hijacked' }),
      ],
      [
        'DELETE',
        '/api/service-orders/:id/communications/:commId',
        () => fjord().del(`${base}/${nordicLog.id}`),
      ],
      [
        'POST',
        '/api/service-orders/:id/communications/:commId/read',
        () => fjord().post(`${base}/${nordicUnassigned.id}/read`),
      ],
      [
        'POST',
        '/api/service-orders/:id/communications/:commId/retry',
        () => fjord().post(`${base}/${nordicFailed.id}/retry`),
      ],
      [
        'POST',
        '/api/communications/:commId/read',
        () => fjord().post(`/communications/${nordicUnassigned.id}/read`),
      ],
      [
        'POST',
        '/api/communications/:commId/assign',
        () =>
          fjord().post(`/communications/${nordicUnassigned.id}/assign`, { serviceOrderId: fjordOrder.id }),
      ],
      ['DELETE', '/api/communications/:commId', () => fjord().del(`/communications/${nordicUnassigned.id}`)],
    ];
    for (const [method, route, call] of cases) {
      const res = await call();
      expect({ route: `${method} ${route}`, status: res.statusCode, code: res.json().code }).toEqual({
        route: `${method} ${route}`,
        status: 404,
        code: 'not_found',
      });
      expect(res.body).not.toContain('Nordic');
      tested.add(`${method} ${route}`);
    }
    // Nordic's ids through Fjord's own order are just as unknown.
    expect((await fjord().get(`${viaOwnOrder}/${nordicLog.id}`)).statusCode).toBe(404);
    expect((await fjord().post(`${viaOwnOrder}/${nordicFailed.id}/retry`)).statusCode).toBe(404);
    expect(
      (await fjord().put(`${viaOwnOrder}/${nordicLog.id}`, { version: 1, message: 'x' })).statusCode,
    ).toBe(404);
    // Fjord's own message cannot be filed under Nordic's order either.
    const intoNordic = await fjord().post(`/communications/${fjordUnassigned.id}/assign`, {
      serviceOrderId: nordicOrder.id,
    });
    expect(intoNordic.statusCode).toBe(404);
    expect(await storedNordic()).toEqual(before);
    await new Promise((r) => setTimeout(r, 100));
    expect(w.ctx.mail.messages.filter((m) => m.to.includes('nina@example.net'))).toHaveLength(0);
  });

  it('never sees them in the badge or the unassigned inbox', async () => {
    const badge = (await fjord().get('/communications/unread?limit=50')).json<UnreadSummary>();
    expect(badge.count).toBe(1);
    expect(badge.items.map((i) => i.id)).toEqual([fjordUnassigned.id]);
    tested.add('GET /api/communications/unread');
    expect((await unassignedOf(w.tokens.fjord)).map((i) => i.id)).toEqual([fjordUnassigned.id]);
    tested.add('GET /api/communications/unassigned');
    const nordicBadge = (await w.api(w.tokens.manager).get('/communications/unread')).json<UnreadSummary>();
    expect(nordicBadge.items.map((i) => i.id)).toEqual([nordicUnassigned.id]);
  });

  it('a global administrator acting for Fjord gets 404 as well, and acting for Nordic sees them', async () => {
    const asFjord = w.api(w.tokens.admin, actingFor(w.partners.fjord));
    expect((await asFjord.get(`/service-orders/${nordicOrder.id}/communications`)).statusCode).toBe(404);
    expect((await asFjord.post(`/communications/${nordicUnassigned.id}/read`)).statusCode).toBe(404);
    const asNordic = w.api(w.tokens.admin, actingFor(w.partners.nordic));
    expect(
      (await asNordic.get(`/service-orders/${nordicOrder.id}/communications/${nordicLog.id}`)).statusCode,
    ).toBe(200);
  });

  it('covers every communications route (route walk)', () => {
    const routes = w.ctx.app.routeTable
      .filter(
        (r) =>
          (r.url.includes('/communications') || /^\/api\/webhooks\/(email|sms)\//.test(r.url)) &&
          r.method !== 'HEAD',
      )
      .map((r) => `${r.method} ${r.url}`);
    const webhooks = routes.filter((r) => r.includes('/webhooks/'));
    // The webhooks have no tenant: the partner comes from what they match (see the webhook tests).
    expect(webhooks.sort()).toEqual(['POST /api/webhooks/email/inbound', 'POST /api/webhooks/sms/inbound']);
    expect(routes.filter((r) => !tested.has(r) && !webhooks.includes(r))).toEqual([]);
    expect(tested.size).toBe(12);
  });
});
