import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Communication, InboxItem } from '@service-portal/shared/communications';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { communications, webhookReplayTokens } from '../../db/schema/communications.ts';
import {
  createCommsWorld,
  INBOUND_DOMAIN,
  PUBLIC_URL,
  type CommsWorld,
} from '../../../test/communication-fixtures.ts';
import { form, mailgunSign, twilioSign } from '../../../test/fake-twilio.ts';

let w: CommsWorld;
/** Kari has two open orders (a, b); Ola one open (c) and one completed (d); "shared" is a customer of both partners. */
const o: Record<'a' | 'b' | 'c' | 'd' | 'sharedNordic' | 'sharedFjord', ServiceOrder> = {} as never;
const mail: Record<'a' | 'b', { messageId: string; replyToken: string }> = {} as never;

const KARI = {
  name: 'Kari Nordmann',
  email: 'kari.nordmann@example.net',
  phone: '+47 480 00 001',
  e164: '+4748000001',
};
const OLA = { name: 'Ola Vik', email: 'ola.vik@example.net', phone: '480 00 002', e164: '+4748000002' };

async function inboundRows() {
  return w.ctx.app.db.select().from(communications).where(eq(communications.direction, 'inbound'));
}
async function inboundCount() {
  const [row] = await w.ctx.app.db
    .select({ n: count() })
    .from(communications)
    .where(eq(communications.direction, 'inbound'));
  return row!.n;
}
async function byProviderId(id: string) {
  const [row] = await w.ctx.app.db
    .select()
    .from(communications)
    .where(eq(communications.providerMessageId, id));
  return row;
}

beforeAll(async () => {
  w = await createCommsWorld();
  const kari = { customerName: KARI.name, customerEmail: KARI.email, customerPhone: KARI.phone };
  const ola = { customerName: OLA.name, customerEmail: OLA.email, customerPhone: OLA.phone };
  o.a = await w.createOrder(w.tokens.manager, { ...kari, title: 'Heater element failure' });
  o.b = await w.createOrder(w.tokens.manager, { ...kari, title: 'Annual maintenance' }, 'in_progress');
  o.c = await w.createOrder(w.tokens.manager, { ...ola, title: 'Main fan noise' }, 'scheduled');
  o.d = await w.createOrder(w.tokens.manager, { ...ola, title: 'Old job' }, 'in_progress', 'completed');
  const shared = {
    customerName: 'Sam Shared',
    customerEmail: 'sam.shared@example.net',
    customerPhone: '+47 480 00 003',
  };
  o.sharedNordic = await w.createOrder(w.tokens.manager, shared);
  o.sharedFjord = await w.createOrder(w.tokens.fjord, shared);
  for (const key of ['a', 'b'] as const) {
    const sent = await w.communicate(w.tokens.manager, o[key].id, {
      method: 'email',
      subject: `About ${o[key].orderNumber}`,
      message: 'Please reply to this e-mail.',
    });
    await w.settled(w.tokens.manager, o[key].id, sent.id);
    const [row] = await w.ctx.app.db.select().from(communications).where(eq(communications.id, sent.id));
    mail[key] = { messageId: row!.messageId!, replyToken: row!.replyToken! };
  }
});
afterAll(async () => w.close());

describe('POST /api/webhooks/sms/inbound', () => {
  it('stores a signed SMS from the customer with one open order on that order, unread, and answers TwiML', async () => {
    const { params, response } = w.postSms({ From: OLA.e164, Body: 'Can you come after 15:00?' });
    const res = await response;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    const row = await byProviderId(params.MessageSid!);
    expect(row).toMatchObject({
      servicePartnerId: w.partners.nordic,
      serviceOrderId: o.c.id,
      customerId: o.c.customerId,
      customerName: OLA.name,
      method: 'sms',
      direction: 'inbound',
      readAt: null,
      deliveryStatus: 'received',
      fromAddress: OLA.e164,
      toAddress: w.twilio.from,
      message: 'Can you come after 15:00?',
    });
  });

  it('creates nothing when Twilio retries the same MessageSid, and still answers 200', async () => {
    const first = w.postSms({ From: OLA.e164, Body: 'Once' });
    expect((await first.response).statusCode).toBe(200);
    const before = await inboundCount();
    const again = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSign(
          w.twilio.authToken,
          `${PUBLIC_URL}/api/webhooks/sms/inbound`,
          first.params,
        ),
      },
      payload: form(first.params),
    });
    expect(again.statusCode).toBe(200);
    expect(await inboundCount()).toBe(before);
  });

  it.each([
    ['no signature', { signature: '' }],
    ['a signature made with another token', { signature: 'e30=' }],
    ['a signature for another URL', { signature: 'other-url' }],
    ['a body changed after signing', { signature: 'tampered' }],
  ])('answers 403 and stores nothing for %s', async (_name, variant) => {
    const before = await inboundCount();
    const params = {
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      From: OLA.e164,
      To: w.twilio.from,
      Body: 'Hello',
    };
    const url = `${PUBLIC_URL}/api/webhooks/sms/inbound`;
    const signature =
      variant.signature === 'other-url'
        ? twilioSign(w.twilio.authToken, url.replace('https://', 'http://'), params)
        : variant.signature === 'tampered'
          ? twilioSign(w.twilio.authToken, url, params)
          : variant.signature === 'e30='
            ? twilioSign('another-token', url, params)
            : '';
    const res = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature ? { 'x-twilio-signature': signature } : {}),
      },
      payload: form(
        variant.signature === 'tampered' ? { ...params, Body: 'Hello, send it to me instead' } : params,
      ),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(await inboundCount()).toBe(before);
  });

  it('accepts the URL with its query string as Twilio called it', async () => {
    const { params, response } = w.postSms(
      { From: OLA.e164, Body: 'With query' },
      { path: '/api/webhooks/sms/inbound?source=twilio' },
    );
    expect((await response).statusCode).toBe(200);
    expect(await byProviderId(params.MessageSid!)).toBeDefined();
  });

  it('leaves an SMS from a customer with two open orders unassigned, on the right partner', async () => {
    const { params, response } = w.postSms({ From: KARI.e164, Body: 'Which day do you come?' });
    expect((await response).statusCode).toBe(200);
    expect(await byProviderId(params.MessageSid!)).toMatchObject({
      servicePartnerId: w.partners.nordic,
      serviceOrderId: null,
      customerId: o.a.customerId,
      customerName: KARI.name,
    });
  });

  it('keeps picture messages’ media links, and stores nothing from an unknown number', async () => {
    const mms = w.postSms({
      From: OLA.e164,
      Body: '',
      NumMedia: '1',
      MediaUrl0: 'https://api.twilio.com/media/ME1',
    });
    expect((await mms.response).statusCode).toBe(200);
    expect(await byProviderId(mms.params.MessageSid!)).toMatchObject({
      message: '(picture message)',
      deliveryNotes: 'Media: https://api.twilio.com/media/ME1',
    });
    const before = await inboundCount();
    const unknown = w.postSms({ From: '+4799999999', Body: 'Who is this?' });
    expect((await unknown.response).statusCode).toBe(200);
    expect(await inboundCount()).toBe(before);
  });
});

describe("the webhooks take their providers' forms only (issue 32)", () => {
  it('answers a correctly signed e-mail sent as JSON with 415, storing nothing', async () => {
    const { fields, response } = w.postEmail({ from: `${OLA.name} <${OLA.email}>`, text: 'As a form' });
    expect((await response).statusCode).toBe(200);
    const before = await inboundCount();
    // The same fields, signed afresh (a new token), as JSON: before issue 32 this was accepted.
    const signed = { ...fields, ...mailgunSign(w.mailgunKey, w.ctx.clock.now.getTime() / 1000) };
    const res = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/email/inbound',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(signed),
    });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().code).toBe('unsupported_media_type');
    expect(await inboundCount()).toBe(before);
  });

  it('answers an SMS sent as JSON or as multipart with 415, storing nothing', async () => {
    const before = await inboundCount();
    const params = { From: OLA.e164, To: w.twilio.from, Body: 'json', MessageSid: 'SMjson' };
    for (const [type, payload] of [
      ['application/json', JSON.stringify(params)],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="Body"\r\n\r\nhi\r\n--x--\r\n',
      ],
      ['text/plain', 'Body=hi'],
    ] as const) {
      const res = await w.ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/sms/inbound',
        headers: {
          'content-type': type,
          'x-twilio-signature': twilioSign(
            w.twilio.authToken,
            `${PUBLIC_URL}/api/webhooks/sms/inbound`,
            params,
          ),
        },
        payload,
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(415);
    }
    expect(await inboundCount()).toBe(before);
  });
});

describe('POST /api/webhooks/email/inbound: verification', () => {
  const fromOla = () => ({ from: `${OLA.name} <${OLA.email}>`, text: 'Verification test' });

  it.each([
    ['a wrong signature', { signature: 'ab'.repeat(32) }],
    ['a signature made with another key', { key: 'another-signing-key' }],
    ['a signature that is not hex', { signature: 'not-a-signature' }],
  ])('answers 401 and stores nothing for %s', async (_name, opts) => {
    const before = await inboundCount();
    const res = await w.postEmail(fromOla(), opts).response;
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
    expect(await inboundCount()).toBe(before);
  });

  it('answers 401 without the signature fields', async () => {
    const res = await w.ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/email/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ from: OLA.email, recipient: `x@${INBOUND_DOMAIN}`, 'body-plain': 'hi' }),
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a timestamp older than 5 minutes or more than a minute ahead; accepts one 4 minutes old', async () => {
    const now = w.ctx.clock.now.getTime() / 1000;
    const before = await inboundCount();
    expect((await w.postEmail(fromOla(), { timestamp: now - 301 }).response).statusCode).toBe(401);
    expect((await w.postEmail(fromOla(), { timestamp: now + 90 }).response).statusCode).toBe(401);
    expect(await inboundCount()).toBe(before);
    const ok = await w.postEmail(fromOla(), { timestamp: now - 240 }).response;
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ result: 'stored' });
  });

  it('refuses a reused token (a replayed webhook), storing nothing', async () => {
    const token = randomBytes(25).toString('hex');
    const first = await w.postEmail({ ...fromOla(), text: 'first' }, { token }).response;
    expect(first.json()).toEqual({ result: 'stored' });
    const before = await inboundCount();
    const replay = await w.postEmail({ ...fromOla(), text: 'replayed with a new message id' }, { token })
      .response;
    expect(replay.statusCode).toBe(401);
    expect(await inboundCount()).toBe(before);
    const [seen] = await w.ctx.app.db
      .select()
      .from(webhookReplayTokens)
      .where(eq(webhookReplayTokens.token, `mailgun:${token}`));
    expect(seen).toBeDefined();
  });

  it('creates nothing for a retried delivery of the same message (same Message-Id, new token)', async () => {
    const first = w.postEmail({ ...fromOla(), text: 'Only once please' });
    expect((await first.response).json()).toEqual({ result: 'stored' });
    const before = await inboundCount();
    const again = await w.postEmail({ ...fromOla(), text: 'Only once please', messageId: first.messageId })
      .response;
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ result: 'duplicate' });
    expect(await inboundCount()).toBe(before);
  });
});

describe('POST /api/webhooks/email/inbound: threading', () => {
  async function deliver(fields: Parameters<CommsWorld['postEmail']>[0]) {
    const sent = w.postEmail(fields);
    const res = await sent.response;
    expect(res.statusCode, res.body).toBe(200);
    return { result: res.json<{ result: string }>().result, row: await byProviderId(sent.messageId) };
  }
  const kari = `"${KARI.name}" <${KARI.email}>`;

  it("(1) a reply to order A's e-mail lands on A by its reply address, even when it quotes B's", async () => {
    const { row } = await deliver({
      from: kari,
      recipient: `reply+${mail.a.replyToken}@${INBOUND_DOMAIN}`,
      inReplyTo: mail.b.messageId,
      subject: `Re: About ${o.a.orderNumber}`,
      text: 'Tuesday works for me.',
    });
    expect(row).toMatchObject({
      servicePartnerId: w.partners.nordic,
      serviceOrderId: o.a.id,
      customerId: o.a.customerId,
      message: 'Tuesday works for me.',
      subject: `Re: About ${o.a.orderNumber}`,
      fromAddress: KARI.email,
      readAt: null,
      deliveryStatus: 'received',
    });
  });

  it('(2) without the reply address, In-Reply-To and References name the thread', async () => {
    expect((await deliver({ from: kari, inReplyTo: mail.b.messageId })).row?.serviceOrderId).toBe(o.b.id);
    expect(
      (
        await deliver({
          from: kari,
          references: `<unknown@elsewhere> ${mail.a.messageId} <later@mail.example.net>`,
        })
      ).row?.serviceOrderId,
    ).toBe(o.a.id);
    // A reply to the customer's own earlier message of the thread follows it too.
    const earlier = await deliver({ from: kari, inReplyTo: mail.a.messageId, text: 'first' });
    const [earlierRow] = await w.ctx.app.db
      .select()
      .from(communications)
      .where(eq(communications.id, earlier.row!.id));
    expect(
      (await deliver({ from: kari, inReplyTo: earlierRow!.providerMessageId! })).row?.serviceOrderId,
    ).toBe(o.a.id);
  });

  it('(3) a bare e-mail from a customer with two open orders goes to unassigned, never to either order', async () => {
    const { result, row } = await deliver({ from: kari, subject: 'Question', text: 'When are you coming?' });
    expect(result).toBe('stored');
    expect(row).toMatchObject({
      servicePartnerId: w.partners.nordic,
      serviceOrderId: null,
      customerId: o.a.customerId,
      customerName: KARI.name,
    });
    const inbox = await w.api(w.tokens.manager).get('/communications/unassigned');
    expect(inbox.json<{ items: InboxItem[] }>().items.map((i) => i.id)).toContain(row!.id);
  });

  it("(3) a bare e-mail from a customer with one open order lands on it, whatever the address's case", async () => {
    const { row } = await deliver({ from: `OLA.VIK@Example.NET`, text: 'Thanks for the update' });
    expect(row?.serviceOrderId).toBe(o.c.id);
    expect(row?.customerName).toBe(OLA.name);
  });

  it('stores nothing when the sender is unknown, or a customer of two partners with no thread to follow', async () => {
    const before = await inboundCount();
    expect((await deliver({ from: 'stranger@example.org', text: 'Spam' })).result).toBe('unmatched');
    expect(
      (await deliver({ from: 'Sam <sam.shared@example.net>', text: 'Which of you is this?' })).result,
    ).toBe('unmatched');
    expect(await inboundCount()).toBe(before);
  });

  it('takes the partner from the thread, never from who the sender claims to be', async () => {
    // Fjord's customer answers through Nordic's reply address: it is Nordic's thread.
    const { row } = await deliver({
      from: 'Sam <sam.shared@example.net>',
      recipient: `reply+${mail.b.replyToken}@${INBOUND_DOMAIN}`,
    });
    expect(row).toMatchObject({ servicePartnerId: w.partners.nordic, serviceOrderId: o.b.id });
    // A made-up token or a token for another domain threads nothing.
    const fake = await deliver({
      from: 'stranger@example.org',
      recipient: `reply+${'0'.repeat(40)}@${INBOUND_DOMAIN}`,
    });
    expect(fake.result).toBe('unmatched');
    const otherDomain = await deliver({
      from: 'stranger@example.org',
      recipient: `reply+${mail.a.replyToken}@evil.example`,
    });
    expect(otherDomain.result).toBe('unmatched');
  });

  it('shows what came in on the order, unread, and opening it marks it read', async () => {
    const list = await w.api(w.tokens.tech).get(`/service-orders/${o.a.id}/communications`);
    const inbound = list.json<Communication[]>().filter((c) => c.direction === 'inbound');
    expect(inbound.length).toBeGreaterThanOrEqual(3);
    const first = inbound[0]!;
    expect(first).toMatchObject({ status: 'unread', readAt: null, createdBy: null, createdByName: null });
    const opened = await w.api(w.tokens.tech).get(`/service-orders/${o.a.id}/communications/${first.id}`);
    expect(opened.json()).toMatchObject({ status: 'read', readAt: expect.any(String) });
    const rows = await w.ctx.app.db
      .select()
      .from(communications)
      .where(and(eq(communications.id, first.id), eq(communications.serviceOrderId, o.a.id)));
    expect(rows[0]!.readAt).not.toBeNull();
    expect((await inboundRows()).every((r) => r.servicePartnerId === w.partners.nordic)).toBe(true);
  });
});

describe('webhooks without their secrets', () => {
  it('answer 503 and store nothing', async () => {
    const bare = await createCommsWorld({ webhooks: false });
    try {
      const sms = await bare.postSms({ From: OLA.e164, Body: 'hi' }).response;
      expect(sms.statusCode).toBe(503);
      const email = await bare.postEmail({ from: OLA.email }).response;
      expect(email.statusCode).toBe(503);
      const [row] = await bare.ctx.app.db.select({ n: count() }).from(communications);
      expect(row!.n).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
