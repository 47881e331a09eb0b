import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Communication } from '@service-portal/shared/communications';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { buildApp } from '../../app.ts';
import { communications } from '../../db/schema/communications.ts';
import { testConfig } from '../../../test/helper.ts';
import {
  createCommsWorld,
  INBOUND_DOMAIN,
  rawHeader,
  type CommsWorld,
} from '../../../test/communication-fixtures.ts';

let w: CommsWorld;
let order: ServiceOrder;
const manager = () => w.api(w.tokens.manager);
const base = () => `/service-orders/${order.id}/communications`;

beforeAll(async () => {
  w = await createCommsWorld();
  order = await w.createOrder(w.tokens.manager, {
    customerName: 'Ingrid Johansen',
    customerEmail: 'ingrid.johansen@example.net',
    customerPhone: '912 34 567',
  });
});
afterAll(async () => w.close());

async function stored(id: string) {
  const [row] = await w.ctx.app.db.select().from(communications).where(eq(communications.id, id));
  return row!;
}

describe('sending an e-mail', () => {
  it('stores it pending, then sends it over SMTP with a reply address and Message-ID of its own', async () => {
    const before = w.ctx.mail.messages.length;
    const created = await w.communicate(w.tokens.manager, order.id, {
      method: 'email',
      subject: `Your order ${order.orderNumber} is ready for pickup`,
      message: 'Hello Ingrid,\n\nYour heater is repaired and ready for pickup.',
    });
    expect(created).toMatchObject({
      method: 'email',
      direction: 'outbound',
      deliveryStatus: expect.stringMatching(/^(pending|sending|sent)$/),
      toAddress: 'ingrid.johansen@example.net',
      fromAddress: 'no-reply@service-portal.test',
      customerName: 'Ingrid Johansen',
      customerId: order.customerId,
      createdByName: 'Marte Hansen',
      status: 'read',
    });
    const sent = await w.settled(w.tokens.manager, order.id, created.id);
    expect(sent).toMatchObject({ deliveryStatus: 'sent', deliveryAttempts: 1, deliveryError: null });
    expect(sent.sentAt).not.toBeNull();

    const mail = await w.ctx.mail.waitFor('ingrid.johansen@example.net', 5000, before);
    expect(mail.subject).toBe(`Your order ${order.orderNumber} is ready for pickup`);
    expect(mail.text).toContain('ready for pickup');
    const row = await stored(created.id);
    expect(row.replyToken).toMatch(/^[a-f0-9]{40}$/);
    expect(rawHeader(mail.raw, 'Reply-To')).toBe(`reply+${row.replyToken}@${INBOUND_DOMAIN}`);
    expect(row.messageId).toMatch(new RegExp(`^<[0-9a-f-]{36}@${INBOUND_DOMAIN.replaceAll('.', '\\.')}>$`));
    expect(rawHeader(mail.raw, 'Message-ID')).toBe(row.messageId);
    // The token and Message-ID are ours to thread by; they are not part of the API.
    expect(JSON.stringify(sent)).not.toContain(row.replyToken!);
  });

  it('never sends an internal e-mail note, nor a logged call', async () => {
    const before = w.ctx.mail.messages.length;
    const note = await w.communicate(w.tokens.manager, order.id, {
      method: 'email',
      message: 'Draft to the customer, not sent yet',
      isInternal: true,
    });
    const call = await w.communicate(w.tokens.tech, order.id, {
      method: 'phone',
      direction: 'inbound',
      message: 'Customer called about pickup hours',
      occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    for (const c of [note, call]) {
      expect(c).toMatchObject({
        deliveryStatus: 'logged',
        deliveryAttempts: 0,
        toAddress: null,
        status: 'read',
      });
      expect((await stored(c.id)).messageId).toBeNull();
    }
    expect(call.direction).toBe('inbound');
    await new Promise((r) => setTimeout(r, 150));
    expect(w.ctx.mail.messages.length).toBe(before);
  });

  it('shows a refused e-mail as failed with the reason, and a retry sends it once with the same Message-ID', async () => {
    const address = 'bounce.me@example.net';
    const bouncing = await w.createOrder(w.tokens.manager, {
      customerName: 'Per Dahl',
      customerEmail: address,
    });
    w.ctx.mail.rejecting.add(address);
    const path = `/service-orders/${bouncing.id}/communications`;
    const created = await w.communicate(w.tokens.manager, bouncing.id, {
      method: 'email',
      subject: 'Your visit',
      message: 'We come on Tuesday.',
    });
    const failed = await w.settled(w.tokens.manager, bouncing.id, created.id);
    expect(failed).toMatchObject({ deliveryStatus: 'failed', deliveryAttempts: 1, sentAt: null });
    expect(failed.deliveryError).toMatch(/550|Mailbox unavailable|rejected/i);
    expect(w.ctx.mail.messages.filter((m) => m.to.includes(address))).toHaveLength(0);

    // Only a failed message can be retried.
    const sentOne = (await manager().get(base()))
      .json<Communication[]>()
      .find((c) => c.deliveryStatus === 'sent')!;
    const notFailed = await manager().post(`${base()}/${sentOne.id}/retry`);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().code).toBe('conflict');

    w.ctx.mail.rejecting.delete(address);
    // Three retries at once: one claims the row, the others are told it is no longer failed.
    const answers = await Promise.all([1, 2, 3].map(() => manager().post(`${path}/${created.id}/retry`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409, 409]);
    const accepted = answers.find((a) => a.statusCode === 202)!.json<Communication>();
    expect(accepted).toMatchObject({ deliveryStatus: 'sending', deliveryAttempts: 2, deliveryError: null });

    const done = await w.settled(w.tokens.manager, bouncing.id, created.id);
    expect(done).toMatchObject({ deliveryStatus: 'sent', deliveryAttempts: 2, deliveryError: null });
    await new Promise((r) => setTimeout(r, 150));
    const delivered = w.ctx.mail.messages.filter((m) => m.to.includes(address));
    expect(delivered).toHaveLength(1);
    expect(rawHeader(delivered[0]!.raw, 'Message-ID')).toBe((await stored(created.id)).messageId);
  });
});

describe('sending an SMS', () => {
  it("sends it to the provider in E.164 from the configured number and keeps the provider's id", async () => {
    const before = w.twilio.messages.length;
    const created = await w.communicate(w.tokens.tech, order.id, {
      method: 'sms',
      message: `Your order ${order.orderNumber} is ready for pickup.`,
    });
    expect(created).toMatchObject({ toAddress: '+4791234567', fromAddress: w.twilio.from, subject: null });
    const sent = await w.settled(w.tokens.tech, order.id, created.id);
    expect(sent).toMatchObject({ deliveryStatus: 'sent', deliveryAttempts: 1 });
    expect(w.twilio.messages.slice(before)).toEqual([
      {
        sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
        to: '+4791234567',
        from: w.twilio.from,
        body: `Your order ${order.orderNumber} is ready for pickup.`,
        idempotencyKey: created.id,
      },
    ]);
    expect((await stored(created.id)).providerMessageId).toBe(w.twilio.messages.at(-1)!.sid);
  });

  it('shows a refusal as failed with the provider code; a retry sends it', async () => {
    w.twilio.failNext('refuse');
    const created = await w.communicate(w.tokens.manager, order.id, {
      method: 'sms',
      message: 'Ready tomorrow.',
    });
    const failed = await w.settled(w.tokens.manager, order.id, created.id);
    expect(failed.deliveryStatus).toBe('failed');
    expect(failed.deliveryError).toContain('code 21610');
    const before = w.twilio.messages.length;
    expect((await manager().post(`${base()}/${created.id}/retry`)).statusCode).toBe(202);
    expect(await w.settled(w.tokens.manager, order.id, created.id)).toMatchObject({
      deliveryStatus: 'sent',
      deliveryAttempts: 2,
    });
    expect(w.twilio.messages.length).toBe(before + 1);
  });

  it('after an ambiguous failure (sent, but answered 500) a retry is recognised and not sent twice', async () => {
    w.twilio.failNext('ambiguous');
    const before = w.twilio.messages.length;
    const created = await w.communicate(w.tokens.manager, order.id, {
      method: 'sms',
      message: 'See you at 10.',
    });
    const failed = await w.settled(w.tokens.manager, order.id, created.id);
    expect(failed.deliveryStatus).toBe('failed');
    expect(failed.deliveryError).toMatch(/may or may not have been sent/);
    expect(w.twilio.messages.length).toBe(before + 1); // it did go out

    const recognised = w.twilio.duplicatesRecognised;
    expect((await manager().post(`${base()}/${created.id}/retry`)).statusCode).toBe(202);
    expect(await w.settled(w.tokens.manager, order.id, created.id)).toMatchObject({ deliveryStatus: 'sent' });
    expect(w.twilio.messages.length).toBe(before + 1); // still one on the customer's phone
    expect(w.twilio.duplicatesRecognised).toBe(recognised + 1);
    expect((await stored(created.id)).providerMessageId).toBe(w.twilio.messages.at(-1)!.sid);
  });

  it('refuses an SMS to an order without a usable phone number, storing nothing', async () => {
    const noPhone = await w.createOrder(w.tokens.manager, { customerPhone: null });
    const res = await manager().post(`/service-orders/${noPhone.id}/communications`, {
      method: 'sms',
      message: 'Hi',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'method', message: expect.stringContaining('phone number') }]);
    expect((await manager().get(`/service-orders/${noPhone.id}/communications`)).json()).toEqual([]);
  });
});

describe('start-up recovery', () => {
  it('sends what was stored but never taken, and fails what was cut off mid-send', async () => {
    const pending = await w.communicate(w.tokens.manager, order.id, {
      method: 'email',
      message: 'will be reset to pending',
      isInternal: true,
    });
    const stuck = await w.communicate(w.tokens.manager, order.id, {
      method: 'email',
      message: 'will look stuck',
      isInternal: true,
    });
    // As a crash would leave them: one stored and never claimed, one claimed and never finished.
    await w.ctx.app.db
      .update(communications)
      .set({
        isInternal: false,
        deliveryStatus: 'pending',
        subject: 'Recovered',
        toAddress: 'recovered@example.net',
        messageId: '<recovered@x>',
        replyToken: 'a'.repeat(40),
      })
      .where(eq(communications.id, pending.id));
    await w.ctx.app.db
      .update(communications)
      .set({
        isInternal: false,
        deliveryStatus: 'sending',
        deliveryAttempts: 1,
        updatedAt: new Date(Date.now() - 3_600_000),
      })
      .where(eq(communications.id, stuck.id));

    const second = await buildApp({
      config: testConfig({
        smtpUrl: `smtp://127.0.0.1:${w.ctx.mail.port}`,
        inboundEmailDomain: INBOUND_DOMAIN,
      }),
      database: w.ctx.app.database,
      closeDatabase: false,
    });
    try {
      await second.ready();
      const mail = await w.ctx.mail.waitFor('recovered@example.net', 5000);
      expect(rawHeader(mail.raw, 'Message-ID')).toBe('<recovered@x>');
    } finally {
      await second.close();
    }
    expect(await w.settled(w.tokens.manager, order.id, pending.id)).toMatchObject({ deliveryStatus: 'sent' });
    const cut = await w.settled(w.tokens.manager, order.id, stuck.id);
    expect(cut.deliveryStatus).toBe('failed');
    expect(cut.deliveryError).toMatch(/interrupted/);
  });
});
