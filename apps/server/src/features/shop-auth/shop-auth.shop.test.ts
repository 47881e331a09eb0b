import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopUserLink } from '@service-portal/shared/shop-links';
import { shopUserLinks } from '../../db/schema/shop-auth.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';

// Shop sign-in against the demo shop over real HTTP: its authorize page, its access-token endpoint
// (code and token exchange) and its session-token minter. The demo shop's clock is the real one,
// so the app's clock is left alone until the administrator's checks at the end.

let ctx: TestContext;
let shop: TestShop;
const OFFICE = '74000000001';
const UNKNOWN = '74000000006';

beforeAll(async () => {
  shop = await startTestShop({ products: 20 });
  ctx = await createTestContext({
    config: { ...shop.configOverrides, shop: { ...shop.configOverrides.shop, timeoutMs: 2000 } },
  });
});
afterAll(async () => {
  await ctx?.close();
  await shop?.close();
});

async function login(returnUrl = '/') {
  const res = await ctx.app.inject({ url: `/api/auth/login?returnUrl=${encodeURIComponent(returnUrl)}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ authorizationUrl: string; state: string }>();
}

/** What the demo user does on the shop's authorize page: picks who they are and approves. */
async function approve(authorizationUrl: string, user: string, scope?: string): Promise<URLSearchParams> {
  const page = await fetch(authorizationUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Install app');
  const q = new URL(authorizationUrl).searchParams;
  const form = new URLSearchParams({
    client_id: q.get('client_id')!,
    redirect_uri: q.get('redirect_uri')!,
    state: q.get('state')!,
    scope: scope ?? q.get('scope')!,
    per_user: 'true',
    user,
    decision: 'approve',
  });
  const res = await fetch(new URL('/admin/oauth/authorize', authorizationUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(location.pathname).toBe('/auth/callback');
  return location.searchParams;
}

const callback = (params: URLSearchParams, expectedState: string) =>
  ctx.app.inject({
    url: `/api/auth/callback?${params.toString()}&expected_state=${encodeURIComponent(expectedState)}`,
  });

const linkCount = async () => (await ctx.app.db.select({ n: count() }).from(shopUserLinks))[0]!.n;

describe('OAuth redirect through the demo shop', () => {
  it('signs a shop user in whose verified e-mail is ours, links them, and returns to returnUrl', async () => {
    const { authorizationUrl, state } = await login('/service-orders?status=created');
    const params = await approve(authorizationUrl, OFFICE);
    const res = await callback(params, state);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; returnUrl: string; user: { email: string } }>();
    expect(body.user.email).toBe('office@nordic.example.com');
    expect(body.returnUrl).toBe('/service-orders?status=created');
    const profile = await ctx.app.inject({ url: '/api/user/profile', headers: bearer(body.token) });
    expect(profile.statusCode).toBe(200);

    // The state was used: the same redirect again is refused, and the code is not exchanged twice.
    const again = await callback(params, state);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'invalid_oauth_state' });
  });

  it('refuses a shop user the portal does not know with 403 and creates nothing', async () => {
    const before = await linkCount();
    const { authorizationUrl, state } = await login();
    const res = await callback(await approve(authorizationUrl, UNKNOWN), state);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'shop_user_not_linked' });
    expect(await linkCount()).toBe(before);
  });

  it('refuses a grant without every scope we need with 403', async () => {
    const { authorizationUrl, state } = await login();
    const res = await callback(await approve(authorizationUrl, OFFICE, 'read_products'), state);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'shop_scopes_missing' });
  });

  it('answers 502 when the shop fails the code exchange (5xx)', async () => {
    const { authorizationUrl, state } = await login();
    const params = await approve(authorizationUrl, OFFICE);
    shop.shop.control.setFaults({ unavailable: 20 });
    try {
      const res = await callback(params, state);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'bad_gateway' });
    } finally {
      shop.shop.control.clearFaults();
    }
  });

  it('refuses a tampered redirect (hmac) with 401', async () => {
    const { authorizationUrl, state } = await login();
    const params = await approve(authorizationUrl, OFFICE);
    params.set('code', 'f'.repeat(32));
    expect((await callback(params, state)).statusCode).toBe(401);
  });
});

describe('session token through the demo shop', () => {
  it('links a new shop user by the verified e-mail the token exchange gives, then signs them in', async () => {
    const token = await shop.shop.control.mintSessionToken({ email: 'manager@nordic.example.com' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-jwt',
      payload: { shopifyJwt: token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: { email: string } }>().user.email).toBe('manager@nordic.example.com');
    // Linked now: a second token signs in without asking the shop; the first one is spent.
    const second = await shop.shop.control.mintSessionToken({ email: 'manager@nordic.example.com' });
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/verify-jwt', payload: { shopifyJwt: second } }))
        .statusCode,
    ).toBe(200);
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-jwt',
      payload: { shopifyJwt: token },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses an unknown shop user with 403 and creates nothing', async () => {
    const before = await linkCount();
    const token = await shop.shop.control.mintSessionToken({ sub: UNKNOWN });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-jwt',
      payload: { shopifyJwt: token },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'shop_user_not_linked' });
    expect(await linkCount()).toBe(before);
  });

  it('a global administrator sees the links made by verified e-mail and can remove one', async () => {
    const admin = await signIn(ctx, 'admin@example.com');
    const list = await ctx.app.inject({ url: '/api/admin/shop-user-links', headers: bearer(admin) });
    const links = list.json<{ items: ShopUserLink[] }>().items;
    expect(links.map((l) => l.userEmail).sort()).toEqual([
      'manager@nordic.example.com',
      'office@nordic.example.com',
    ]);
    expect(links.every((l) => l.method === 'verified_email' && l.createdBy === null)).toBe(true);
    const office = links.find((l) => l.shopUserId === OFFICE)!;
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/shop-user-links/${office.id}`,
      headers: bearer(admin),
    });
    expect(del.statusCode).toBe(204);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/shop-user-links/${randomUUID()}`,
      headers: bearer(admin),
    });
    expect(gone.statusCode).toBe(404);
  });
});
