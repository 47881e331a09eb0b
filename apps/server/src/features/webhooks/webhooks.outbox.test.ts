import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Communication } from '@service-portal/shared/communications';
import type { Estimate } from '@service-portal/shared/estimates';
import type { ServiceReport } from '@service-portal/shared/service-reports';
import type { UploadSession } from '@service-portal/shared/upload-links';
import type { WebhookEndpoint, WebhookPayload } from '@service-portal/shared/webhooks';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';
import { WebhookReceiver, type Received } from '../../../test/webhook-receiver.ts';

/**
 * `estimate.approved` and `report.signed` are written to the outbox in the transaction of the
 * approval and of the signing (decision 063): a rolled-back change leaves no event, and each
 * change is exactly one event, verified as a receiver would with the `standardwebhooks` package.
 */
let w: OrdersWorld;
let receiver: WebhookReceiver;
const PHONE = '+47 912 34 567';
let serials = 0;

const admin = () => w.api(w.tokens.office); // Nordic's Administrator
const settle = () => w.ctx.app.jobs.drain();

function verified(secret: string, got: Received): WebhookPayload<Record<string, unknown>> {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(w.ctx.clock.now.getTime());
  try {
    return new Webhook(secret).verify(got.body, got.headers) as WebhookPayload<Record<string, unknown>>;
  } finally {
    spy.mockRestore();
  }
}

async function endpointFor(events: string[]): Promise<WebhookEndpoint> {
  const res = await admin().post('/webhooks', { url: receiver.url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WebhookEndpoint>();
}

/** The rows of a raw query, whichever driver ran it (PGlite an array, node-postgres `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Mail jobs queued for this purpose (the mail outbox is the job table). */
async function mailsFor(purpose: string): Promise<number> {
  const result: unknown = await w.ctx.app.db.execute(
    sql`select count(*)::int as n from jobs where name = 'mail.send' and payload->>'purpose' = ${purpose}`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

async function eventsOfType(type: string): Promise<number> {
  const result: unknown = await w.ctx.app.db.execute(
    sql`select count(*)::int as n from webhook_events where type = ${type}`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

/**
 * Makes the next commit that wrote an outbox row fail (a deferred constraint trigger raises at
 * COMMIT), so whatever the same transaction changed rolls back with it. Returns the undo.
 */
async function failCommitsWithAnEvent(): Promise<() => Promise<void>> {
  const db = w.ctx.app.db;
  await db.execute(sql`create or replace function test_refuse_event() returns trigger
    language plpgsql as $$ begin raise exception 'refused at commit (test)'; end $$`);
  await db.execute(sql`create constraint trigger test_refuse_event after insert on webhook_events
    deferrable initially deferred for each row execute function test_refuse_event()`);
  return async () => {
    await db.execute(sql`drop trigger test_refuse_event on webhook_events`);
    await db.execute(sql`drop function test_refuse_event()`);
  };
}

beforeAll(async () => {
  receiver = new WebhookReceiver();
  await receiver.start();
  w = await createOrdersWorld({
    config: { webhooks: { allowedCidrs: ['127.0.0.1/32'], timeoutMs: 2_000, retentionDays: 30 } },
  });
});
afterAll(async () => {
  await w?.ctx.close();
  await receiver?.stop();
});
beforeEach(async () => {
  for (const e of (await admin().get('/webhooks')).json<{ items: WebhookEndpoint[] }>().items)
    await admin().del(`/webhooks/${e.id}`);
  receiver.received.length = 0;
});

describe('estimate.approved', () => {
  const pub = (method: 'GET' | 'POST', url: string, session?: string, payload?: unknown) =>
    w.ctx.app.inject({
      method,
      url: `/api/customer-upload${url}`,
      headers: session ? { 'x-upload-session': session } : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

  /** An order with a sent estimate and the customer's verified session on its link. */
  async function sentEstimate() {
    const serial = `SN-WH-EST-${++serials}`;
    const order = await admin().post(
      '/service-orders',
      orderInput({ customerPhone: PHONE, serialNumber: serial }),
    );
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json<{ id: string }>().id;
    const composed = await admin().post(`/service-orders/${orderId}/estimates`, {
      lines: [{ partNumber: 'P-1', description: 'Pump', quantity: 1, unitPriceMinor: 10_000 }],
      labourMinutes: 30,
    });
    expect(composed.statusCode, composed.body).toBe(201);
    const estimate = composed.json<Estimate>();
    const sent = await admin().post(`/service-orders/${orderId}/estimates/${estimate.id}/send`, {
      method: 'sms',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const comms = (await admin().get(`/service-orders/${orderId}/communications`)).json<Communication[]>();
    const token = /\/customer-upload\/([A-Za-z0-9_-]+)/.exec(comms.at(-1)!.message)![1]!;
    const verifiedLink = await pub('POST', `/${token}/verify`, undefined, {
      phoneNumber: PHONE,
      serialNumber: serial,
    });
    expect(verifiedLink.statusCode, verifiedLink.body).toBe(200);
    const session = verifiedLink.json<UploadSession>().session;
    const approve = () =>
      pub('POST', `/${token}/estimates/approve`, session, {
        estimateId: estimate.id,
        version: estimate.version,
        name: 'Ola Nordmann',
      });
    const status = async () =>
      (await admin().get(`/service-orders/${orderId}/estimates`)).json<Estimate[]>()[0]!.status;
    return { orderId, estimate, approve, status };
  }

  it('leaves no event when the approval rolls back', async () => {
    await endpointFor(['estimate.approved']);
    const { approve, status } = await sentEstimate();
    const before = await eventsOfType('estimate.approved');
    const undo = await failCommitsWithAnEvent();
    try {
      expect((await approve()).statusCode).toBe(500);
    } finally {
      await undo();
    }
    expect(await status()).toBe('sent');
    expect(await eventsOfType('estimate.approved')).toBe(before);
    await settle();
    expect(receiver.received).toHaveLength(0);
  });

  it('emits exactly one signed event per approval, with the estimate as the API answers it', async () => {
    const endpoint = await endpointFor(['estimate.approved']);
    const { orderId, estimate, approve } = await sentEstimate();
    const before = await eventsOfType('estimate.approved');
    const ok = await approve();
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await approve()).statusCode).toBe(409);
    await settle();
    expect(await eventsOfType('estimate.approved')).toBe(before + 1);
    const [got] = await receiver.waitFor(1);
    expect(receiver.received).toHaveLength(1);
    const payload = verified(endpoint.secret, got!);
    const approved = ok.json<Estimate>();
    expect(payload.type).toBe('estimate.approved');
    expect(payload.data).toEqual({
      ...approved,
      orderId,
      approvedAt: approved.decidedAt,
    });
    expect(payload.data).toMatchObject({ id: estimate.id, status: 'approved', approvedName: 'Ola Nordmann' });
  });
});

describe('report.signed', () => {
  const sign = (orderId: string) =>
    admin().post(`/service-orders/${orderId}/report/signature`, {
      signerName: 'Åse Ødegård',
      language: 'nb',
      signature: { kind: 'typed' },
    });
  const newOrder = async () => {
    const res = await admin().post('/service-orders', orderInput());
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; orderNumber: string }>();
  };

  it('leaves no event and no mail when the signing rolls back', async () => {
    await endpointFor(['report.signed']);
    const order = await newOrder();
    const before = await eventsOfType('report.signed');
    const mailsBefore = await mailsFor('service-report');
    const undo = await failCommitsWithAnEvent();
    try {
      expect((await sign(order.id)).statusCode).toBe(500);
    } finally {
      await undo();
    }
    // Nor a customer copy of a report that was never signed: its mail is queued in the signing.
    expect(await mailsFor('service-report')).toBe(mailsBefore);
    expect((await admin().get(`/service-orders/${order.id}/report`)).json<ServiceReport>().signed).toBe(
      false,
    );
    expect(await eventsOfType('report.signed')).toBe(before);
    await settle();
    expect(receiver.received).toHaveLength(0);
  });

  it('emits exactly one signed event per signing', async () => {
    const endpoint = await endpointFor(['report.signed']);
    const order = await newOrder();
    const before = await eventsOfType('report.signed');
    const mailsBefore = await mailsFor('service-report');
    const res = await sign(order.id);
    expect(res.statusCode, res.body).toBe(201);
    expect((await sign(order.id)).statusCode).toBe(409);
    expect(await mailsFor('service-report')).toBe(mailsBefore + 1);
    await settle();
    expect(await eventsOfType('report.signed')).toBe(before + 1);
    const [got] = await receiver.waitFor(1);
    expect(receiver.received).toHaveLength(1);
    const signed = res.json<ServiceReport>();
    const payload = verified(endpoint.secret, got!);
    expect(payload.type).toBe('report.signed');
    expect(payload.data).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      signedAt: signed.signedAt,
      signerName: 'Åse Ødegård',
      signatureKind: 'typed',
      language: 'nb',
      sha256: signed.sha256,
      pdfBytes: signed.pdfBytes,
    });
    expect(payload.data.id).toEqual(expect.any(String));
  });
});

describe('retention', () => {
  const DAY = 86_400_000;
  const eventOf = async (orderId: string) => {
    const result: unknown = await w.ctx.app.db.execute(
      sql`select e.id, (select count(*)::int from webhook_attempts a join webhook_deliveries d
            on d.id = a.delivery_id where d.event_id = e.id) as attempts
          from webhook_events e where e.body like ${`%${orderId}%`}`,
    );
    return rowsOf<{ id: string; attempts: number }>(result)[0] ?? null;
  };
  const newOrder = async () => {
    const res = await admin().post('/service-orders', orderInput());
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };

  it('deletes finished events older than the setting with their delivery log, and keeps the rest', async () => {
    await endpointFor(['order.created']);
    const old = await newOrder();
    const oldPending = await newOrder();
    await settle();
    await receiver.waitFor(2);
    expect((await eventOf(old))?.attempts).toBe(1);
    // One still being retried (its delivery pending) is kept however old it is.
    await w.ctx.app.db.execute(
      sql`update webhook_deliveries set state = 'pending' where event_id = ${(await eventOf(oldPending))!.id}`,
    );
    w.ctx.clock.advance(29 * DAY);
    await w.signInAgain();
    const recent = await newOrder();
    await settle();
    await receiver.waitFor(3);
    w.ctx.clock.advance(2 * DAY); // the first two are 31 days old, the last 2 days
    await w.ctx.app.jobs.enqueue('webhooks.retention', {});
    await settle();
    expect(await eventOf(old)).toBeNull();
    expect(await eventOf(oldPending)).not.toBeNull();
    expect((await eventOf(recent))?.attempts).toBe(1);
    // Nothing of the deleted event's deliveries or attempts is left behind.
    const orphans: unknown = await w.ctx.app.db.execute(
      sql`select count(*)::int as n from webhook_deliveries d
          where not exists (select 1 from webhook_events e where e.id = d.event_id)`,
    );
    expect(rowsOf<{ n: number }>(orphans)[0]!.n).toBe(0);
  });
});
