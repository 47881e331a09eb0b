import { createHmac, generateKeyPairSync, randomUUID, sign as rsaSign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '@service-portal/shared/admin';
import type { ShopUserLink } from '@service-portal/shared/shop-links';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';
import { isOwnPath } from '@service-portal/shared/shop-auth';
import { oauthHmac, oauthHmacMessage } from './shop-auth.checks.ts';

const SHOP = 'nordic-sanitary-demo.myshopify.com';
const API_KEY = 'test-api-key';
const SECRET = 'current-secret-0123456789';
const PREVIOUS = 'previous-secret-0123456789';

let ctx: TestContext;
let adminToken = '';
let manager: AdminUser;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A session token as App Bridge makes it (HS256 over header.payload with the app's secret). */
function sessionToken(
  claims: Record<string, unknown> = {},
  opts: { secret?: string; header?: Record<string, unknown> } = {},
): string {
  const nowS = Math.floor(ctx.clock.now.getTime() / 1000);
  const payload = {
    iss: `https://${SHOP}/admin`,
    dest: `https://${SHOP}`,
    aud: API_KEY,
    sub: '9001',
    exp: nowS + 60,
    nbf: nowS - 1,
    iat: nowS - 1,
    jti: randomUUID(),
    sid: randomUUID(),
    ...claims,
  };
  const head = b64(opts.header ?? { alg: 'HS256', typ: 'JWT' });
  const body = b64(payload);
  const sig = createHmac('sha256', opts.secret ?? SECRET)
    .update(`${head}.${body}`)
    .digest('base64url');
  return `${head}.${body}.${sig}`;
}

const verify = (shopifyJwt: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/verify-jwt', payload: { shopifyJwt } });

beforeAll(async () => {
  ctx = await createTestContext({
    config: {
      shop: {
        shop: SHOP,
        apiBase: 'http://127.0.0.1:9',
        apiVersion: '2026-10',
        tokenSource: 'static',
        adminToken: 'x',
        tokenRefreshMarginMs: 300_000,
        demo: false,
        apiKey: API_KEY,
        apiSecret: SECRET,
        previousApiSecret: PREVIOUS,
        allowlist: [SHOP],
        timeoutMs: 1000,
      },
    },
  });
  adminToken = await signIn(ctx, 'admin@example.com');
  const res = await ctx.app.inject({
    url: '/api/admin/users?search=manager@nordic.example.com',
    headers: bearer(adminToken),
  });
  manager = res.json<{ items: AdminUser[] }>().items[0]!;
  // The shop user 9001 is the Nordic manager (an administrator's link).
  const link = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/shop-user-links',
    headers: bearer(adminToken),
    payload: { shop: SHOP, shopUserId: '9001', userId: manager.id },
  });
  expect(link.statusCode).toBe(201);
});
afterAll(async () => ctx.close());

describe('POST /api/auth/verify-jwt', () => {
  it('signs a linked shop user in with a session of ours (method shopify)', async () => {
    const res = await verify(sessionToken());
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; expiresAt: string; user: { email: string } }>();
    expect(body.user.email).toBe('manager@nordic.example.com');
    const profile = await ctx.app.inject({ url: '/api/user/profile', headers: bearer(body.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json<{ email: string }>().email).toBe('manager@nordic.example.com');
  });

  it('accepts a token signed with the previous secret (rotation)', async () => {
    expect((await verify(sessionToken({}, { secret: PREVIOUS }))).statusCode).toBe(200);
  });

  it.each([
    ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '9001' })}.`],
    ['not three parts', () => 'abc.def'],
  ])('refuses %s with 401', async (_name, make) => {
    const res = await verify(make());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'invalid_session_token' });
  });

  it('refuses RS256 (even validly signed with an RSA key) with 401', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const head = b64({ alg: 'RS256', typ: 'JWT' });
    const nowS = Math.floor(ctx.clock.now.getTime() / 1000);
    const body = b64({
      iss: `https://${SHOP}/admin`,
      dest: `https://${SHOP}`,
      aud: API_KEY,
      sub: '9001',
      exp: nowS + 60,
      nbf: nowS,
      jti: randomUUID(),
    });
    const sig = rsaSign('sha256', Buffer.from(`${head}.${body}`), privateKey).toString('base64url');
    const res = await verify(`${head}.${body}.${sig}`);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token signed with another secret with 401', async () => {
    expect((await verify(sessionToken({}, { secret: 'someone-else' }))).statusCode).toBe(401);
  });

  it('refuses an expired token (beyond the 10 s leeway) with 401, and takes one within it', async () => {
    const nowS = Math.floor(ctx.clock.now.getTime() / 1000);
    expect((await verify(sessionToken({ exp: nowS - 11 }))).statusCode).toBe(401);
    expect((await verify(sessionToken({ exp: nowS - 5 }))).statusCode).toBe(200);
    expect((await verify(sessionToken({ nbf: nowS + 30 }))).statusCode).toBe(401);
  });

  it('refuses a token for another audience with 401', async () => {
    const res = await verify(sessionToken({ aud: 'another-app' }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'invalid_session_token' });
  });

  it.each([
    [
      'a.myshopify.com.evil.com',
      { iss: 'https://a.myshopify.com.evil.com/admin', dest: 'https://a.myshopify.com.evil.com' },
    ],
    ['evil.com', { iss: 'https://evil.com/admin', dest: 'https://evil.com' }],
    [
      'a shop not on the allowlist',
      { iss: 'https://other.myshopify.com/admin', dest: 'https://other.myshopify.com' },
    ],
    ['iss and dest on different hosts', { dest: 'https://other.myshopify.com' }],
    ['iss path other than /admin', { iss: `https://${SHOP}/admin/x` }],
  ])('refuses %s with 403', async (_name, claims) => {
    const res = await verify(sessionToken(claims));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'shop_not_allowed' });
  });

  it('refuses a replayed jti with 401', async () => {
    const token = sessionToken();
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'session_token_replayed' });
  });

  it('refuses a token without sub, and without jti', async () => {
    expect((await verify(sessionToken({ sub: undefined }))).statusCode).toBe(403);
    expect((await verify(sessionToken({ jti: undefined }))).statusCode).toBe(401);
  });

  it('refuses bad input with 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify-jwt', payload: {} });
    expect(res.statusCode).toBe(400);
  });
});

describe('OAuth HMAC (integrations.md test vector)', () => {
  it('matches the published vector', () => {
    const params = {
      code: '0907a61c0c8d55e99db179b68161bc00',
      shop: 'some-shop.myshopify.com',
      state: '0.6784241404160823',
      timestamp: '1337178173',
      hmac: 'ignored',
      expected_state: 'ignored too',
    };
    expect(oauthHmacMessage(params)).toBe(
      'code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173',
    );
    expect(oauthHmac('hush', params)).toBe(
      '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
    );
  });
});

describe('GET /api/auth/login', () => {
  it('answers an authorize URL with a fresh 256-bit state and our callback', async () => {
    const res = await ctx.app.inject({ url: '/api/auth/login?returnUrl=%2Fservice-orders%3Fpage%3D2' });
    expect(res.statusCode).toBe(200);
    const { authorizationUrl, state } = res.json<{ authorizationUrl: string; state: string }>();
    expect(Buffer.from(state, 'base64url').length).toBeGreaterThanOrEqual(16);
    const url = new URL(authorizationUrl);
    expect(url.pathname).toBe('/admin/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe(API_KEY);
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('scope')).toBe('read_products,write_draft_orders');
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1/auth/callback');
    expect(url.searchParams.getAll('grant_options[]')).toEqual(['per-user']);
  });

  it.each([
    '//evil.com',
    'https://evil.com',
    '/\\evil.com',
    'javascript:alert(1)',
    '\\\\evil.com',
    ' /x',
    '/\t/evil.com',
  ])('refuses returnUrl %j with 400 (no open redirect)', async (returnUrl) => {
    const res = await ctx.app.inject({ url: `/api/auth/login?returnUrl=${encodeURIComponent(returnUrl)}` });
    expect(res.statusCode).toBe(400);
    expect(isOwnPath(returnUrl)).toBe(false);
  });
});

describe('GET /api/auth/callback', () => {
  async function issue(returnUrl = '/') {
    const res = await ctx.app.inject({ url: `/api/auth/login?returnUrl=${encodeURIComponent(returnUrl)}` });
    return res.json<{ state: string }>().state;
  }

  function callbackUrl(params: Record<string, string>, secret = SECRET) {
    const hmac = oauthHmac(secret, params);
    return `/api/auth/callback?${new URLSearchParams({ ...params, hmac }).toString()}`;
  }

  const base = (state: string, over: Record<string, string> = {}) => ({
    code: 'abc123',
    shop: SHOP,
    state,
    timestamp: String(Math.floor(ctx.clock.now.getTime() / 1000)),
    host: Buffer.from(`${SHOP}/admin`).toString('base64url'),
    ...over,
  });

  it('refuses a bad hmac with 401', async () => {
    const state = await issue();
    const params = base(state);
    const res = await ctx.app.inject({
      url: `/api/auth/callback?${new URLSearchParams({ ...params, hmac: '00'.repeat(32), expected_state: state }).toString()}`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'invalid_shop_signature' });
  });

  it('refuses a timestamp more than 90 s away with 401', async () => {
    const state = await issue();
    const old = String(Math.floor(ctx.clock.now.getTime() / 1000) - 91);
    const res = await ctx.app.inject({
      url: `${callbackUrl(base(state, { timestamp: old }))}&expected_state=${state}`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'shop_request_expired' });
  });

  it('refuses a shop off the allowlist with 400', async () => {
    const state = await issue();
    for (const shop of ['a.myshopify.com.evil.com', 'evil.com', 'other.myshopify.com']) {
      const res = await ctx.app.inject({
        url: `${callbackUrl(base(state, { shop }))}&expected_state=${state}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'shop_not_allowed' });
    }
  });

  it('refuses a state that is not the expected one, unknown, or expired with 403', async () => {
    const state = await issue();
    const other = await issue();
    const mismatch = await ctx.app.inject({ url: `${callbackUrl(base(state))}&expected_state=${other}` });
    expect(mismatch.statusCode).toBe(403);
    const unknown = 'x'.repeat(43);
    const notIssued = await ctx.app.inject({
      url: `${callbackUrl(base(unknown))}&expected_state=${unknown}`,
    });
    expect(notIssued.statusCode).toBe(403);
    expect(notIssued.json()).toMatchObject({ code: 'invalid_oauth_state' });

    const late = await issue();
    ctx.clock.advance(10 * 60_000 + 1000);
    const expired = await ctx.app.inject({ url: `${callbackUrl(base(late))}&expected_state=${late}` });
    expect(expired.statusCode).toBe(403);
  });

  it('uses a state once: the second callback with it is 403', async () => {
    const state = await issue();
    // The first use gets past the state (the shop is not reachable in this file: 502 after step 4).
    const first = await ctx.app.inject({ url: `${callbackUrl(base(state))}&expected_state=${state}` });
    expect(first.statusCode).toBe(502);
    const second = await ctx.app.inject({ url: `${callbackUrl(base(state))}&expected_state=${state}` });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: 'invalid_oauth_state' });
  });

  it('refuses missing parameters with 400', async () => {
    const res = await ctx.app.inject({ url: '/api/auth/callback?code=x' });
    expect(res.statusCode).toBe(400);
  });
});

describe('shop user links (global administrator)', () => {
  it('lists, refuses a duplicate, and removes a link; a removed link no longer signs in', async () => {
    const list = await ctx.app.inject({ url: '/api/admin/shop-user-links', headers: bearer(adminToken) });
    expect(list.statusCode).toBe(200);
    const link = list.json<{ items: ShopUserLink[] }>().items.find((l) => l.shopUserId === '9001');
    expect(link).toMatchObject({ shop: SHOP, userEmail: 'manager@nordic.example.com', method: 'admin' });

    const dup = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/shop-user-links',
      headers: bearer(adminToken),
      payload: { shop: SHOP, shopUserId: '9001', userId: manager.id },
    });
    expect(dup.statusCode).toBe(409);

    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/shop-user-links',
      headers: bearer(adminToken),
      payload: { shop: 'evil.com', shopUserId: 'x', userId: manager.id },
    });
    expect(bad.statusCode).toBe(400);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/shop-user-links/${link!.id}`,
      headers: bearer(adminToken),
    });
    expect(removed.statusCode).toBe(204);
    // Unlinked now, and the shop (unreachable here) cannot vouch for an e-mail: refused, nothing created.
    const res = await verify(sessionToken());
    expect(res.statusCode).toBe(502);
  });

  it('is for global administrators only', async () => {
    const managerToken = await signIn(ctx, 'manager@nordic.example.com');
    const res = await ctx.app.inject({ url: '/api/admin/shop-user-links', headers: bearer(managerToken) });
    expect(res.statusCode).toBe(403);
  });
});
