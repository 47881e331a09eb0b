import '@shopify/shopify-api/adapters/web-api';
import { createHmac } from 'node:crypto';
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api';
import { eq } from 'drizzle-orm';
import type { ShopWebhooksStatus } from '@service-portal/shared/shop-webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../db/schema/products.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';
import { createShopWebhooksService } from './shop-webhooks.service.ts';

// Issue 24 item 6: the app subscribes its webhooks through the Admin API (idempotently, at start),
// shows them to administrators, accepts deliveries under both header styles (verified against
// @shopify/shopify-api's own validation), records app/uninstalled, and keeps big ids exact.

const SHOP = 'nordic-sanitary-demo.myshopify.com';

describe('shop webhooks', () => {
  let shop: TestShop;
  let ctx: TestContext;
  let admin: string;
  let office: string;
  let tech: string;
  let secret: string;
  const address = () => `${ctx.app.config.publicUrl}/api/shopify/webhooks`;
  const subscriptions = () => shop.shop.control.webhookSubscriptions();

  beforeAll(async () => {
    shop = await startTestShop({ products: 5 });
    secret = shop.configOverrides.shop.apiSecret;
    // Another deployment's subscription exists already: it stays, ours is added beside it.
    await shop
      .client()
      .webhookSubscriptionCreate('PRODUCTS_UPDATE', 'https://staging.example.com/api/shopify/webhooks');
    ctx = await createTestContext({
      config: shop.configOverrides,
      productSync: { syncOnEmptyStart: false, schedule: false },
    });
    await ctx.app.ready();
    admin = await signIn(ctx, 'admin@example.com');
    office = await signIn(ctx, 'office@nordic.example.com');
    tech = await signIn(ctx, 'tech@nordic.example.com');
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await shop?.close();
  });

  const ours = () =>
    subscriptions()
      .filter((s) => s.uri === address())
      .map((s) => s.topic)
      .sort();

  it('subscribes the four topics at start, once, however often it starts', async () => {
    await expect
      .poll(ours, { timeout: 10_000 })
      .toEqual(['APP_UNINSTALLED', 'PRODUCTS_CREATE', 'PRODUCTS_DELETE', 'PRODUCTS_UPDATE']);
    expect(subscriptions().filter((s) => s.uri.startsWith('https://staging.'))).toHaveLength(1);
    // A second instance (and a restart) lists first and makes nothing new.
    const second = createShopWebhooksService({
      shop: ctx.app.shopClient,
      address: address(),
      lastUninstalled: async () => null,
      log: ctx.app.log,
    });
    expect(await second.ensure()).toEqual([]);
    // Two at once: one creates, the other's create is refused ("already taken") and it checks again.
    const gone = subscriptions().find((s) => s.topic === 'APP_UNINSTALLED' && s.uri === address())!;
    await ctx.app.shopClient.graphql(
      `mutation ($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId } }`,
      { id: `gid://shopify/WebhookSubscription/${gone.id}` },
    );
    const results = await Promise.all([second.ensure(), second.ensure()]);
    expect(results.flat()).toEqual(['APP_UNINSTALLED']);
    expect(ours()).toHaveLength(4);
    expect(subscriptions()).toHaveLength(5);
  });

  it('shows each topic with its state to global administrators only', async () => {
    const res = await ctx.app.inject({ url: '/api/admin/shop/webhooks', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const status = res.json<ShopWebhooksStatus>();
    expect(status).toMatchObject({ shop: SHOP, address: address(), error: null, uninstalledAt: null });
    expect(status.topics?.map((t) => [t.topic, t.state])).toEqual([
      ['PRODUCTS_CREATE', 'subscribed'],
      ['PRODUCTS_UPDATE', 'subscribed'],
      ['PRODUCTS_DELETE', 'subscribed'],
      ['APP_UNINSTALLED', 'subscribed'],
    ]);
    expect(status.topics?.find((t) => t.topic === 'PRODUCTS_UPDATE')?.subscriptions).toHaveLength(2);
    // A partner's administrator and a technician see nothing of it; nobody signed out either.
    for (const token of [office, tech]) {
      const other = await ctx.app.inject({ url: '/api/admin/shop/webhooks', headers: bearer(token) });
      expect(other.statusCode).toBe(403);
      expect(other.body).not.toContain('"topics"');
    }
    expect((await ctx.app.inject({ url: '/api/admin/shop/webhooks' })).statusCode).toBe(401);
  });

  it('says so when the shop refuses the token, and a missing subscription is shown missing', async () => {
    shop.shop.control.setFaults({ revoked: true });
    try {
      const res = await ctx.app.inject({ url: '/api/admin/shop/webhooks', headers: bearer(admin) });
      expect(res.statusCode).toBe(200);
      expect(res.json<ShopWebhooksStatus>()).toMatchObject({
        topics: null,
        error: "The shop refused the portal's access.",
      });
    } finally {
      shop.shop.control.clearFaults();
    }
    // Someone removes our products/delete subscription in the shop.
    const removed = subscriptions().find((s) => s.topic === 'PRODUCTS_DELETE')!;
    await ctx.app.shopClient.graphql(
      `mutation ($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId } }`,
      { id: `gid://shopify/WebhookSubscription/${removed.id}` },
    );
    const res = await ctx.app.inject({ url: '/api/admin/shop/webhooks', headers: bearer(admin) });
    expect(res.json<ShopWebhooksStatus>().topics?.map((t) => t.state)).toEqual([
      'subscribed',
      'subscribed',
      'missing',
      'subscribed',
    ]);
    // Seen from another deployment's address: ours are someone else's.
    const elsewhere = createShopWebhooksService({
      shop: ctx.app.shopClient,
      address: 'https://elsewhere.example.com/api/shopify/webhooks',
      lastUninstalled: async () => null,
      log: ctx.app.log,
    });
    expect((await elsewhere.status()).topics?.map((t) => t.state)).toEqual([
      'other_address',
      'other_address',
      'missing',
      'other_address',
    ]);
    // The next start puts it back.
    const next = createShopWebhooksService({
      shop: ctx.app.shopClient,
      address: address(),
      lastUninstalled: async () => null,
      log: ctx.app.log,
    });
    expect(await next.ensure()).toEqual(['PRODUCTS_DELETE']);
  });

  const deliver = (body: string, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/shopify/webhooks',
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const sign = (body: string, key = secret) => createHmac('sha256', key).update(body).digest('base64');
  const classic = (body: string, topic: string, id: string, hmac = sign(body)) => ({
    'X-Shopify-Hmac-Sha256': hmac,
    'X-Shopify-Topic': topic,
    'X-Shopify-Shop-Domain': SHOP,
    'X-Shopify-API-Version': '2026-10',
    'X-Shopify-Webhook-Id': id,
  });
  const events = (body: string, topic: string, id: string, hmac = sign(body)) => ({
    'shopify-hmac-sha256': hmac,
    'shopify-topic': topic,
    'shopify-shop-domain': SHOP,
    'shopify-api-version': '2026-10',
    'shopify-webhook-id': id,
  });

  it("accepts both header styles exactly when @shopify/shopify-api's own validation does", async () => {
    const library = shopifyApi({
      apiKey: shop.configOverrides.shop.apiKey,
      apiSecretKey: secret,
      hostName: new URL(ctx.app.config.publicUrl).host,
      apiVersion: ApiVersion.October26,
      isEmbeddedApp: false,
      logger: { level: LogSeverity.Error },
    });
    const product = shop.shop.control.products()[0]!;
    let n = 0;
    for (const style of [classic, events]) {
      for (const key of [secret, 'not-the-secret']) {
        n += 1;
        const body = JSON.stringify({
          id: product.id,
          admin_graphql_api_id: `gid://shopify/Product/${product.id}`,
          title: `Header style ${n}`,
          handle: product.handle,
          status: 'active',
          updated_at: new Date(Date.UTC(2032, 0, n)).toISOString(),
          variants: [],
        });
        const headers = style(body, 'products/update', `hdr-${n}`, sign(body, key));
        const theirs = await library.webhooks.validate({
          rawBody: body,
          rawRequest: new Request('https://portal.example.com/api/shopify/webhooks', {
            method: 'POST',
            headers,
            body,
          }),
        });
        const res = await deliver(body, headers);
        expect(theirs.valid, `${style.name} signed with ${key}`).toBe(key === secret);
        expect(res.statusCode, `${style.name} signed with ${key}`).toBe(theirs.valid ? 200 : 401);
        if (theirs.valid) expect(res.json()).toEqual({ result: 'applied' });
      }
    }
    const [stored] = await ctx.app.db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.shopifyId, `gid://shopify/Product/${product.id}`));
    expect(stored?.title).toBe('Header style 3');
  });

  it('records app/uninstalled (shown to administrators) and deletes nothing', async () => {
    const before = await ctx.app.db.select({ id: products.id }).from(products);
    expect(before.length).toBeGreaterThan(0);
    const body = JSON.stringify({ id: 68000001, name: 'Nordic Sanitary', domain: SHOP });
    const first = await deliver(body, events(body, 'app/uninstalled', 'uninstall-1'));
    expect(first.json()).toEqual({ result: 'applied' });
    expect((await deliver(body, events(body, 'app/uninstalled', 'uninstall-1'))).json()).toEqual({
      result: 'duplicate',
    });
    const status = (
      await ctx.app.inject({ url: '/api/admin/shop/webhooks', headers: bearer(admin) })
    ).json<ShopWebhooksStatus>();
    expect(status.uninstalledAt).not.toBeNull();
    expect(await ctx.app.db.select({ id: products.id }).from(products)).toEqual(before);
  });

  it('keeps product and variant ids past 2^53 exact (never through a float)', async () => {
    const big = '9007199254740993'; // 2^53 + 1: a float would make it ...992
    const variant = '9007199254740995';
    const body = `{"id":${big},"title":"Big id","handle":"big-id","status":"active","updated_at":"2033-01-01T00:00:00Z","variants":[{"id":${variant},"product_id":${big},"sku":"BIG-1","price":"1.00"}]}`;
    const res = await deliver(body, classic(body, 'products/create', 'big-1'));
    expect(res.json()).toEqual({ result: 'applied' });
    const [p] = await ctx.app.db
      .select({ id: products.id, shopifyId: products.shopifyId })
      .from(products)
      .where(eq(products.title, 'Big id'));
    expect(p?.shopifyId).toBe(`gid://shopify/Product/${big}`);
    const variants = await ctx.app.db
      .select({ shopifyId: productVariants.shopifyId })
      .from(productVariants)
      .where(eq(productVariants.productId, p!.id));
    expect(variants.map((v) => v.shopifyId)).toEqual([`gid://shopify/ProductVariant/${variant}`]);
  });
});
