import { createHmac } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerProducts, products, productVariants } from '../../db/schema/products.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';
import { createProductsRepository } from './products.repository.ts';
import { createProductSync } from './products.sync.ts';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';

const SHOP = 'nordic-sanitary-demo.myshopify.com';
const N = 30;

describe('products', () => {
  let ctx: TestContext;
  let testShop: TestShop;
  let secret: string;
  const control = () => testShop.shop.control;
  const sign = (body: string, key = secret) => createHmac('sha256', key).update(body).digest('base64');
  /** The demo shop's product N by its position in the catalogue at the start (1-based). */
  let ids: number[] = [];
  const shopProduct = (i: number) => {
    const p = control().product(ids[i - 1]!);
    if (!p) throw new Error(`no product ${i}`);
    return p;
  };
  let office: string;
  let manager: string;
  let fjord: string;
  let tech: string;
  const repo = () => createProductsRepository(ctx.app.db);
  const sync = (pageSize = 7) => createProductSync({ repo: repo(), source: testShop.client(), pageSize });

  async function snapshot() {
    const db = ctx.app.db;
    const p = await db
      .select({
        shopifyId: products.shopifyId,
        title: products.title,
        status: products.status,
        type: products.type,
        vendor: products.vendor,
        imageUrl: products.imageUrl,
        searchText: products.searchText,
        shopUpdatedAt: products.shopUpdatedAt,
        deletedAt: products.deletedAt,
        id: products.id,
      })
      .from(products)
      .orderBy(asc(products.shopifyId));
    const v = await db.select().from(productVariants).orderBy(asc(productVariants.shopifyId));
    return { p, v };
  }

  beforeAll(async () => {
    testShop = await startTestShop({ products: N });
    secret = testShop.configOverrides.shop.apiSecret;
    ids = testShop.shop.control.products().map((p) => p.id);
    ctx = await createTestContext({
      config: testShop.configOverrides,
      productSync: { syncOnEmptyStart: false, schedule: false },
    });
    await ctx.app.ready();
    office = await signIn(ctx, 'office@nordic.example.com');
    manager = await signIn(ctx, 'manager@nordic.example.com');
    fjord = await signIn(ctx, 'manager@fjord.example.com');
    tech = await signIn(ctx, 'tech@nordic.example.com');
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await testShop?.close();
  });

  it('a sync killed after page 2 and run again resumes the same run and ends like an uninterrupted one', async () => {
    const controller = new AbortController();
    const first = await sync().run(
      { mode: 'full', trigger: 'test', signal: controller.signal },
      {
        afterPage: (_run, page) => {
          if (page === 2) controller.abort();
        },
      },
    );
    expect(first.outcome).toBe('interrupted');
    expect(first.run.status).toBe('running');
    expect((await snapshot()).p).toHaveLength(14);

    const resumed = await sync().run({ mode: 'full', trigger: 'test' });
    expect(resumed.outcome).toBe('succeeded');
    expect(resumed.run.id).toBe(first.run.id);
    expect({ pages: resumed.run.pages, seen: resumed.run.seen, created: resumed.run.created }).toEqual({
      pages: 5,
      seen: N,
      created: N,
    });
    const after = await snapshot();
    const shopProducts = control().products();
    expect(after.p.map((p) => p.shopifyId).sort()).toEqual(
      shopProducts.map((p) => `gid://shopify/Product/${p.id}`).sort(),
    );
    expect(after.v).toHaveLength(shopProducts.reduce((n, p) => n + p.variants.length, 0));

    // An uninterrupted full run over the same catalogue (other page size) changes nothing.
    const again = await sync(50).run({ mode: 'full', trigger: 'test' });
    expect(again.run).toMatchObject({ created: 0, updated: 0, deleted: 0, seen: N, status: 'succeeded' });
    expect(await snapshot()).toEqual(after);
  });

  it('lists with search, type filter and default paging; a product has variants in minor units', async () => {
    const res = await ctx.app.inject({ url: '/api/products', headers: bearer(manager) });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: { title: string }[]; total: number; page: number; pageSize: number }>();
    expect({ total: body.total, page: body.page, pageSize: body.pageSize, n: body.items.length }).toEqual({
      total: N,
      page: 1,
      pageSize: 20,
      n: 20,
    });
    const p = shopProduct(12);
    const v = p.variants[0]!;
    const bySku = await ctx.app.inject({
      url: `/api/products?search=${encodeURIComponent(v.sku.toLowerCase())}`,
      headers: bearer(manager),
    });
    expect(bySku.json<{ items: { title: string }[] }>().items.map((i) => i.title)).toEqual([p.title]);
    const byBarcode = await ctx.app.inject({
      url: `/api/products?search=${v.barcode}`,
      headers: bearer(manager),
    });
    expect(byBarcode.json<{ items: { title: string }[] }>().items.map((i) => i.title)).toContain(p.title);
    const heaters = await ctx.app.inject({
      url: '/api/products?type=heater&pageSize=100',
      headers: bearer(manager),
    });
    expect(heaters.json<{ total: number }>().total).toBe(
      control()
        .products()
        .filter((x) => x.productType === 'Heater').length,
    );
    const id = bySku.json<{ items: { id: string }[] }>().items[0]?.id;
    const one = await ctx.app.inject({ url: `/api/products/${id}`, headers: bearer(tech) });
    expect(one.json()).toMatchObject({
      title: p.title,
      vendor: p.vendor,
      imageUrl: expect.stringContaining(p.imagePath!),
      variants: p.variants.map((x) => ({
        sku: x.sku,
        barcode: x.barcode,
        priceMinor: Math.round(Number(x.price) * 100),
        currency: 'NOK',
        inventoryQuantity: x.inventoryQuantity,
      })),
      partner: { active: true, version: 0 },
    });
  });

  it('partner fields are per partner, survive an upstream change, and only managers change them', async () => {
    const p5 = shopProduct(5);
    const [row] = (await ctx.app.db.select().from(products)).filter(
      (r) => r.shopifyId === `gid://shopify/Product/${p5.id}`,
    );
    const id = row!.id;
    const patch = (token: string, body: object) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/products/${id}/partner`,
        headers: bearer(token),
        payload: body,
      });

    expect((await patch(tech, { active: false, version: 0 })).statusCode).toBe(403);
    const saved = await patch(manager, {
      active: false,
      notes: 'Only for cabins',
      serviceIntervalMonths: 12,
      version: 0,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      active: false,
      partner: { active: false, notes: 'Only for cabins', version: 1 },
    });
    expect((await patch(manager, { active: true, version: 0 })).statusCode).toBe(409);
    expect((await patch(manager, { serviceIntervalMonths: 0, version: 1 })).statusCode).toBe(400);

    // Fjord's view of the same product is untouched; its change does not reach Nordic.
    const theirs = await ctx.app.inject({ url: `/api/products/${id}`, headers: bearer(fjord) });
    expect(theirs.json()).toMatchObject({ active: true, partner: { active: true, notes: null, version: 0 } });
    expect((await patch(fjord, { notes: 'Fjord note', version: 0 })).statusCode).toBe(200);
    const inactive = await ctx.app.inject({ url: '/api/products?active=false', headers: bearer(manager) });
    expect(inactive.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toEqual([id]);
    const fjordInactive = await ctx.app.inject({ url: '/api/products?active=false', headers: bearer(fjord) });
    expect(fjordInactive.json<{ total: number }>().total).toBe(0);

    // Upstream change (no webhook), incremental sync: the shop's fields change, the partners' do not.
    control().setAppUrl(null);
    const title5 = p5.title;
    await control().updateProduct(p5.id, { title: `${title5} (new)` });
    const inc = await sync().run({ mode: 'incremental', trigger: 'test' });
    expect(inc.run).toMatchObject({ mode: 'incremental', updated: 1, created: 0 });
    const mine = await ctx.app.inject({ url: `/api/products/${id}`, headers: bearer(manager) });
    expect(mine.json()).toMatchObject({
      title: `${title5} (new)`,
      partner: { active: false, notes: 'Only for cabins', serviceIntervalMonths: 12, version: 1 },
    });
    expect(await ctx.app.db.select().from(partnerProducts)).toHaveLength(2);

    // An inactive product is left out of the partner's pickers only.
    const q = encodeURIComponent(p5.variants[0]!.sku);
    const pick = await ctx.app.inject({
      url: `/api/shopify/products/search?query=${q}`,
      headers: bearer(manager),
    });
    expect(pick.json<{ results: { productId: string }[] }>().results.map((r) => r.productId)).not.toContain(
      id,
    );
    const pickFjord = await ctx.app.inject({
      url: `/api/shopify/products/search?query=${q}`,
      headers: bearer(fjord),
    });
    expect(pickFjord.json<{ results: { productId: string }[] }>().results.map((r) => r.productId)).toContain(
      id,
    );
  });

  it('an incremental run with nothing changed upstream writes nothing', async () => {
    const before = await snapshot();
    const inc = await sync().run({ mode: 'incremental', trigger: 'test' });
    // The overlap re-reads the last minute's changes; they are not written again.
    expect(inc.run).toMatchObject({ created: 0, updated: 0, status: 'succeeded' });
    expect(await snapshot()).toEqual(before);
  });

  it('the picker search: blank → 400, limit default 10 and clamped to 1–50, prefill fields', async () => {
    const get = (qs: string) =>
      ctx.app.inject({ url: `/api/shopify/products/search?${qs}`, headers: bearer(tech) });
    expect((await get('query=%20%20')).statusCode).toBe(400);
    expect((await get('')).statusCode).toBe(400);
    expect((await get('query=a&limit=abc')).statusCode).toBe(400);
    // One hit per variant of a product active for the partner.
    const n = async (qs: string) => (await get(qs)).json<{ results: unknown[] }>().results.length;
    const all = await n('query=a&limit=50');
    expect(all).toBeGreaterThan(10);
    expect(await n('query=a')).toBe(10);
    expect(await n('query=a&limit=0')).toBe(1);
    expect(await n('query=a&limit=-5')).toBe(1);
    expect(await n('query=a&limit=500')).toBe(all);
    const p = shopProduct(3);
    const v = p.variants[0]!;
    expect(
      (await get(`query=${encodeURIComponent(v.sku)}`)).json<{ results: unknown[] }>().results[0],
    ).toEqual({
      productId: expect.any(String),
      variantId: expect.any(String),
      name: p.title,
      sku: v.sku,
      unitPriceMinor: Math.round(Number(v.price) * 100),
      currency: 'NOK',
      supplier: p.vendor,
      imageUrl: expect.stringContaining(p.imagePath!),
      type: p.productType === 'Toilet' ? 'toilet' : p.productType === 'Heater' ? 'heater' : 'spare_part',
    });
  });

  it('the global administrator reads the catalogue without a partner; partner fields still need one', async () => {
    const admin = await signIn(ctx, 'admin@example.com');
    const get = (url: string) => ctx.app.inject({ url: `/api${url}`, headers: bearer(admin) });
    const listed = await get('/products?pageSize=5');
    expect(listed.statusCode, listed.body).toBe(200);
    const first = listed.json<{ items: { id: string }[]; total: number }>();
    expect(first.total).toBe(N);
    const one = await get(`/products/${first.items[0]!.id}`);
    expect(one.statusCode, one.body).toBe(200);
    // No partner's own fields show: the defaults, not Nordic's notes.
    expect(one.json()).toMatchObject({ partner: { notes: null, version: 0 } });
    const p = shopProduct(3);
    const q = encodeURIComponent(p.variants[0]!.sku);
    expect((await get(`/shopify/products/search?query=${q}`)).statusCode).toBe(200);
    const found = await get(`/search/global?query=${q}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<{ results: { type: string }[] }>().results).toContainEqual(
      expect.objectContaining({ type: 'Product', name: p.title }),
    );
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${first.items[0]!.id}/partner`,
      headers: bearer(admin),
      payload: { notes: 'x', version: 0 },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().code).toBe('partner_required');
  });

  it('global search finds products as type Product', async () => {
    const p = shopProduct(12);
    const res = await ctx.app.inject({
      url: `/api/search/global?query=${encodeURIComponent(p.variants[0]!.sku)}`,
      headers: bearer(tech),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ results: { type: string; name: string }[] }>().results).toContainEqual(
      expect.objectContaining({ type: 'Product', name: p.title }),
    );
  });

  describe('webhooks', () => {
    const post = (body: string, headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/shopify/webhooks',
        payload: body,
        headers: { 'content-type': 'application/json', ...headers },
      });
    const gid7 = () => `gid://shopify/Product/${shopProduct(7).id}`;
    const restBody = (title: string, updatedAt: string) =>
      JSON.stringify({
        id: shopProduct(7).id,
        admin_graphql_api_id: gid7(),
        title,
        handle: 'model-7',
        status: 'active',
        vendor: 'Cinderella',
        product_type: 'Toilet',
        tags: 'demo, new',
        updated_at: updatedAt,
        image: { src: 'http://127.0.0.1:9/images/7b.svg', alt: null },
        variants: [
          {
            admin_graphql_api_id: 'gid://shopify/ProductVariant/999701',
            sku: 'SKU-7',
            price: '999.00',
            barcode: null,
            inventory_quantity: 3,
          },
        ],
      });
    const headers = (body: string, event: string, extra: Record<string, string> = {}) => ({
      'x-shopify-hmac-sha256': sign(body),
      'x-shopify-shop-domain': SHOP,
      'x-shopify-topic': 'products/update',
      'x-shopify-event-id': event,
      ...extra,
    });
    const stored = async (shopifyId: string) =>
      (await ctx.app.db.select().from(products)).find((p) => p.shopifyId === shopifyId);

    it('rejects a bad signature (401) and an unknown shop (403) without a change', async () => {
      const before = await stored(gid7());
      const body = restBody('Hacked', '2030-01-01T00:00:00Z');
      expect(
        (await post(body, headers(body, 'e1', { 'x-shopify-hmac-sha256': sign(body, 'wrong') }))).statusCode,
      ).toBe(401);
      expect((await post(body, headers(body, 'e1', { 'x-shopify-hmac-sha256': '' }))).statusCode).toBe(401);
      expect((await post(`${body} `, headers(body, 'e1'))).statusCode).toBe(401);
      expect(
        (await post(body, headers(body, 'e1', { 'x-shopify-shop-domain': 'evil.myshopify.com' }))).statusCode,
      ).toBe(403);
      expect(
        (await post(body, headers(body, 'e1', { 'x-shopify-shop-domain': `${SHOP}.evil.com` }))).statusCode,
      ).toBe(403);
      expect(await stored(gid7())).toEqual(before);
    });

    it('applies an update once; a replay changes nothing; an older delivery is ignored', async () => {
      const body = restBody('Toilet 7 (webhook)', '2030-01-01T00:00:00Z');
      const first = await post(body, headers(body, 'e2'));
      expect(first.json()).toEqual({ result: 'applied' });
      const after = await stored(gid7());
      expect(after).toMatchObject({ title: 'Toilet 7 (webhook)', tags: ['demo', 'new'] });
      // The history names the shop as who changed it (issue 26).
      const changed: unknown = await ctx.app.db.execute(
        sql`select actor_kind, actor_name, new_value from history_events
            where table_name = 'products' and record_id = ${after!.id} and field = 'title'
            order by id desc limit 1`,
      );
      expect((changed as { rows: unknown[] }).rows[0]).toEqual({
        actor_kind: 'shop',
        actor_name: 'Shop webhook',
        new_value: 'Toilet 7 (webhook)',
      });

      expect((await post(body, headers(body, 'e2'))).json()).toEqual({ result: 'duplicate' });
      expect(await stored(gid7())).toEqual(after);

      const stale = restBody('Old news', '2029-01-01T00:00:00Z');
      expect((await post(stale, headers(stale, 'e3'))).json()).toEqual({ result: 'stale' });
      expect(await stored(gid7())).toEqual(after);
    });

    it("the demo shop's own deliveries over HTTP: update applied, replay and stale ignored, delete hides it", async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = ctx.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      control().setAppUrl(`http://127.0.0.1:${address.port}`);
      const p = shopProduct(9);
      const gid = `gid://shopify/Product/${p.id}`;
      const title = `${p.title} (changed)`;

      const updated = await control().updateProduct(p.id, { title, inventoryQuantity: 77 });
      expect(updated?.delivery.status).toBe(200);
      const row = await stored(gid);
      expect(row?.title).toBe(title);

      expect((await control().replayLastWebhook())?.status).toBe(200);
      expect(await stored(gid)).toEqual(row);
      expect((await control().sendStaleWebhook(p.id))?.status).toBe(200);
      expect(await stored(gid)).toEqual(row);

      const deleted = await control().deleteProduct(p.id);
      expect(deleted?.status).toBe(200);
      expect((await stored(gid))?.deletedAt).not.toBeNull();
      const list = await ctx.app.inject({ url: '/api/products?pageSize=100', headers: bearer(tech) });
      expect(list.json<{ items: { title: string }[] }>().items.map((i) => i.title)).not.toContain(title);
      control().setAppUrl(null);
    });
  });

  it('a full sync marks products gone from the shop as deleted and brings changed ones back', async () => {
    // Product 9 was deleted in the shop (above); product 7's webhook version is newer than the shop's.
    const p11 = shopProduct(11);
    await control().deleteProduct(p11.id);
    const run = await sync().run({ mode: 'full', trigger: 'test' });
    expect(run.run).toMatchObject({ deleted: 1, seen: N - 2, status: 'succeeded' });
    expect((await stored11())?.deletedAt).not.toBeNull();
    async function stored11() {
      return (await ctx.app.db.select().from(products)).find(
        (p) => p.shopifyId === `gid://shopify/Product/${p11.id}`,
      );
    }
  });

  it('sync routes: only an Administrator starts one (202 with the run); anyone sees status and runs', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/products/sync',
          headers: bearer(manager),
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/products/sync',
          headers: bearer(office),
          payload: { mode: 'sideways' },
        })
      ).statusCode,
    ).toBe(400);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/sync',
      headers: bearer(office),
      payload: { mode: 'full' },
    });
    expect(res.statusCode).toBe(202);
    const { runId } = res.json<{ runId: string }>();
    for (let i = 0; i < 100; i++) {
      const status = await ctx.app.inject({ url: '/api/products/sync/status', headers: bearer(tech) });
      if (!status.json<{ running: unknown }>().running) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const status = await ctx.app.inject({ url: '/api/products/sync/status', headers: bearer(tech) });
    expect(status.json()).toMatchObject({
      running: null,
      lastRun: { id: runId, status: 'succeeded', mode: 'full' },
      productCount: N - 2,
    });
    expect(status.json<{ lastSuccessAt: string | null }>().lastSuccessAt).not.toBeNull();
    const runs = await ctx.app.inject({ url: '/api/products/sync/runs', headers: bearer(fjord) });
    expect(runs.json<{ items: { id: string }[] }>().items[0]?.id).toBe(runId);
  });

  it('a failing shop fails the run with its error recorded', async () => {
    control().setFaults({ revoked: true });
    await expect(sync().run({ mode: 'full', trigger: 'test' })).rejects.toThrow();
    const last = await repo().lastRun();
    expect(last?.status).toBe('failed');
    expect(last?.errors.length).toBe(1);
    control().clearFaults();
  });

  it('every status the shop sends is stored, listed and filterable; one from the future is kept as it came; none makes the list fail', async () => {
    const list = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/products?pageSize=100${query}`, headers: bearer(tech) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: { id: string; shopifyId: string; status: string }[]; total: number }>();
    };
    // UNLISTED (2026-10) through the real shop and the incremental sync.
    const unlisted = control()
      .products()
      .find((p) => p.status === 'ACTIVE')!;
    await control().updateProduct(unlisted.id, { status: 'UNLISTED' });
    await sync().run({ mode: 'incremental', trigger: 'test' });
    // Values Shopify may add later, and garbage, through the sync…
    const base = { handle: 'x', vendor: null, productType: 'Toilet', tags: [], image: null, variants: [] };
    const future = [
      { ...base, id: 'gid://shopify/Product/880001', title: 'Future A', status: 'PRE_ORDER_ONLY' },
      { ...base, id: 'gid://shopify/Product/880002', title: 'Future B', status: '' },
      {
        ...base,
        id: 'gid://shopify/Product/880003',
        title: 'Future C',
        status: `Ünlïsted <b>${'x'.repeat(300)}`,
      },
    ].map((p) => ({ ...p, updatedAt: '2031-01-01T00:00:00Z' }));
    const fake = {
      products: async () => ({ nodes: future, pageInfo: { hasNextPage: false, endCursor: null } }),
    };
    await createProductSync({ repo: repo(), source: fake }).run({ mode: 'incremental', trigger: 'test' });
    // …and through the product webhook.
    const hook = JSON.stringify({
      id: 880004,
      admin_graphql_api_id: 'gid://shopify/Product/880004',
      title: 'Future D',
      handle: 'future-d',
      status: 'seasonal',
      updated_at: '2031-01-01T00:00:00Z',
      variants: [],
    });
    const delivered = await ctx.app.inject({
      method: 'POST',
      url: '/api/shopify/webhooks',
      payload: hook,
      headers: {
        'content-type': 'application/json',
        'x-shopify-hmac-sha256': sign(hook),
        'x-shopify-shop-domain': SHOP,
        'x-shopify-topic': 'products/create',
        'x-shopify-event-id': 'future-status',
      },
    });
    expect(delivered.json()).toEqual({ result: 'applied' });

    const all = await list('');
    const statusOf = (id: string) => all.items.find((p) => p.shopifyId === id)?.status;
    expect(statusOf(`gid://shopify/Product/${unlisted.id}`)).toBe('unlisted');
    expect(statusOf('gid://shopify/Product/880001')).toBe('pre_order_only');
    expect(statusOf('gid://shopify/Product/880002')).toBe('unknown');
    expect(statusOf('gid://shopify/Product/880003')).toMatch(/^nl_sted_b_x+$/);
    expect(statusOf('gid://shopify/Product/880003')).toHaveLength(40);
    expect(statusOf('gid://shopify/Product/880004')).toBe('seasonal');

    expect((await list('&status=unlisted')).items.map((p) => p.shopifyId)).toEqual([
      `gid://shopify/Product/${unlisted.id}`,
    ]);
    expect((await list('&status=unknown')).items.map((p) => p.shopifyId).sort()).toEqual([
      'gid://shopify/Product/880001',
      'gid://shopify/Product/880002',
      'gid://shopify/Product/880003',
      'gid://shopify/Product/880004',
    ]);
    const detail = await ctx.app.inject({
      url: `/api/products/${all.items.find((p) => p.shopifyId === 'gid://shopify/Product/880001')!.id}`,
      headers: bearer(tech),
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ status: string }>().status).toBe('pre_order_only');
    expect(
      (await ctx.app.inject({ url: '/api/products?status=pre_order_only', headers: bearer(tech) }))
        .statusCode,
    ).toBe(400);
  });

  it('a product with more than 100 variants is synced with all of them (the client pages them)', async () => {
    const { product } = await control().addProduct({ title: 'Seal assortment', variantCount: 230 });
    // Full: the test before moved the incremental watermark into the 2030s.
    await sync().run({ mode: 'full', trigger: 'test' });
    const [row] = await ctx.app.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.shopifyId, `gid://shopify/Product/${product.id}`));
    const stored = await ctx.app.db
      .select({ shopifyId: productVariants.shopifyId })
      .from(productVariants)
      .where(eq(productVariants.productId, row!.id));
    expect(stored.map((v) => v.shopifyId).sort()).toEqual(
      product.variants.map((v) => `gid://shopify/ProductVariant/${v.id}`).sort(),
    );
    expect(stored).toHaveLength(230);
  });

  it('unknown or malformed product ids: 404 / 400', async () => {
    expect(
      (
        await ctx.app.inject({
          url: '/api/products/00000000-0000-4000-8000-000000000000',
          headers: bearer(tech),
        })
      ).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: '/api/products/nope', headers: bearer(tech) })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/products', headers: {} })).statusCode).toBe(401);
  });
});
