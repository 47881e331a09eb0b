import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '@service-portal/shared/access';
import { API_SCOPES, type ApiScope, type ApiTokenCreated } from '@service-portal/shared/api-tokens';
import { bearer, createTestContext, signIn, type TestContext } from './helper.ts';

/**
 * Issue 29: an API token never reaches an operation outside its scopes, on every route the app
 * registers (walked from the route table, so a new route is covered without editing this file).
 */
let ctx: TestContext;
let admin: string;

/** A concrete URL for a route pattern: a fresh UUID for every parameter. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
}

async function token(scopes: readonly ApiScope[]): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: bearer(admin),
    payload: { name: `walker ${scopes.length}`, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ApiTokenCreated>().secret;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.ready();
  admin = await signIn(ctx, 'office@nordic.example.com');
});
afterAll(async () => ctx.close());

describe('API token scopes on every route', () => {
  const guarded = () =>
    ctx.app.routeTable.filter((r) => (r.access as Access).kind !== 'public' && r.method !== 'HEAD');

  it('a route without a scope refuses a token holding every scope with 403 insufficient_scope', async () => {
    const all = await token(API_SCOPES);
    const unscoped = guarded().filter((r) => (r.access as Access).scope === undefined);
    expect(unscoped.length).toBeGreaterThan(10);
    for (const route of unscoped) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: bearer(all),
        payload: route.method === 'GET' ? undefined : {},
      });
      const code = res.statusCode === 403 ? res.json<{ code: string }>().code : res.statusCode;
      expect({ route: `${route.method} ${route.url}`, code }).toEqual({
        route: `${route.method} ${route.url}`,
        code: 'insufficient_scope',
      });
    }
  });

  it('a scoped route refuses a token holding every other scope with 403 naming the scope', async () => {
    const scoped = guarded().filter((r) => (r.access as Access).scope !== undefined);
    expect(scoped.length).toBeGreaterThan(5);
    const allBut = new Map<ApiScope, string>();
    for (const s of API_SCOPES) allBut.set(s, await token(API_SCOPES.filter((o) => o !== s)));
    for (const route of scoped) {
      const needed = (route.access as Access).scope!;
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: bearer(allBut.get(needed)!),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
      expect(res.headers['www-authenticate']).toBe(`Bearer error="insufficient_scope", scope="${needed}"`);
    }
  });

  it('a scoped GET without parameters lets a token holding its scope through', async () => {
    const lists = guarded().filter(
      (r) => (r.access as Access).scope !== undefined && r.method === 'GET' && !r.url.includes(':'),
    );
    expect(lists.length).toBeGreaterThan(3);
    for (const route of lists) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: route.url,
        headers: bearer(await token([(route.access as Access).scope!])),
      });
      // Past access: 200, or 400 where the list needs query parameters; never 401 or 403.
      expect({ route: route.url, passed: [200, 400].includes(res.statusCode) }).toEqual({
        route: route.url,
        passed: true,
      });
    }
  });
});
