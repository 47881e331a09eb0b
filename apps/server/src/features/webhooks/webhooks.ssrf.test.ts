import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookAttempt, WebhookEndpoint } from '@service-portal/shared/webhooks';
import { webhookEndpoints } from '../../db/schema/webhooks.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';
import { WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { checkEndpointUrl, postWebhook } from './webhooks.delivery.ts';

/**
 * SSRF: with no allow-list (a real installation's default), an endpoint may only be a public
 * https address, when it is saved and again whenever it is used.
 */
let ctx: TestContext;
let receiver: WebhookReceiver;
let admin: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  receiver = new WebhookReceiver();
  await receiver.start();
  ctx = await createTestContext({
    config: { webhooks: { allowedCidrs: [], timeoutMs: 2_000, retentionDays: 30 } },
  });
  admin = await signIn(ctx, 'office@nordic.example.com');
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.stop();
});

describe('on save', () => {
  it('refuses non-public and plain-http addresses with a clear error, and stores nothing', async () => {
    const port = new URL(receiver.url).port;
    for (const url of [
      receiver.url, // loopback
      `http://localhost:${port}/hooks`, // a name resolving to loopback
      'https://localhost/x',
      'http://127.0.0.2/x',
      'https://10.0.0.1/x',
      'https://192.168.1.1/x',
      'https://172.16.5.4/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://224.0.0.1/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'http://93.184.215.14/x', // public, but plain http
    ]) {
      const res = await call('POST', '/webhooks', { url, events: ['order.created'] });
      expect(res.statusCode, url).toBe(400);
      const problem = res.json<{ code: string; detail: string }>();
      expect(problem.code, url).toBe('webhook_url_refused');
      expect(problem.detail, url).toMatch(/not public|https|resolved/);
    }
    expect((await call('GET', '/webhooks')).json<{ items: unknown[] }>().items).toEqual([]);
  });
});

describe('at delivery', () => {
  it('refuses an address that is not public although it was saved, and logs the delivery as refused', async () => {
    // A public address literal passes the check on save (no DNS needed).
    const created = await call('POST', '/webhooks', {
      url: 'https://93.184.215.14/hooks',
      events: ['order.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json<WebhookEndpoint>();
    const port = new URL(receiver.url).port;
    for (const url of [
      receiver.url,
      `http://localhost:${port}/hooks`,
      'http://10.1.2.3/hooks',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::ffff:127.0.0.1]:${port}/hooks`,
    ]) {
      // As if DNS had changed since the address was saved (or the row behind the API's back).
      await ctx.app.db.update(webhookEndpoints).set({ url }).where(eq(webhookEndpoints.id, endpoint.id));
      const sent = await call('POST', `/webhooks/${endpoint.id}/test`);
      expect(sent.statusCode, sent.body).toBe(202);
      await ctx.app.jobs.drain();
      const [last] = (await call('GET', `/webhooks/${endpoint.id}/attempts`)).json<{
        items: WebhookAttempt[];
      }>().items;
      expect(last, url).toMatchObject({ outcome: 'refused', statusCode: null, attempt: 1 });
      expect(last!.error, url).toMatch(/not public|https/);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('checks every address a name has (one private address among public ones is enough to refuse)', async () => {
    const policy = { allowedCidrs: [] };
    const resolve = async (host: string) =>
      ({ 'rebind.example': ['93.184.215.14', '127.0.0.1'], 'public.example': ['93.184.215.14'] })[host] ?? [];
    expect(await checkEndpointUrl('https://rebind.example/x', policy, resolve)).toMatchObject({ ok: false });
    expect(await checkEndpointUrl('https://nothing.example/x', policy, resolve)).toMatchObject({ ok: false });
    expect(await checkEndpointUrl('https://public.example/x', policy, resolve)).toMatchObject({
      ok: true,
      address: '93.184.215.14',
    });
    // The connection goes to the checked address: a name that resolves to loopback is never dialled.
    const result = await postWebhook({
      url: `http://evil.example:${new URL(receiver.url).port}/hooks`,
      body: '{}',
      headers: {},
      policy,
      timeoutMs: 1_000,
      resolve: async () => ['127.0.0.1'],
    });
    expect(result).toMatchObject({ outcome: 'refused', statusCode: null });
    expect(receiver.received).toHaveLength(0);
  });

  it('gives up after the time limit and reads at most 64 KB of an answer', async () => {
    const policy = { allowedCidrs: ['127.0.0.1/32'] };
    receiver.hold = true;
    const slow = await postWebhook({ url: receiver.url, body: '{}', headers: {}, policy, timeoutMs: 300 });
    expect(slow).toMatchObject({ outcome: 'failed', statusCode: null });
    expect(slow.error).toMatch(/300 ms/);
    receiver.release();
    receiver.respond = () => ({ status: 200, body: 'y'.repeat(5 * 1024 * 1024) });
    const big = await postWebhook({ url: receiver.url, body: '{}', headers: {}, policy, timeoutMs: 5_000 });
    expect(big).toMatchObject({ outcome: 'succeeded', statusCode: 200 });
    expect(big.response).toHaveLength(2048);
  });
});
