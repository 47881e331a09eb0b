import { createHmac } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerProducts, products, productVariants } from '../../db/schema/products.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';
import { createProductsRepository } from './products.repository.ts';
import { createProductSync, type ProductSource, type ShopProduct } from './products.sync.ts';

const SECRET = 'shop-secret-for-tests';
const SHOP = 'nordic-sanitary-demo.myshopify.com';

/** A shop catalogue in memory with the Admin API's paging (sorted by updatedAt, opaque cursors). */
class MemoryShop implements ProductSource {
  items = new Map<string, ShopProduct>();
  requests = 0;
  private clock = Date.parse('2026-01-01T00:00:00Z');

  constructor(n: number) {
    for (let i = 1; i <= n; i++) this.put(product(i, this.tick()));
  }
  tick(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }
  put(p: ShopProduct) {
    this.items.set(p.id, p);
  }
  change(i: number, patch: Partial<ShopProduct>) {
    const id = `gid://shopify/Product/${i}`;
    const p = this.items.get(id);
    if (!p) throw new Error(`no product ${i}`);
    this.put({ ...p, ...patch, updatedAt: this.tick() });
  }
  async products(args: { first?: number; after?: string | null; updatedAfter?: string | null }) {
    this.requests++;
    const sorted = [...this.items.values()]
      .filter((p) => !args.updatedAfter || p.updatedAt > args.updatedAfter)
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id.localeCompare(b.id));
    const start = args.after ? Number(Buffer.from(args.after, 'base64url').toString()) : 0;
    const first = args.first ?? 50;
    const nodes = sorted.slice(start, start + first);
    const end = start + nodes.length;
    return {
      nodes,
      pageInfo: { hasNextPage: end < sorted.length, endCursor: nodes.length ? Buffer.from(String(end)).toString('base64url') : null },
    };
  }
}

function product(i: number, updatedAt: string): ShopProduct {
  const kind = i % 3 === 0 ? 'Spare part' : i % 3 === 1 ? 'Incinerating toilet' : 'Heater';
  return {
    id: `gid://shopify/Product/${i}`,
    title: `${kind} model ${i}`,
    handle: `model-${i}`,
    status: 'ACTIVE',
    vendor: i % 2 ? 'Cinderella' : 'Nordic Heat',
    productType: kind,
    tags: ['demo'],
    updatedAt,
    image: { url: `http://127.0.0.1:9/images/${i}.jpg`, altText: `Model ${i}` },
    variants: [
      { id: `gid://shopify/ProductVariant/${i}01`, sku: `SKU-${i}`, price: `${1000 + i}.50`, barcode: `70${i}`, inventoryQuantity: i },
    ],
  };
}

function sign(body: string, secret = SECRET) {
  return createHmac('sha256', secret).update(body).digest('base64');
}

describe('products', () => {
  let ctx: TestContext;
  let shop: MemoryShop;
  let office: string;
  let manager: string;
  let fjord: string;
  let tech: string;
  const repo = () => createProductsRepository(ctx.app.db);
  const sync = (pageSize = 7) => createProductSync({ repo: repo(), source: shop, pageSize });

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
    shop = new MemoryShop(30);
    ctx = await createTestContext({
      shop: { source: shop, secrets: [SECRET], allowlist: [SHOP], syncOnEmptyStart: false, schedule: false },
    });
    await ctx.app.ready();
    office = await signIn(ctx, 'office@nordic.example.com');
    manager = await signIn(ctx, 'manager@nordic.example.com');
    fjord = await signIn(ctx, 'manager@fjord.example.com');
    tech = await signIn(ctx, 'tech@nordic.example.com');
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('a sync killed after page 2 and run again resumes the same run and ends like an uninterrupted one', async () => {
    const controller = new AbortController();
    const first = await sync().run({ mode: 'full', trigger: 'test', signal: controller.signal }, {
      afterPage: (_run, page) => {
        if (page === 2) controller.abort();
      },
    });
    expect(first.outcome).toBe('interrupted');
    expect(first.run.status).toBe('running');
    expect((await snapshot()).p).toHaveLength(14);

    const resumed = await sync().run({ mode: 'full', trigger: 'test' });
    expect(resumed.outcome).toBe('succeeded');
    expect(resumed.run.id).toBe(first.run.id);
    expect({ pages: resumed.run.pages, seen: resumed.run.seen, created: resumed.run.created }).toEqual({
      pages: 5,
      seen: 30,
      created: 30,
    });
    const after = await snapshot();
    expect(after.p).toHaveLength(30);
    expect(after.v).toHaveLength(30);

    // An uninterrupted full run over the same catalogue changes nothing.
    const again = await sync(100).run({ mode: 'full', trigger: 'test' });
    expect(again.run).toMatchObject({ created: 0, updated: 0, deleted: 0, seen: 30, pages: 1 });
    expect(await snapshot()).toEqual(after);
  });

  it('lists with search, type filter and default paging; a product has variants in minor units', async () => {
    const res = await ctx.app.inject({ url: '/api/products', headers: bearer(manager) });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: { title: string }[]; total: number; page: number; pageSize: number }>();
    expect({ total: body.total, page: body.page, pageSize: body.pageSize, n: body.items.length }).toEqual({
      total: 30,
      page: 1,
      pageSize: 20,
      n: 20,
    });
    const bySku = await ctx.app.inject({ url: '/api/products?search=sku-12', headers: bearer(manager) });
    expect(bySku.json<{ items: { title: string }[] }>().items.map((i) => i.title)).toEqual(['Spare part model 12']);
    const heaters = await ctx.app.inject({ url: '/api/products?type=heater&pageSize=100', headers: bearer(manager) });
    expect(heaters.json<{ total: number }>().total).toBe(10);
    const id = bySku.json<{ items: { id: string }[] }>().items[0]?.id;
    const one = await ctx.app.inject({ url: `/api/products/${id}`, headers: bearer(tech) });
    expect(one.json()).toMatchObject({
      title: 'Spare part model 12',
      type: 'spare_part',
      variants: [{ sku: 'SKU-12', priceMinor: 101250, currency: 'NOK', inventoryQuantity: 12 }],
      partner: { active: true, version: 0 },
    });
  });

  it('partner fields are per partner, survive an upstream change, and only managers change them', async () => {
    const list = await ctx.app.inject({ url: '/api/products?search=model 5', headers: bearer(manager) });
    const id = list.json<{ items: { id: string; title: string }[] }>().items.find((i) => i.title.endsWith(' 5'))?.id;
    const patch = (token: string, body: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/products/${id}/partner`, headers: bearer(token), payload: body });

    expect((await patch(tech, { active: false, version: 0 })).statusCode).toBe(403);
    const saved = await patch(manager, { active: false, notes: 'Only for cabins', serviceIntervalMonths: 12, version: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ active: false, partner: { active: false, notes: 'Only for cabins', version: 1 } });
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

    // Upstream change, incremental sync: the shop's fields change, the partners' do not.
    shop.change(5, { title: 'Heater model 5 (new)' });
    const inc = await sync().run({ mode: 'incremental', trigger: 'test' });
    expect(inc.run).toMatchObject({ mode: 'incremental', updated: 1, created: 0 });
    const mine = await ctx.app.inject({ url: `/api/products/${id}`, headers: bearer(manager) });
    expect(mine.json()).toMatchObject({
      title: 'Heater model 5 (new)',
      partner: { active: false, notes: 'Only for cabins', serviceIntervalMonths: 12, version: 1 },
    });
    const rows = await ctx.app.db.select().from(partnerProducts);
    expect(rows).toHaveLength(2);
    // An inactive product is left out of the partner's pickers only.
    const pick = await ctx.app.inject({ url: '/api/shopify/products/search?query=model 5', headers: bearer(manager) });
    expect(pick.json<{ results: { productId: string }[] }>().results.map((r) => r.productId)).not.toContain(id);
    const pickFjord = await ctx.app.inject({ url: '/api/shopify/products/search?query=model 5', headers: bearer(fjord) });
    expect(pickFjord.json<{ results: { productId: string }[] }>().results.map((r) => r.productId)).toContain(id);
  });

  it('the picker search: blank → 400, limit default 10 and clamped to 1–50, prefill fields', async () => {
    const get = (qs: string) => ctx.app.inject({ url: `/api/shopify/products/search?${qs}`, headers: bearer(tech) });
    expect((await get('query=%20%20')).statusCode).toBe(400);
    expect((await get('')).statusCode).toBe(400);
    const n = async (qs: string) => (await get(qs)).json<{ results: unknown[] }>().results.length;
    expect(await n('query=model')).toBe(10);
    expect(await n('query=model&limit=0')).toBe(1);
    // 30 products, one deactivated by the partner.
    expect(await n('query=model&limit=500')).toBe(29);
    expect((await get('query=model&limit=abc')).statusCode).toBe(400);
    expect((await get('query=SKU-3')).json<{ results: unknown[] }>().results[0]).toEqual({
      productId: expect.any(String),
      variantId: expect.any(String),
      name: 'Spare part model 3',
      sku: 'SKU-3',
      unitPriceMinor: 100350,
      currency: 'NOK',
      supplier: 'Cinderella',
      imageUrl: 'http://127.0.0.1:9/images/3.jpg',
      type: 'spare_part',
    });
  });

  it('global search finds products as type Product', async () => {
    const res = await ctx.app.inject({ url: '/api/search/global?query=SKU-12', headers: bearer(tech) });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ results: { type: string; name: string }[] }>().results).toContainEqual(
      expect.objectContaining({ type: 'Product', name: 'Spare part model 12' }),
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
    const restBody = (title: string, updatedAt: string) =>
      JSON.stringify({
        id: 7,
        admin_graphql_api_id: 'gid://shopify/Product/7',
        title,
        handle: 'model-7',
        status: 'active',
        vendor: 'Cinderella',
        product_type: 'Incinerating toilet',
        tags: 'demo, new',
        updated_at: updatedAt,
        image: { src: 'http://127.0.0.1:9/images/7b.jpg', alt: null },
        variants: [{ admin_graphql_api_id: 'gid://shopify/ProductVariant/701', sku: 'SKU-7', price: '999.00', barcode: null, inventory_quantity: 3 }],
      });
    const headers = (body: string, event: string, extra: Record<string, string> = {}) => ({
      'x-shopify-hmac-sha256': sign(body),
      'x-shopify-shop-domain': SHOP,
      'x-shopify-topic': 'products/update',
      'x-shopify-event-id': event,
      ...extra,
    });
    const title7 = async () =>
      (await ctx.app.db.select().from(products)).find((p) => p.shopifyId === 'gid://shopify/Product/7');

    it('rejects a bad signature (401) and an unknown shop (403) without a change', async () => {
      const before = await title7();
      const body = restBody('Hacked', '2030-01-01T00:00:00Z');
      expect((await post(body, headers(body, 'e1', { 'x-shopify-hmac-sha256': sign(body, 'wrong') }))).statusCode).toBe(401);
      expect((await post(body, headers(body, 'e1', { 'x-shopify-hmac-sha256': '' }))).statusCode).toBe(401);
      expect((await post(`${body} `, headers(body, 'e1'))).statusCode).toBe(401);
      expect((await post(body, headers(body, 'e1', { 'x-shopify-shop-domain': 'evil.myshopify.com' }))).statusCode).toBe(403);
      expect(await title7()).toEqual(before);
    });

    it('applies an update once; a replay changes nothing; an older delivery is ignored', async () => {
      const body = restBody('Incinerating toilet model 7 (webhook)', '2030-01-01T00:00:00Z');
      const first = await post(body, headers(body, 'e2'));
      expect(first.json()).toEqual({ result: 'applied' });
      const after = await title7();
      expect(after).toMatchObject({ title: 'Incinerating toilet model 7 (webhook)', tags: ['demo', 'new'] });

      expect((await post(body, headers(body, 'e2'))).json()).toEqual({ result: 'duplicate' });
      expect(await title7()).toEqual(after);

      const stale = restBody('Old news', '2029-01-01T00:00:00Z');
      expect((await post(stale, headers(stale, 'e3'))).json()).toEqual({ result: 'stale' });
      expect(await title7()).toEqual(after);
    });

    it('a delete webhook hides the product from the list', async () => {
      const body = JSON.stringify({ id: 7 });
      const res = await post(body, headers(body, 'e4', { 'x-shopify-topic': 'products/delete' }));
      expect(res.json()).toEqual({ result: 'applied' });
      expect((await title7())?.deletedAt).not.toBeNull();
      const list = await ctx.app.inject({ url: '/api/products?search=model 7', headers: bearer(tech) });
      expect(list.json<{ items: { title: string }[] }>().items.map((i) => i.title)).not.toContain(
        'Incinerating toilet model 7 (webhook)',
      );
    });
  });

  it('a full sync marks products gone from the shop as deleted', async () => {
    shop.items.delete('gid://shopify/Product/30');
    const run = await sync().run({ mode: 'full', trigger: 'test' });
    // 7 (deleted by webhook) comes back with the full run; 30 is gone.
    expect(run.run).toMatchObject({ deleted: 1, seen: 29 });
    const gone = (await ctx.app.db.select().from(products)).find((p) => p.shopifyId === 'gid://shopify/Product/30');
    expect(gone?.deletedAt).not.toBeNull();
  });

  it('sync routes: only an Administrator starts one (202 with the run); anyone sees status and runs', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/products/sync', headers: bearer(manager), payload: {} })).statusCode).toBe(403);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/products/sync', headers: bearer(office), payload: { mode: 'full' } });
    expect(res.statusCode).toBe(202);
    const { runId } = res.json<{ runId: string }>();
    for (let i = 0; i < 100; i++) {
      const status = await ctx.app.inject({ url: '/api/products/sync/status', headers: bearer(tech) });
      if (!status.json<{ running: unknown }>().running) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const status = await ctx.app.inject({ url: '/api/products/sync/status', headers: bearer(tech) });
    expect(status.json()).toMatchObject({ running: null, lastRun: { id: runId, status: 'succeeded', mode: 'full' }, productCount: 29 });
    expect(status.json<{ lastSuccessAt: string | null }>().lastSuccessAt).not.toBeNull();
    const runs = await ctx.app.inject({ url: '/api/products/sync/runs', headers: bearer(fjord) });
    expect(runs.json<{ items: { id: string }[] }>().items[0]?.id).toBe(runId);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/products/sync', headers: bearer(office), payload: { mode: 'sideways' } })).statusCode).toBe(400);
  });

  it('unknown or malformed product ids: 404 / 400', async () => {
    expect((await ctx.app.inject({ url: '/api/products/00000000-0000-4000-8000-000000000000', headers: bearer(tech) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/products/nope', headers: bearer(tech) })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/products', headers: {} })).statusCode).toBe(401);
  });
});
