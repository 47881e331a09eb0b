import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Communication, InboxItem, UnreadSummary } from '@service-portal/shared/communications';
import type { ServiceOrder, ServiceOrderListItem } from '@service-portal/shared/service-orders';
import { actingFor } from '../../../test/service-order-fixtures.ts';
import { createCommsWorld, INBOUND_DOMAIN, type CommsWorld } from '../../../test/communication-fixtures.ts';

let w: CommsWorld;
let order: ServiceOrder;
let other: ServiceOrder;
const manager = () => w.api(w.tokens.manager);
const tech = () => w.api(w.tokens.tech);
const base = () => `/service-orders/${order.id}/communications`;

beforeAll(async () => {
  w = await createCommsWorld();
  order = await w.createOrder(w.tokens.manager, {
    customerName: 'Nora Berg',
    customerEmail: 'nora.berg@example.com',
    customerPhone: '+47 400 11 222',
  });
  other = await w.createOrder(w.tokens.manager, {
    customerName: 'Per Dahl',
    customerEmail: 'per.dahl@example.net',
  });
});
afterAll(async () => w.close());

describe('logging and editing communications', () => {
  let call: Communication;

  it('starts empty, and 404s for an order that does not exist', async () => {
    expect((await manager().get(base())).json()).toEqual([]);
    const missing = await manager().get(
      '/service-orders/00000000-0000-4000-8000-000000000000/communications',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });

  it('logs a phone call with its time and direction, by whoever is signed in', async () => {
    const occurredAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const res = await tech().post(base(), {
      method: 'phone',
      direction: 'inbound',
      subject: 'Pickup',
      message: 'Customer asked when the unit is ready.',
      customerResponse: 'Will pick up Friday',
      occurredAt,
    });
    expect(res.statusCode, res.body).toBe(201);
    call = res.json();
    expect(call).toMatchObject({
      serviceOrderId: order.id,
      customerId: order.customerId,
      customerName: 'Nora Berg',
      method: 'phone',
      direction: 'inbound',
      isInternal: false,
      status: 'read',
      deliveryStatus: 'logged',
      deliveryAttempts: 0,
      customerResponse: 'Will pick up Friday',
      createdByName: 'Tore Nilsen',
      occurredAt,
      sentAt: null,
      version: 1,
    });
    expect(call.readAt).not.toBeNull();
    expect(call.createdBy).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists them oldest first by when they happened', async () => {
    const note = await w.communicate(w.tokens.manager, order.id, {
      method: 'in_person',
      message: 'Internal: check the warranty before quoting',
      isInternal: true,
    });
    const list = (await manager().get(base())).json<Communication[]>();
    expect(list.map((c) => c.id)).toEqual([call.id, note.id]);
    expect((await manager().get(`${base()}/${call.id}`)).json()).toEqual(call);
  });

  it.each([
    ['an e-mail without a subject', { method: 'email', message: 'x' }, 'subject'],
    [
      'an inbound e-mail typed in by staff',
      { method: 'email', subject: 's', message: 'x', direction: 'inbound' },
      'direction',
    ],
    [
      'a call in the future',
      { method: 'phone', message: 'x', occurredAt: new Date(Date.now() + 86_400_000).toISOString() },
      'occurredAt',
    ],
    ['an unknown method', { method: 'fax', message: 'x' }, 'method'],
    ['an empty message', { method: 'phone', message: '  ' }, 'message'],
  ])('refuses %s with 400 naming the field', async (_name, body, path) => {
    const res = await manager().post(base(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('changes a log with its version; a stale version is 409 and changes nothing', async () => {
    const res = await manager().put(`${base()}/${call.id}`, {
      version: 1,
      message: 'Customer asked when the unit is ready; told Friday.',
      direction: 'outbound',
      deliveryNotes: 'Called back on the mobile',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      version: 2,
      direction: 'outbound',
      deliveryNotes: 'Called back on the mobile',
      customerResponse: 'Will pick up Friday',
      subject: 'Pickup',
    });
    const stale = await manager().put(`${base()}/${call.id}`, { version: 1, message: 'Overwritten' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const cleared = await manager().put(`${base()}/${call.id}`, {
      version: 2,
      subject: '',
      customerResponse: null,
    });
    expect(cleared.json()).toMatchObject({ subject: null, customerResponse: null, version: 3 });
    call = cleared.json();
  });

  it("keeps a sent message's words; its notes and the customer's response can change", async () => {
    const email = await w.communicate(w.tokens.manager, order.id, {
      method: 'email',
      subject: 'Ready',
      message: 'Your unit is ready.',
    });
    const sent = await w.settled(w.tokens.manager, order.id, email.id);
    const locked = await manager().put(`${base()}/${email.id}`, {
      version: sent.version,
      message: 'Something else',
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('conflict');
    const internal = await manager().put(`${base()}/${email.id}`, {
      version: sent.version,
      isInternal: true,
    });
    expect(internal.statusCode).toBe(409);
    const same = await manager().put(`${base()}/${email.id}`, {
      version: sent.version,
      message: 'Your unit is ready.',
      customerResponse: 'Replied by phone: coming Friday',
      deliveryNotes: 'Also told at the counter',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({
      message: 'Your unit is ready.',
      customerResponse: 'Replied by phone: coming Friday',
    });
  });

  it('never turns an internal e-mail note into a sent message', async () => {
    const note = await w.communicate(w.tokens.manager, order.id, {
      method: 'email',
      message: 'draft',
      isInternal: true,
    });
    const res = await manager().put(`${base()}/${note.id}`, { version: 1, isInternal: false });
    expect(res.statusCode).toBe(409);
    const edited = await manager().put(`${base()}/${note.id}`, { version: 1, message: 'better draft' });
    expect(edited.json()).toMatchObject({
      message: 'better draft',
      isInternal: true,
      deliveryStatus: 'logged',
    });
  });

  it('deletes, after which the entry is gone', async () => {
    const res = await manager().del(`${base()}/${call.id}`);
    expect(res.statusCode).toBe(204);
    expect((await manager().get(`${base()}/${call.id}`)).statusCode).toBe(404);
    expect((await manager().del(`${base()}/${call.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for a communication asked for through another of the partner's orders", async () => {
    const [first] = (await manager().get(base())).json<Communication[]>();
    const res = await manager().get(`/service-orders/${other.id}/communications/${first!.id}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('unread messages and the badge', () => {
  const unread = async (token = w.tokens.manager, query = '') => {
    const res = await w.api(token).get(`/communications/unread${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<UnreadSummary>();
  };
  const inboundEmail = async (fields: Parameters<CommsWorld['postEmail']>[0]) => {
    const res = await w.postEmail(fields).response;
    expect(res.json()).toEqual({ result: 'stored' });
    w.ctx.clock.advance(1000);
  };

  it('counts inbound messages as they arrive and as they are read; what we send never counts', async () => {
    const start = (await unread()).count;
    const sentToNora = await w.communicate(w.tokens.manager, order.id, {
      method: 'sms',
      message: 'On our way',
    });
    await w.settled(w.tokens.manager, order.id, sentToNora.id);
    expect((await unread()).count).toBe(start);

    await inboundEmail({ from: 'Nora Berg <nora.berg@example.com>', text: 'First question' });
    await inboundEmail({ from: 'Nora Berg <nora.berg@example.com>', text: 'Second question' });
    const stranger = await w.postEmail({
      from: 'Someone <someone@example.org>',
      recipient: `x@${INBOUND_DOMAIN}`,
    }).response;
    expect(stranger.json()).toEqual({ result: 'unmatched' });
    const sms = w.postSms({ From: '+4740011222', Body: 'And an SMS' });
    expect((await sms.response).statusCode).toBe(200);

    const summary = await unread();
    expect(summary.count).toBe(start + 3);
    expect(summary.items.slice(0, 3).map((i) => i.message)).toEqual([
      'And an SMS',
      'Second question',
      'First question',
    ]);
    expect(summary.items[0]).toMatchObject({
      orderNumber: order.orderNumber,
      serviceOrderId: order.id,
      direction: 'inbound',
      status: 'unread',
    });
    expect((await unread(w.tokens.manager, '?limit=1')).items).toHaveLength(1);
    expect((await unread(w.tokens.manager, '?limit=1')).count).toBe(start + 3);
    expect((await w.api(w.tokens.manager).get('/communications/unread?limit=0')).statusCode).toBe(400);
    expect((await unread(w.tokens.fjord)).count).toBe(0);

    // Opening one marks it read; so does the read action, on the order or from the badge list.
    const [newest, second, third] = summary.items;
    await tech().get(`${base()}/${newest!.id}`);
    expect((await unread()).count).toBe(start + 2);
    const marked = await tech().post(`${base()}/${second!.id}/read`);
    expect(marked.json()).toMatchObject({ status: 'read' });
    const again = await tech().post(`${base()}/${second!.id}/read`);
    expect(again.json<Communication>().readAt).toBe(marked.json<Communication>().readAt);
    expect((await unread()).count).toBe(start + 1);
    const fromBadge = await tech().post(`/communications/${third!.id}/read`);
    expect(fromBadge.json()).toMatchObject({ status: 'read', orderNumber: order.orderNumber });
    expect((await unread()).count).toBe(start);
  });

  it('works for a global administrator acting for the partner', async () => {
    const res = await w.api(w.tokens.admin, actingFor(w.partners.nordic)).get('/communications/unread');
    expect(res.statusCode).toBe(200);
    expect((await w.api(w.tokens.admin).get('/communications/unread')).statusCode).toBe(400);
  });
});

describe('the unassigned inbox', () => {
  let stray: InboxItem;

  it('lists inbound messages that could not be filed, and files one under an order', async () => {
    // Per Dahl has two open orders: a bare e-mail from him cannot be filed safely.
    await w.createOrder(w.tokens.manager, {
      customerName: 'Per Dahl',
      customerEmail: 'per.dahl@example.net',
    });
    const res = await w.postEmail({ from: 'Per Dahl <per.dahl@example.net>', text: 'Is my unit done?' })
      .response;
    expect(res.json()).toEqual({ result: 'stored' });
    const inbox = await manager().get('/communications/unassigned?pageSize=5');
    expect(inbox.statusCode).toBe(200);
    const body = inbox.json<{ items: InboxItem[]; total: number; page: number; pageSize: number }>();
    expect(body).toMatchObject({ page: 1, pageSize: 5 });
    stray = body.items.find((i) => i.message === 'Is my unit done?')!;
    expect(stray).toMatchObject({
      serviceOrderId: null,
      orderNumber: null,
      customerName: 'Per Dahl',
      status: 'unread',
    });

    const filed = await tech().post(`/communications/${stray.id}/assign`, { serviceOrderId: other.id });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json()).toMatchObject({
      serviceOrderId: other.id,
      orderNumber: other.orderNumber,
      customerId: other.customerId,
      version: stray.version + 1,
    });
    const onOrder = (await manager().get(`/service-orders/${other.id}/communications`)).json<
      Communication[]
    >();
    expect(onOrder.map((c) => c.id)).toContain(stray.id);
    const after = (await manager().get('/communications/unassigned')).json<{
      items: InboxItem[];
      total: number;
    }>();
    expect(after.items.map((i) => i.id)).not.toContain(stray.id);
    expect(after.total).toBe(body.total - 1);
  });

  it('files only inbound messages, under orders that exist', async () => {
    const outbound = (await manager().get(base()))
      .json<Communication[]>()
      .find((c) => c.direction === 'outbound')!;
    expect(
      (await manager().post(`/communications/${outbound.id}/assign`, { serviceOrderId: other.id }))
        .statusCode,
    ).toBe(409);
    const missing = await manager().post(`/communications/${stray.id}/assign`, {
      serviceOrderId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await manager().post(`/communications/${stray.id}/assign`, { serviceOrderId: 'nope' })).statusCode,
    ).toBe(400);
  });

  it('discards an unassigned message, but not one filed under an order', async () => {
    const res = await w.postEmail({ from: 'Per Dahl <per.dahl@example.net>', text: 'Spam-like' }).response;
    expect(res.json()).toEqual({ result: 'stored' });
    const junk = (await manager().get('/communications/unassigned')).json<{ items: InboxItem[] }>().items[0]!;
    expect((await manager().del(`/communications/${junk.id}`)).statusCode).toBe(204);
    expect((await manager().post(`/communications/${junk.id}/read`)).statusCode).toBe(404);
    const filedAway = await manager().del(`/communications/${stray.id}`);
    expect(filedAway.statusCode).toBe(409);
  });
});

describe('GET /api/service-orders?includeCommunications=true', () => {
  it("adds each order's communications to the page, and nothing without the flag", async () => {
    const withComms = await manager().get('/service-orders?includeCommunications=true&pageSize=100');
    expect(withComms.statusCode, withComms.body).toBe(200);
    const items = withComms.json<{ items: ServiceOrderListItem[] }>().items;
    const mine = items.find((i) => i.id === order.id)!;
    const direct = (await manager().get(base())).json<Communication[]>();
    expect(mine.communications).toEqual(direct);
    expect(items.every((i) => Array.isArray(i.communications))).toBe(true);
    const plain = await manager().get('/service-orders');
    expect(plain.json<{ items: ServiceOrderListItem[] }>().items[0]).not.toHaveProperty('communications');
    const fjord = await w.api(w.tokens.fjord).get('/service-orders?includeCommunications=true');
    expect(fjord.json<{ items: ServiceOrderListItem[] }>().items).toEqual([]);
  });
});
