import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopTokens } from '../../db/schema/shop-tokens.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';
import { createProductsRepository } from '../../features/products/products.repository.ts';
import { createProductSync } from '../../features/products/products.sync.ts';
import { PRODUCT_SYNC_JOB } from '../../features/products/products.jobs.ts';
import { createShopConnection } from './connection.ts';

// Issue 24: the app's offline token is installed (token exchange at an embedded sign-in), kept
// sealed, renewed before it expires and on a 401, once across instances, and a shop refusing
// every token pauses the scheduled sync and shows in readiness and the sync status.

const N = 30;
const silent = { warn: () => {}, debug: () => {}, info: () => {} };

describe('installed, expiring offline tokens', () => {
  let ctx: TestContext;
  let t: TestShop;
  const control = () => t.shop.control;
  const repo = () => createProductsRepository(ctx.app.db);
  const row = async () =>
    (await ctx.app.db.select().from(shopTokens).where(eq(shopTokens.shop, t.shop.shop)))[0];
  const ready = async () =>
    (await ctx.app.inject({ url: '/api/health/ready' })) as { statusCode: number; json<T>(): T };
  const install = async () => {
    // The demo shop mints on the real clock; sign-ins move the app's ahead.
    ctx.clock.now = new Date();
    const token = await control().mintSessionToken();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-jwt',
      payload: { shopifyJwt: token },
    });
    expect(res.statusCode).toBe(200);
  };
  const unauthorized = () =>
    control()
      .requests()
      .filter((r) => r.status === 401).length;

  beforeAll(async () => {
    t = await startTestShop({ products: N, tokenSource: 'installed', bucket: { restoreRate: 100_000 } });
    ctx = await createTestContext({
      config: t.configOverrides,
      productSync: { syncOnEmptyStart: false, schedule: false },
    });
    await ctx.app.ready();
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await t?.close();
  });

  it('before install: ready (200) says the shop is not installed; the shop is not called with a token', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', shop: 'not_installed' } });
    await expect(ctx.app.shopClient.products({ first: 1 })).rejects.toMatchObject({ kind: 'revoked' });
    expect(
      control()
        .requests()
        .filter((r) => r.path.endsWith('/graphql.json')),
    ).toHaveLength(0);
    // Still "not installed" (what to do), not "refused", after that attempt.
    expect((await ready()).json()).toMatchObject({ checks: { shop: 'not_installed' } });
  });

  it('an embedded sign-in installs an expiring offline token with its refresh token, stored sealed', async () => {
    await install();
    const issued = control()
      .issuedTokens()
      .filter((x) => x.kind === 'offline');
    expect(issued).toHaveLength(1);
    const stored = await row();
    expect(stored).toMatchObject({ source: 'installed', refusedAt: null });
    // Sealed: neither the access token nor any part of it is readable in the row.
    expect(stored!.accessTokenSealed).not.toContain(issued[0]!.token);
    expect(stored!.accessTokenSealed).not.toContain(issued[0]!.token.slice(6));
    expect(stored!.refreshTokenSealed).toBeTruthy();
    // expires_in 3600 (Shopify's hour), refresh_token_expires_in 90 days.
    const life = stored!.accessExpiresAt!.getTime() - stored!.obtainedAt!.getTime();
    expect(life).toBe(3600_000);
    expect(stored!.refreshExpiresAt!.getTime() - stored!.obtainedAt!.getTime()).toBe(90 * 24 * 3600_000);
    expect((await ready()).json()).toMatchObject({ checks: { shop: 'ok' } });
    // The install queued a sync: the catalogue catches up at once.
    await ctx.app.jobs.drain();
    expect(await repo().lastRun()).toMatchObject({ trigger: 'install', status: 'succeeded', seen: N });
    // A second sign-in does not install again: the token is good.
    await install();
    expect(
      control()
        .issuedTokens()
        .filter((x) => x.kind === 'offline'),
    ).toHaveLength(1);
  });

  it('the token expires in the middle of a sync: it is refreshed once and the sync ends', async () => {
    const grantsBefore = control().refreshGrants();
    const denied = unauthorized();
    const sync = createProductSync({ repo: repo(), source: ctx.app.shopClient, pageSize: 7 });
    const result = await sync.run(
      { mode: 'full', trigger: 'test' },
      {
        afterPage: (_run, page) => {
          if (page === 2) control().expireTokens();
        },
      },
    );
    expect(result.outcome).toBe('succeeded');
    expect(result.run).toMatchObject({ seen: N, pages: 5, status: 'succeeded' });
    expect(control().refreshGrants()).toBe(grantsBefore + 1);
    // The shop said 401 once (page 3's first try), then took the refreshed token.
    expect(unauthorized()).toBe(denied + 1);
    expect(await repo().liveCount()).toBe(N);
  });

  it('a token closer to its expiry than the margin is renewed before it is used, without a 401', async () => {
    // Tokens from now on live 60 s, less than the 5-minute margin.
    control().setOfflineTokenSeconds(60);
    control().expireTokens();
    await ctx.app.shopClient.products({ first: 1 }); // 401 → refresh → a 60 s token
    const grants = control().refreshGrants();
    const denied = unauthorized();
    await ctx.app.shopClient.products({ first: 1 });
    expect(control().refreshGrants()).toBe(grants + 1);
    expect(unauthorized()).toBe(denied);
    control().setOfflineTokenSeconds(3600);
    await ctx.app.shopClient.products({ first: 1 });
  });

  it('two instances refreshing at once spend the refresh token once and use the same new token', async () => {
    const a = createShopConnection(ctx.app.config, ctx.app.db, silent)!;
    const b = createShopConnection(ctx.app.config, ctx.app.db, silent)!;
    // Both know the current token, then the shop expires it.
    await Promise.all([a.client.products({ first: 1 }), b.client.products({ first: 1 })]);
    control().expireTokens();
    const grants = control().refreshGrants();
    const [pa, pb] = await Promise.all([a.client.products({ first: 2 }), b.client.products({ first: 2 })]);
    expect(pa.nodes).toHaveLength(2);
    expect(pb.nodes).toHaveLength(2);
    expect(control().refreshGrants()).toBe(grants + 1);
    expect(await a.tokens.accessToken()).toBe(await b.tokens.accessToken());
    // Nothing was refused: every refresh token in play was the current one.
    expect(
      control()
        .requests()
        .filter((r) => r.code === 'invalid_grant'),
    ).toHaveLength(0);
  });

  it('a shop refusing every token: ready stays 200 and says so, the sync status says so, the scheduled sync pauses; a new install resumes it', async () => {
    control().revokeTokens(); // uninstalled: access and refresh tokens gone
    await expect(ctx.app.shopClient.products({ first: 1 })).rejects.toMatchObject({ kind: 'revoked' });
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', checks: { shop: 'refused' } });
    const admin = await signIn(ctx, 'admin@example.com');
    const status = await ctx.app.inject({ url: '/api/products/sync/status', headers: bearer(admin) });
    expect(status.json()).toMatchObject({
      shop: { state: 'refused', source: 'installed', shop: t.shop.shop },
    });
    expect(status.json<{ shop: { lastError: string } }>().shop.lastError).toMatch(
      /the shop refused the (token refresh|renewed token)/,
    );

    // The hourly run: probed, paused, no run recorded.
    const runsBefore = (await repo().listRuns(1, 100)).total;
    await ctx.app.jobs.enqueue(PRODUCT_SYNC_JOB, { mode: 'auto', trigger: 'schedule' });
    await ctx.app.jobs.drain();
    expect((await repo().listRuns(1, 100)).total).toBe(runsBefore);

    // Opened in the shop admin again: installed anew, the next hourly run syncs.
    await install();
    expect((await ready()).json()).toMatchObject({ checks: { shop: 'ok' } });
    await ctx.app.jobs.enqueue(PRODUCT_SYNC_JOB, { mode: 'full', trigger: 'schedule' });
    await ctx.app.jobs.drain();
    expect(await repo().lastRun()).toMatchObject({ status: 'succeeded', seen: N });
  });
});

describe('client credentials and static tokens', () => {
  it('client credentials: a 24-hour token, asked again when the shop expires it', async () => {
    const t = await startTestShop({ products: 5, tokenSource: 'client_credentials' });
    const ctx = await createTestContext({
      config: t.configOverrides,
      productSync: { syncOnEmptyStart: false, schedule: false },
    });
    try {
      expect((await ctx.app.shopClient.products({ first: 5 })).nodes).toHaveLength(5);
      const [first] = t.shop.control.issuedTokens();
      expect(first).toMatchObject({ kind: 'client_credentials' });
      expect(first!.expiresAt! - Date.now()).toBeGreaterThan(86_000_000);
      t.shop.control.expireTokens();
      expect((await ctx.app.shopClient.products({ first: 1 })).nodes).toHaveLength(1);
      expect(t.shop.control.issuedTokens().filter((x) => x.kind === 'client_credentials')).toHaveLength(2);
    } finally {
      await ctx.close();
      await t.close();
    }
  });

  it('a static token works; once refused, ready says so, and the first accepted answer clears it', async () => {
    const t = await startTestShop({ products: 5 });
    const ctx = await createTestContext({
      config: t.configOverrides,
      productSync: { syncOnEmptyStart: false, schedule: false },
    });
    try {
      expect((await ctx.app.shopClient.products({ first: 1 })).nodes).toHaveLength(1);
      t.shop.control.setFaults({ revoked: true });
      await expect(ctx.app.shopClient.products({ first: 1 })).rejects.toMatchObject({ kind: 'revoked' });
      const refused = await ctx.app.inject({ url: '/api/health/ready' });
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toMatchObject({ checks: { shop: 'refused' } });
      t.shop.control.clearFaults();
      await ctx.app.shopClient.products({ first: 1 });
      expect((await ctx.app.inject({ url: '/api/health/ready' })).json()).toMatchObject({
        checks: { shop: 'ok' },
      });
    } finally {
      await ctx.close();
      await t.close();
    }
  });

  it("a late 401 to an older request does not undo a newer request's acceptance", async () => {
    const t = await startTestShop({ products: 5 });
    const ctx = await createTestContext({
      config: t.configOverrides,
      productSync: { syncOnEmptyStart: false, schedule: false },
    });
    try {
      const { tokens } = createShopConnection(ctx.app.config, ctx.app.db, silent)!;
      // The state as this connection reads it. Not through the app's readiness check: reading it
      // there makes the app's own connection believe the shop refuses us, and any request of its
      // own that succeeds then clears the refusal, in the middle of these steps on a slow machine.
      const shopState = async () => (await tokens.status()).state;
      // Request 1 is refused, so the shop refuses us …
      expect(await tokens.onUnauthorized('static', 1, 1)).toBeNull();
      expect(await shopState()).toBe('refused');
      // … request 3 is accepted and clears it; then request 2's 401, sent before 3, arrives late
      // (a background job's answer from while the shop refused us): the acceptance stands.
      await tokens.accepted(3);
      expect(await shopState()).toBe('ok');
      await tokens.onUnauthorized('static', 1, 2);
      expect(await shopState()).toBe('ok');
      // A refusal of a newer request still counts.
      await tokens.onUnauthorized('static', 1, 4);
      expect(await shopState()).toBe('refused');
      // And concurrent answers land in the order they were taken, whatever the pool does.
      await Promise.all([tokens.accepted(6), tokens.onUnauthorized('static', 1, 5)]);
      expect(await shopState()).toBe('ok');
    } finally {
      await ctx.close();
      await t.close();
    }
  });
});
