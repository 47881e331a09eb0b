import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Communication } from '@service-portal/shared/communications';
import type { ServiceOrder, ServiceOrderCreateInput } from '@service-portal/shared/service-orders';
import { seedIdentities } from '../src/seed/identities.ts';
import { FakeTwilio, form, mailgunSign, twilioSign } from './fake-twilio.ts';
import { bearer, createTestContext, signIn } from './helper.ts';
import { orderInput } from './service-order-fixtures.ts';

export const PUBLIC_URL = 'https://portal.example.test';
export const INBOUND_DOMAIN = 'inbound.service-portal.test';

/**
 * A test app wired to a fake Twilio on loopback and the SMTP catcher, with inbound webhooks
 * configured (unless `webhooks: false`), the usual cast signed in, and helpers for the API and
 * the provider side of the webhooks.
 */
export async function createCommsWorld(options: { webhooks?: boolean } = {}) {
  const webhooks = options.webhooks ?? true;
  const twilio = new FakeTwilio();
  await twilio.start();
  const mailgunKey = randomBytes(24).toString('hex');
  const ctx = await createTestContext({
    config: {
      publicUrl: PUBLIC_URL,
      inboundEmailDomain: INBOUND_DOMAIN,
      mailgunSigningKey: webhooks ? mailgunKey : undefined,
      sms: {
        apiBaseUrl: twilio.baseUrl,
        accountSid: twilio.accountSid,
        authToken: webhooks ? twilio.authToken : undefined,
        from: twilio.from,
        defaultCountryCode: '47',
      },
    },
  });
  // Without the auth token the app logs SMS instead; the fake keeps its own for signing.
  const partnerIds = await seedIdentities(ctx.app.db);
  const partners = {
    nordic: partnerIds.get('Nordic Service AS')!,
    fjord: partnerIds.get('Fjord Repair AS')!,
  };
  const tokens = {
    manager: await signIn(ctx, 'manager@nordic.example.com'),
    tech: await signIn(ctx, 'tech@nordic.example.com'),
    fjord: await signIn(ctx, 'manager@fjord.example.com'),
    admin: await signIn(ctx, 'admin@example.com'),
  };

  const api = (token: string, headers: Record<string, string> = {}) => {
    const send = (method: InjectOptions['method'], url: string, payload?: unknown) =>
      ctx.app.inject({
        method,
        url: `/api${url}`,
        headers: { ...bearer(token), ...headers },
        ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
      });
    return {
      get: (url: string) => send('GET', url),
      post: (url: string, payload?: unknown) => send('POST', url, payload ?? {}),
      put: (url: string, payload: unknown) => send('PUT', url, payload),
      del: (url: string) => send('DELETE', url),
    };
  };

  async function createOrder(
    token: string,
    overrides: Partial<ServiceOrderCreateInput> = {},
    ...statuses: string[]
  ) {
    const res = await api(token).post('/service-orders', orderInput(overrides));
    expect(res.statusCode, res.body).toBe(201);
    let order = res.json<ServiceOrder>();
    for (const status of statuses) {
      const next = await api(token).put(`/service-orders/${order.id}`, { version: order.version, status });
      expect(next.statusCode, next.body).toBe(200);
      order = next.json();
    }
    return order;
  }

  async function communicate(token: string, orderId: string, body: Record<string, unknown>) {
    const res = await api(token).post(`/service-orders/${orderId}/communications`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Communication>();
  }

  /** Polls until the message has been sent or has failed. */
  async function settled(
    token: string,
    orderId: string,
    id: string,
    timeoutMs = 8000,
  ): Promise<Communication> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const res = await api(token).get(`/service-orders/${orderId}/communications/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      const c = res.json<Communication>();
      if (c.deliveryStatus === 'sent' || c.deliveryStatus === 'failed') return c;
      if (Date.now() > until) throw new Error(`communication ${id} still ${c.deliveryStatus}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  let smsCounter = 0;
  /** An inbound SMS as Twilio posts it, signed unless `signature` is given. */
  function postSms(
    params: Partial<Record<'From' | 'To' | 'Body' | 'MessageSid' | 'NumMedia' | 'MediaUrl0', string>>,
    opts: { signature?: string; path?: string } = {},
  ) {
    smsCounter += 1;
    const full: Record<string, string> = {
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      AccountSid: twilio.accountSid,
      To: twilio.from,
      NumMedia: '0',
      ...params,
    };
    const path = opts.path ?? '/api/webhooks/sms/inbound';
    const signature = opts.signature ?? twilioSign(twilio.authToken, `${PUBLIC_URL}${path}`, full);
    return {
      params: full,
      response: ctx.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: form(full),
      }),
    };
  }

  /** An inbound e-mail as Mailgun posts it, signed now (the app's clock) unless told otherwise. */
  function postEmail(
    fields: {
      from: string;
      recipient?: string;
      subject?: string;
      text?: string;
      messageId?: string;
      inReplyTo?: string;
      references?: string;
    },
    opts: { timestamp?: number; token?: string; signature?: string; key?: string } = {},
  ) {
    const messageId = fields.messageId ?? `<${randomBytes(8).toString('hex')}@mail.example.net>`;
    const headers: [string, string][] = [
      ['From', fields.from],
      ['To', fields.recipient ?? `post@${INBOUND_DOMAIN}`],
      ['Subject', fields.subject ?? 'Re: your order'],
      ['Message-Id', messageId],
    ];
    if (fields.inReplyTo) headers.push(['In-Reply-To', fields.inReplyTo]);
    if (fields.references) headers.push(['References', fields.references]);
    const signed = mailgunSign(
      opts.key ?? mailgunKey,
      opts.timestamp ?? ctx.clock.now.getTime() / 1000,
      opts.token,
    );
    const body = {
      recipient: fields.recipient ?? `post@${INBOUND_DOMAIN}`,
      sender: /<(.+)>/.exec(fields.from)?.[1] ?? fields.from,
      from: fields.from,
      subject: fields.subject ?? 'Re: your order',
      'body-plain': `${fields.text ?? 'Thanks!'}\n\nOn Monday you wrote:\n> old text`,
      'stripped-text': fields.text ?? 'Thanks!',
      'message-headers': JSON.stringify(headers),
      ...signed,
      ...(opts.signature !== undefined ? { signature: opts.signature } : {}),
    };
    return {
      messageId,
      fields: body,
      response: ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/email/inbound',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(body),
      }),
    };
  }

  return {
    ctx,
    twilio,
    mailgunKey,
    partners,
    tokens,
    api,
    createOrder,
    communicate,
    settled,
    postSms,
    postEmail,
    get smsCount() {
      return smsCounter;
    },
    async close() {
      await ctx.close();
      await twilio.stop();
    },
  };
}

export type CommsWorld = Awaited<ReturnType<typeof createCommsWorld>>;

/** The value of a header in a raw caught mail (unfolded). */
export function rawHeader(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
}
