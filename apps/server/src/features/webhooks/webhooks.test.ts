import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiTokenCreated } from '@service-portal/shared/api-tokens';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import type { WebhookAttempt, WebhookEndpoint, WebhookPayload } from '@service-portal/shared/webhooks';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';
import { multipart, png } from '../../../test/image-fixtures.ts';
import { orderInput } from '../../../test/service-order-fixtures.ts';
import { WebhookReceiver, type Received } from '../../../test/webhook-receiver.ts';

let ctx: TestContext;
let receiver: WebhookReceiver;
let admin: string; // Nordic's Administrator
let manager: string; // Nordic's ServiceManager
let globalAdmin: string;
let fjordId: string;

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  extra = {},
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...bearer(token), ...extra },
    ...(payload ? { payload } : {}),
  });

async function createEndpoint(body: object, by = admin, extra = {}): Promise<WebhookEndpoint> {
  const res = await call(by, 'POST', '/webhooks', body, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WebhookEndpoint>();
}

async function attempts(id: string): Promise<WebhookAttempt[]> {
  const res = await call(admin, 'GET', `/webhooks/${id}/attempts`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: WebhookAttempt[] }>().items;
}

const settle = () => ctx.app.jobs.drain();

/** Verifies as a receiver would, whose clock agrees with the app's (the test moves the app's). */
function verified(secret: string, got: Received): WebhookPayload<Record<string, unknown>> {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(ctx.clock.now.getTime());
  try {
    return new Webhook(secret).verify(got.body, got.headers) as WebhookPayload<Record<string, unknown>>;
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  receiver = new WebhookReceiver();
  await receiver.start();
  ctx = await createTestContext({
    config: { webhooks: { allowedCidrs: ['127.0.0.1/32'], timeoutMs: 2_000, retentionDays: 30 } },
  });
  admin = await signIn(ctx, 'office@nordic.example.com');
  manager = await signIn(ctx, 'manager@nordic.example.com');
  globalAdmin = await signIn(ctx, 'admin@example.com');
  const fjordManager = await signIn(ctx, 'manager@fjord.example.com');
  fjordId = (await call(fjordManager, 'GET', '/user/profile')).json<{ servicePartnerId: string }>()
    .servicePartnerId;
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.stop();
});
beforeEach(async () => {
  // Each test starts with no endpoints of Nordic's and a receiver that answers 204.
  for (const e of (await call(admin, 'GET', '/webhooks')).json<{ items: WebhookEndpoint[] }>().items)
    await call(admin, 'DELETE', `/webhooks/${e.id}`);
  receiver.received.length = 0;
  receiver.respond = () => ({ status: 204 });
});

describe('endpoints', () => {
  it('creates an endpoint with a whsec_ secret, lists, changes and deletes it', async () => {
    const created = await createEndpoint({
      url: receiver.url,
      events: ['order.created'],
      description: 'ERP',
    });
    expect(created).toMatchObject({
      url: receiver.url,
      events: ['order.created'],
      enabled: true,
      description: 'ERP',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const changed = await call(admin, 'PUT', `/webhooks/${created.id}`, {
      events: ['order.completed', 'order.created'],
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Kept in the catalogue's order, whatever order they came in.
    expect(changed.json<WebhookEndpoint>()).toMatchObject({
      events: ['order.created', 'order.completed'],
      enabled: false,
    });
    const list = (await call(admin, 'GET', '/webhooks')).json<{ items: WebhookEndpoint[] }>().items;
    expect(list.map((e) => e.id)).toEqual([created.id]);
    expect((await call(admin, 'DELETE', `/webhooks/${created.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/webhooks/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    for (const body of [
      { url: 'ftp://example.com/x', events: ['order.created'] },
      { url: 'not a url', events: ['order.created'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['order.deleted'] },
      { url: 'https://user:pw@example.com/', events: ['order.created'] },
      { url: receiver.url, events: ['order.created'], enabled: 'yes' },
    ]) {
      const res = await call(admin, 'POST', '/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(admin, 'GET', '/webhooks')).json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('is for Administrators only, and never for an API token', async () => {
    expect((await call(manager, 'GET', '/webhooks')).statusCode).toBe(403);
    expect(
      (await call(manager, 'POST', '/webhooks', { url: receiver.url, events: ['order.created'] })).statusCode,
    ).toBe(403);
    const token = (
      await call(admin, 'POST', '/api-tokens', { name: 'ERP', scopes: ['orders:read', 'orders:write'] })
    ).json<ApiTokenCreated>().secret;
    const res = await call(token, 'GET', '/webhooks');
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string }>().code).toBe('insufficient_scope');
    expect(
      (await call(token, 'POST', '/webhooks', { url: receiver.url, events: ['order.created'] })).statusCode,
    ).toBe(403);
  });

  it('keeps partners apart on every route', async () => {
    const fjord = { 'x-service-partner-id': fjordId };
    const theirs = await createEndpoint({ url: receiver.url, events: ['order.created'] }, globalAdmin, fjord);
    const mine = await createEndpoint({ url: receiver.url, events: ['order.created'] });
    const listed = (await call(admin, 'GET', '/webhooks')).json<{ items: WebhookEndpoint[] }>().items;
    expect(listed.map((e) => e.id)).toEqual([mine.id]);
    const delivery = (await call(globalAdmin, 'POST', `/webhooks/${theirs.id}/test`, undefined, fjord)).json<{
      deliveryId: string;
    }>().deliveryId;
    await settle();
    const probes = [
      call(admin, 'PUT', `/webhooks/${theirs.id}`, { enabled: false }),
      call(admin, 'DELETE', `/webhooks/${theirs.id}`),
      call(admin, 'POST', `/webhooks/${theirs.id}/rotate-secret`),
      call(admin, 'GET', `/webhooks/${theirs.id}/attempts`),
      call(admin, 'POST', `/webhooks/${theirs.id}/test`),
      call(admin, 'POST', `/webhooks/${theirs.id}/deliveries/${delivery}/send-again`),
      // Another partner's delivery under one's own endpoint is not found either.
      call(admin, 'POST', `/webhooks/${mine.id}/deliveries/${delivery}/send-again`),
    ];
    for (const res of await Promise.all(probes)) expect(res.statusCode, res.body).toBe(404);
    const after = (await call(globalAdmin, 'GET', '/webhooks', undefined, fjord)).json<{
      items: WebhookEndpoint[];
    }>();
    expect(after.items[0]).toMatchObject({ id: theirs.id, enabled: true, secret: theirs.secret });
    await call(globalAdmin, 'DELETE', `/webhooks/${theirs.id}`, undefined, fjord);
  });
});

describe('delivery', () => {
  it('delivers order events signed to the Standard Webhooks spec, with the order as the API answers it', async () => {
    const endpoint = await createEndpoint({
      url: receiver.url,
      events: ['order.created', 'order.status_changed', 'order.completed'],
    });
    const created = await call(admin, 'POST', '/service-orders', orderInput());
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<ServiceOrder>();
    await settle();
    const [first] = await receiver.waitFor(1);
    const payload = verified(endpoint.secret, first!);
    expect(payload.type).toBe('order.created');
    expect(payload.data).toEqual((await call(admin, 'GET', `/service-orders/${order.id}`)).json());
    expect(first!.headers['webhook-id']).toMatch(/^msg_/);

    const moved = await call(admin, 'PUT', `/service-orders/${order.id}`, {
      status: 'in_progress',
      version: order.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await settle();
    const done = await call(admin, 'PUT', `/service-orders/${order.id}`, {
      status: 'completed',
      version: moved.json<ServiceOrder>().version,
    });
    expect(done.statusCode, done.body).toBe(200);
    await settle();
    const all = await receiver.waitFor(4);
    const types = all.map((r) => verified(endpoint.secret, r).type);
    expect(types).toEqual([
      'order.created',
      'order.status_changed',
      'order.status_changed',
      'order.completed',
    ]);
    expect(verified(endpoint.secret, all[2]!).data).toMatchObject({
      status: 'completed',
      previousStatus: 'in_progress',
    });
    // Each event its own id.
    expect(new Set(all.map((r) => r.headers['webhook-id'])).size).toBe(4);
    const log = await attempts(endpoint.id);
    expect(log).toHaveLength(4);
    expect(
      log.every((a) => a.outcome === 'succeeded' && a.statusCode === 204 && a.deliveryState === 'succeeded'),
    ).toBe(true);
  });

  it('writes nothing for events no endpoint wants, and nothing when the change rolls back', async () => {
    await createEndpoint({ url: receiver.url, events: ['order.completed'] });
    await call(admin, 'POST', '/service-orders', orderInput());
    // A refused create (a scheduled date in the past) writes no event.
    const refused = await call(admin, 'POST', '/service-orders', orderInput({ scheduledDate: '2001-01-01' }));
    expect(refused.statusCode).toBe(400);
    await settle();
    expect(receiver.received).toHaveLength(0);
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const endpoint = await createEndpoint({ url: receiver.url, events: ['order.created'] });
    const rotated = await call(admin, 'POST', `/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json<WebhookEndpoint>();
    expect(fresh.secret).not.toBe(endpoint.secret);
    expect(fresh.previousSecretExpiresAt).not.toBeNull();
    await call(admin, 'POST', `/webhooks/${endpoint.id}/test`);
    await settle();
    const [got] = await receiver.waitFor(1);
    expect(got!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    // A receiver with either secret accepts it.
    expect(verified(fresh.secret, got!).type).toBe('webhook.test');
    expect(verified(endpoint.secret, got!).type).toBe('webhook.test');
  });

  it('retries a failing endpoint on the schedule with jitter, and "Send again" keeps the webhook-id', async () => {
    const endpoint = await createEndpoint({ url: receiver.url, events: ['order.created'] });
    receiver.respond = () => ({ status: 500, body: 'x'.repeat(5000) });
    await call(admin, 'POST', `/webhooks/${endpoint.id}/test`);
    await settle();
    expect(receiver.received).toHaveLength(1);
    let log = await attempts(endpoint.id);
    expect(log[0]).toMatchObject({
      attempt: 1,
      outcome: 'failed',
      statusCode: 500,
      deliveryState: 'pending',
    });
    expect(log[0]!.response).toHaveLength(2048);
    // Not before 5 s − 20 %, but by 5 s + 20 %.
    ctx.clock.advance(3_900);
    await settle();
    expect(receiver.received).toHaveLength(1);
    ctx.clock.advance(2_200);
    await settle();
    expect(receiver.received).toHaveLength(2);
    receiver.respond = () => ({ status: 200, body: 'ok' });
    ctx.clock.advance(6 * 60_000);
    await settle();
    expect(receiver.received).toHaveLength(3);
    log = await attempts(endpoint.id);
    expect(log.map((a) => [a.attempt, a.outcome])).toEqual([
      [3, 'succeeded'],
      [2, 'failed'],
      [1, 'failed'],
    ]);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const again = await call(
      admin,
      'POST',
      `/webhooks/${endpoint.id}/deliveries/${log[0]!.deliveryId}/send-again`,
    );
    expect(again.statusCode, again.body).toBe(202);
    await settle();
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3]!.headers['webhook-id']).toBe([...ids][0]);
    expect((await attempts(endpoint.id))[0]).toMatchObject({ attempt: 4, outcome: 'succeeded' });
  });

  it(
    'disables an endpoint failing for five days and e-mails the Administrator',
    { timeout: 120_000 },
    async () => {
      const endpoint = await createEndpoint({ url: receiver.url, events: ['order.created'] });
      receiver.respond = () => ({ status: 503 });
      const mailsBefore = ctx.mail.messages.length;
      // A new event every 12 hours, each retried on the schedule meanwhile.
      for (let hour = 0; hour <= 5 * 24 + 12; hour += 12) {
        // Sessions end while days pass: sign in again as the Administrator would.
        admin = await signIn(ctx, 'office@nordic.example.com');
        const res = await call(admin, 'POST', `/webhooks/${endpoint.id}/test`);
        if (res.statusCode === 409) break;
        // Two steps of six hours: every retry due meanwhile runs (some late, which changes nothing).
        for (let step = 0; step < 2; step++) {
          ctx.clock.advance(6 * 3_600_000);
          await settle();
        }
      }
      admin = await signIn(ctx, 'office@nordic.example.com');
      const after = (await call(admin, 'GET', '/webhooks')).json<{ items: WebhookEndpoint[] }>().items[0]!;
      expect(after).toMatchObject({ enabled: false, disabledReason: 'failing' });
      expect(Date.parse(after.updatedAt) - Date.parse(after.failingSince!)).toBeGreaterThanOrEqual(
        5 * 24 * 3_600_000,
      );
      await settle();
      const sent = ctx.mail.messages
        .slice(mailsBefore)
        .filter((m) => m.subject.includes('webhook endpoint was disabled'));
      expect(sent.flatMap((m) => m.to)).toEqual(['office@nordic.example.com']);
      // Nothing more goes to it, and sending to it says why.
      const count = receiver.received.length;
      await call(admin, 'POST', '/service-orders', orderInput());
      ctx.clock.advance(3_600_000);
      await settle();
      expect(receiver.received).toHaveLength(count);
      const test = await call(admin, 'POST', `/webhooks/${endpoint.id}/test`);
      expect(test.statusCode).toBe(409);
      expect(test.json<{ code: string }>().code).toBe('webhook_endpoint_disabled');
      // Enabled again: a fresh start.
      const enabled = await call(admin, 'PUT', `/webhooks/${endpoint.id}`, { enabled: true });
      expect(enabled.json<WebhookEndpoint>()).toMatchObject({
        enabled: true,
        disabledReason: null,
        failingSince: null,
      });
    },
  );
});

describe('events of the other features', () => {
  const day = (offset: number) => {
    const d = new Date(ctx.clock.now.getTime() + offset * 86_400_000);
    return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(d);
  };

  it('reports an order getting a date as order.scheduled', async () => {
    const endpoint = await createEndpoint({ url: receiver.url, events: ['order.scheduled'] });
    const order = (await call(admin, 'POST', '/service-orders', orderInput())).json<ServiceOrder>();
    const res = await call(admin, 'PUT', `/service-orders/${order.id}`, {
      scheduledDate: day(2),
      version: order.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    const [got] = await receiver.waitFor(1);
    expect(verified(endpoint.secret, got!)).toMatchObject({
      type: 'order.scheduled',
      data: { id: order.id, scheduledDate: day(2) },
    });
  });

  it('reports a customer upload through a link as customer_upload.completed', async () => {
    const endpoint = await createEndpoint({ url: receiver.url, events: ['customer_upload.completed'] });
    const order = (
      await call(
        admin,
        'POST',
        '/service-orders',
        orderInput({ customerPhone: '+47 912 34 567', serialNumber: 'WH-SN-1' }),
      )
    ).json<ServiceOrder>();
    const link = await call(admin, 'POST', `/service-orders/${order.id}/upload-links`, { sendVia: 'none' });
    expect(link.statusCode, link.body).toBe(201);
    const token = link.json<{ url: string }>().url.split('/customer-upload/')[1]!;
    const verifiedRes = await ctx.app.inject({
      method: 'POST',
      url: `/api/customer-upload/${token}/verify`,
      payload: { phoneNumber: '912 34 567', serialNumber: 'WH-SN-1' },
    });
    expect(verifiedRes.statusCode, verifiedRes.body).toBe(200);
    const body = multipart([
      { name: 'files', filename: 'leak.png', data: await png(), contentType: 'image/png' },
      { name: 'categories', value: 'problem_area' },
    ]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/customer-upload/${token}/images`,
      headers: { ...body.headers, 'x-upload-session': verifiedRes.json<{ session: string }>().session },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await settle();
    const [got] = await receiver.waitFor(1);
    expect(verified(endpoint.secret, got!)).toMatchObject({
      type: 'customer_upload.completed',
      data: {
        orderId: order.id,
        orderNumber: order.orderNumber,
        imageIds: uploaded.json<{ images: { id: string }[] }>().images.map((i) => i.id),
      },
    });
  });

  it('reports rentals made, returned and overdue (each overdue rental once)', async () => {
    const endpoint = await createEndpoint({
      url: receiver.url,
      events: ['rental.created', 'rental.returned', 'rental.overdue'],
    });
    const unit = await call(admin, 'POST', '/rentals/products', {
      name: 'Webhook cabin',
      serialNumber: 'WH-1',
      condition: 'good',
      lateFeePerDay: 10_000,
    });
    expect(unit.statusCode, unit.body).toBe(201);
    const unitId = unit.json<{ id: string }>().id;
    const rent = (start: string, due: string) =>
      call(admin, 'POST', '/rentals', {
        rentalProductId: unitId,
        customer: { newCustomer: { name: 'Festival AS', email: 'festival@example.net' } },
        startDate: start,
        dueDate: due,
        dailyRate: 50_000,
      });
    const late = await rent(day(-6), day(-3));
    expect(late.statusCode, late.body).toBe(201);
    const lateRental = late.json<{ id: string }>();
    await settle();
    await ctx.app.jobs.enqueue('rentals.overdue-events', {});
    await settle();
    await ctx.app.jobs.enqueue('rentals.overdue-events', {});
    await settle();
    const back = await call(admin, 'POST', `/rentals/${lateRental.id}/return`, {
      condition: 'good',
      version: 1,
    });
    expect(back.statusCode, back.body).toBe(200);
    await settle();
    const got = await receiver.waitFor(3);
    const payloads = got.map((r) => verified(endpoint.secret, r));
    expect(payloads.map((p) => p.type)).toEqual(['rental.created', 'rental.overdue', 'rental.returned']);
    expect(payloads.every((p) => p.data.id === lateRental.id)).toBe(true);
    expect(payloads[2]!.data).toEqual((await call(admin, 'GET', `/rentals/${lateRental.id}`)).json());
  });
});

describe('addresses (SSRF)', () => {
  it('refuses a redirect and logs the delivery as refused', async () => {
    const endpoint = await createEndpoint({ url: receiver.url, events: ['order.created'] });
    receiver.respond = () => ({
      status: 302,
      headers: { location: 'http://169.254.169.254/latest/meta-data/' },
    });
    await call(admin, 'POST', `/webhooks/${endpoint.id}/test`);
    await settle();
    expect(receiver.received).toHaveLength(1);
    const [last] = await attempts(endpoint.id);
    expect(last).toMatchObject({ outcome: 'refused', statusCode: 302 });
    expect(last!.error).toMatch(/redirect/i);
  });
});
