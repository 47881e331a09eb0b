import { createHmac } from 'node:crypto';
import { oauthHmac } from '@service-portal/demo-shop/server';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';
import { ShopError } from './client.ts';

// The shop side of sign-in (authorize page, access-token endpoint, session tokens) over real
// HTTP, and the client's exchangeCode / exchangeSessionToken.

let t: TestShop;
const APP = 'http://127.0.0.1:3999';

beforeAll(async () => {
  t = await startTestShop({ products: 5 });
});
afterAll(async () => t.close());
afterEach(() => t.shop.control.clearFaults());

const key = () => t.configOverrides.shop.apiKey;
const secret = () => t.configOverrides.shop.apiSecret;

function authorizeUrl(extra: Record<string, string> = {}) {
  const u = new URL('/admin/oauth/authorize', t.shop.url);
  u.searchParams.set('client_id', key());
  u.searchParams.set('scope', 'read_products,write_draft_orders');
  u.searchParams.set('redirect_uri', `${APP}/api/auth/callback`);
  u.searchParams.set('state', 'state-123');
  u.searchParams.append('grant_options[]', 'per-user');
  for (const [k, v] of Object.entries(extra)) u.searchParams.set(k, v);
  return u;
}

/** Approves on the shop's page as the given user; returns the redirect's parameters. */
async function approve(userEmail = 'office@nordic.example.com'): Promise<URLSearchParams> {
  const user = t.shop.control.users.find((u) => u.email === userEmail)!;
  const res = await fetch(new URL('/admin/oauth/authorize', t.shop.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: key(),
      redirect_uri: `${APP}/api/auth/callback`,
      state: 'state-123',
      scope: 'read_products,write_draft_orders',
      per_user: 'true',
      user: String(user.id),
      decision: 'approve',
    }).toString(),
  });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(`${APP}/api/auth/callback`);
  return location.searchParams;
}

describe('OAuth redirect', () => {
  it('computes the redirect HMAC like Shopify (integrations.md test vector)', () => {
    expect(
      oauthHmac(
        {
          code: '0907a61c0c8d55e99db179b68161bc00',
          shop: 'some-shop.myshopify.com',
          state: '0.6784241404160823',
          timestamp: '1337178173',
          hmac: 'ignored',
        },
        'hush',
      ),
    ).toBe('700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf');
  });

  it('shows an approval page with the scopes, the staff users and an Install button', async () => {
    const res = await fetch(authorizeUrl());
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('office@nordic.example.com');
    expect(html).toContain('write_draft_orders');
    expect(html).toMatch(/<button type="submit" name="decision" value="approve">Install app<\/button>/);
    expect(html).toMatch(/<label for="user-\d+">/);
    expect(html).toContain('name="per_user" value="true"');
  });

  it('refuses an unknown client id on the page', async () => {
    const res = await fetch(authorizeUrl({ client_id: 'someone-else' }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('role="alert"');
  });

  it('redirects with code, hmac, host, shop, state and timestamp, signed with the client secret', async () => {
    const params = await approve();
    for (const k of ['code', 'hmac', 'host', 'shop', 'state', 'timestamp'])
      expect(params.get(k)).toBeTruthy();
    expect(params.get('shop')).toBe(t.shop.shop);
    expect(params.get('state')).toBe('state-123');
    expect(Math.abs(Number(params.get('timestamp')) - Date.now() / 1000)).toBeLessThan(90);
    const message = [...params.entries()]
      .filter(([k]) => k !== 'hmac')
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    expect(params.get('hmac')).toBe(createHmac('sha256', secret()).update(message).digest('hex'));
  });

  it('a denial redirects with error=access_denied and no code', async () => {
    const res = await fetch(new URL('/admin/oauth/authorize', t.shop.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: key(),
        redirect_uri: `${APP}/cb`,
        state: 's',
        decision: 'deny',
      }).toString(),
    });
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('exchanges the code once for an online token with the associated user', async () => {
    const code = (await approve('manager@nordic.example.com')).get('code')!;
    const token = await t.client().exchangeCode(code);
    expect(token.accessToken).toMatch(/^shpua_/);
    expect(token.scopes).toEqual(['read_products', 'write_draft_orders']);
    expect(token.expiresIn).toBeGreaterThan(0);
    expect(token.associatedUser).toMatchObject({
      email: 'manager@nordic.example.com',
      emailVerified: true,
      firstName: 'Marte',
      lastName: 'Hansen',
    });
    // The token works on the Admin API.
    const page = await t.client({ accessToken: token.accessToken }).products({ first: 1 });
    expect(page.nodes).toHaveLength(1);
    // Single use.
    const again = await t
      .client()
      .exchangeCode(code)
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ShopError);
    expect((again as ShopError).status).toBe(400);
  });

  it('refuses a wrong client secret', async () => {
    const code = (await approve()).get('code')!;
    const err = await t
      .client({ apiSecret: 'shpss_wrong' })
      .exchangeCode(code)
      .catch((e: unknown) => e);
    expect((err as ShopError).status).toBe(401);
    expect((err as ShopError).code).toBe('invalid_client');
  });

  it('a 5xx from the token endpoint is ShopError unavailable', async () => {
    t.shop.control.setFaults({ unavailable: 10 });
    const err = await t
      .client({ maxAttempts: 2 })
      .exchangeCode('whatever')
      .catch((e: unknown) => e);
    expect((err as ShopError).kind).toBe('unavailable');
  });
});

describe('session tokens', () => {
  it('mints HS256 tokens with the claims of integrations.md, one minute long', async () => {
    const res = await fetch(`${t.shop.url}/_control/session-token?email=office@nordic.example.com`);
    const { token } = (await res.json()) as { token: string };
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret()), { audience: key() });
    const user = t.shop.control.users.find((u) => u.email === 'office@nordic.example.com')!;
    expect(payload).toMatchObject({
      iss: `https://${t.shop.shop}/admin`,
      dest: `https://${t.shop.shop}`,
      aud: key(),
      sub: String(user.id),
    });
    expect(payload.exp! - payload.iat!).toBe(60);
    expect(payload.nbf).toBe(payload.iat);
    expect(typeof payload.jti).toBe('string');
    expect(typeof payload.sid).toBe('string');
    const other = decodeJwt(await t.shop.control.mintSessionToken({ email: 'office@nordic.example.com' }));
    expect(other.jti).not.toBe(payload.jti);
  });

  it('exchanges a session token for an online token with the user, also the unverified one', async () => {
    const token = await t
      .client()
      .exchangeSessionToken(await t.shop.control.mintSessionToken({ email: 'tech@nordic.example.com' }));
    expect(token.associatedUser).toMatchObject({
      email: 'tech@nordic.example.com',
      emailVerified: true,
      firstName: 'Tore',
    });
    const unverified = await t
      .client()
      .exchangeSessionToken(
        await t.shop.control.mintSessionToken({ email: 'unverified@nordic.example.com' }),
      );
    expect(unverified.associatedUser?.emailVerified).toBe(false);
  });

  it('refuses a session token signed with another secret', async () => {
    const forged = await t.shop.control.mintSessionToken();
    const [h, p] = forged.split('.');
    const bad = `${h}.${p}.${createHmac('sha256', 'not-the-secret').update(`${h}.${p}`).digest('base64url')}`;
    const err = await t
      .client()
      .exchangeSessionToken(bad)
      .catch((e: unknown) => e);
    expect((err as ShopError).status).toBe(400);
    expect((err as ShopError).code).toBe('invalid_subject_token');
  });

  it('a 5xx from the shop during token exchange is ShopError unavailable', async () => {
    t.shop.control.setFaults({ unavailable: 10 });
    const err = await t
      .client({ maxAttempts: 2 })
      .exchangeSessionToken(await t.shop.control.mintSessionToken())
      .catch((e: unknown) => e);
    expect((err as ShopError).kind).toBe('unavailable');
  });
});
