import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '@service-portal/shared/access';
import { bearer, createTestContext, signIn, type TestContext } from './helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.ready();
});
afterAll(async () => ctx.close());

const KINDS = new Set(['public', 'authenticated', 'roles', 'globalAdmin']);

/** A concrete URL for a route pattern: a fresh UUID for every parameter. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
}

describe('route access declarations', () => {
  it('every registered route declares its access', () => {
    const routes = ctx.app.routeTable;
    expect(routes.length).toBeGreaterThan(5);
    const undeclared = routes.filter((r) => !KINDS.has((r.access as Access | undefined)?.kind ?? ''));
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('only documentation, health, static files and sign-in are public', () => {
    const publicRoutes = ctx.app.routeTable
      .filter((r) => (r.access as Access).kind === 'public' && r.method !== 'HEAD')
      .map((r) => r.url)
      .filter((url) => !url.startsWith('/api/docs'));
    // The provider webhooks are public and verify their own signatures (features/communications).
    expect(publicRoutes.sort()).toEqual(
      [
        '/api/auth/otp/request',
        '/api/auth/otp/verify',
        // Shop sign-in (features/shop-auth): the session token and the OAuth redirect prove themselves.
        '/api/auth/verify-jwt',
        '/api/auth/login',
        '/api/auth/callback',
        '/api/health',
        '/api/images/:imageId/:variant',
        // The partner's logo on the customer's pages, by an unguessable id per upload (decision 077).
        '/api/partner-logos/:logoId/:file',
        // Customer upload (spec §2): the token is the key, verification gives a signed session.
        '/api/customer-upload/lookup',
        '/api/customer-upload/:token',
        '/api/customer-upload/:token/verify',
        '/api/customer-upload/:token/images',
        '/api/customer-upload/:token/status',
        '/api/customer-upload/:token/rating',
        // Estimates behind the same link and verified session (features/estimates).
        '/api/customer-upload/:token/estimates',
        '/api/customer-upload/:token/estimates/approve',
        '/api/customer-upload/:token/estimates/decline',
        // The signed service report behind the same link (features/service-reports).
        '/api/customer-upload/:token/report',
        '/api/customer-upload/:token/report/pdf',
        '/api/health/live',
        '/api/health/ready',
        '/api/webhooks/email/inbound',
        '/api/webhooks/sms/inbound',
        // The shop's product webhooks: HMAC over the raw body (features/products).
        '/api/shopify/webhooks',
      ].sort(),
    );
  });

  it('every non-public route refuses an anonymous caller with 401 and touches nothing', async () => {
    const guarded = ctx.app.routeTable.filter((r) => (r.access as Access).kind !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' || route.method === 'HEAD' ? undefined : {},
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
    }
  });

  it('role-gated and global-admin routes refuse a signed-in user without the role with 403', async () => {
    const token = await signIn(ctx, 'tech@nordic.example.com');
    const gated = ctx.app.routeTable.filter((r) =>
      ['roles', 'globalAdmin'].includes((r.access as Access).kind),
    );
    for (const route of gated) {
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: bearer(token),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });

  it('a route registered without a declaration is refused at request time (fail closed)', async () => {
    const other = await createTestContext();
    try {
      other.app.get('/api/undeclared', async () => ({ secret: true }));
      const res = await other.app.inject({ url: '/api/undeclared' });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('secret');
    } finally {
      await other.close();
    }
  });
});
