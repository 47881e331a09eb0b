import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';
import { ShopError, type ShopProduct } from './client.ts';

// The client against the demo shop over real HTTP on loopback. What the client did is read from
// the shop's request log (never from timing).

let t: TestShop;

beforeAll(async () => {
  // A fast-restoring bucket keeps the suite quick; the throttle tests drain it on purpose.
  t = await startTestShop({ products: 60, seed: 7, bucket: { restoreRate: 2000 } });
});
afterAll(async () => t.close());
afterEach(() => {
  t.shop.control.clearFaults();
  t.shop.control.clearRequests();
});

const gql = () => t.shop.control.requests().filter((r) => r.path.endsWith('/graphql.json'));

async function all(client = t.client(), updatedAfter: string | null = null, first?: number) {
  const seen: ShopProduct[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await client.products({ after, updatedAfter, ...(first ? { first } : {}) });
    seen.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) return seen;
    after = page.pageInfo.endCursor;
  }
}

describe('products', () => {
  it('pages through the whole catalogue, each product exactly once, oldest update first', async () => {
    const seen = await all(t.client(), null, 7);
    const ids = seen.map((p) => p.id);
    expect(new Set(ids).size).toBe(60);
    expect(ids.length).toBe(60);
    expect([...ids].sort()).toEqual(
      t.shop.control
        .products()
        .map((p) => `gid://shopify/Product/${p.id}`)
        .sort(),
    );
    const times = seen.map((p) => Date.parse(p.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(gql().length).toBe(Math.ceil(60 / 7));
  });

  it('returns the contract fields with absolute picture URLs, valid barcodes and NOK prices', async () => {
    const { nodes } = await t.client().products({ first: 5 });
    const p = nodes[0]!;
    expect(p.id).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    expect(['ACTIVE', 'DRAFT', 'ARCHIVED']).toContain(p.status);
    expect(p.image?.url.startsWith(`${t.shop.url}/images/`)).toBe(true);
    const picture = await fetch(p.image!.url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toContain('image/svg+xml');
    expect(await picture.text()).toContain('<svg');
    for (const v of p.variants) {
      expect(v.id).toMatch(/^gid:\/\/shopify\/ProductVariant\/\d+$/);
      expect(v.price).toMatch(/^\d+\.\d{2}$/);
      expect(v.barcode).toMatch(/^\d{13}$/);
      const digits = v.barcode!.split('').map(Number);
      const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
      expect((10 - (sum % 10)) % 10).toBe(digits[12]);
    }
  });

  it('filters on updated_at: only products changed after the watermark', async () => {
    const sorted = [...t.shop.control.products()].sort(
      (a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt),
    );
    const watermark = sorted[49]!.updatedAt;
    const later = await all(t.client(), watermark, 50);
    expect(later.map((p) => p.id).sort()).toEqual(
      sorted
        .slice(50)
        .map((p) => `gid://shopify/Product/${p.id}`)
        .sort(),
    );
    expect(gql()[0]!.variables?.query).toBe(`updated_at:>'${new Date(watermark).toISOString()}'`);

    // A change upstream (without webhook) shows up in the next incremental page.
    const [touched] = t.shop.control.touchProducts([sorted[3]!.id]);
    const changed = await all(t.client(), sorted[59]!.updatedAt, 50);
    expect(changed.map((p) => p.id)).toContain(`gid://shopify/Product/${touched!.id}`);
  });

  it('splits a query that exceeds the single-query cost limit and keeps the smaller page', async () => {
    const client = t.client();
    const page = await client.products({ first: 250 });
    const log = gql();
    expect(log[0]).toMatchObject({ code: 'MAX_COST_EXCEEDED', variables: { first: 250 } });
    expect(log[0]!.requestedCost).toBeGreaterThan(1000);
    const ok = log.at(-1)!;
    expect(ok.code).toBeUndefined();
    expect(ok.requestedCost).toBeLessThanOrEqual(1000);
    expect(page.nodes.length).toBe(ok.variables?.first);
    // The next page starts at the size that fitted: no second refusal.
    t.shop.control.clearRequests();
    await client.products({ after: page.pageInfo.endCursor });
    expect(gql().map((r) => r.code)).toEqual([undefined]);
  });

  it('splits again when the shop refuses the cost whatever it is', async () => {
    t.shop.control.setFaults({ maxCostExceeded: 1 });
    const page = await t.client().products({ first: 8 });
    expect(gql().map((r) => [r.code, r.variables?.first])).toEqual([
      ['MAX_COST_EXCEEDED', 8],
      [undefined, 4],
    ]);
    expect(page.nodes).toHaveLength(4);
  });
});

describe('throttling and failures', () => {
  it('waits when throttled (HTTP 200 THROTTLED, empty bucket) and then succeeds', async () => {
    t.shop.control.setFaults({ throttle: true });
    const page = await t.client().products({ first: 3 });
    expect(page.nodes).toHaveLength(3);
    expect(gql().map((r) => [r.status, r.code])).toEqual([
      [200, 'THROTTLED'],
      [200, undefined],
    ]);
  });

  it('honours Retry-After on HTTP 429', async () => {
    t.shop.control.setFaults({ throttle429: 2 });
    const page = await t.client().products({ first: 2 });
    expect(page.nodes).toHaveLength(2);
    expect(gql().map((r) => r.status)).toEqual([429, 429, 200]);
  });

  it('gives up on throttling after the allowed number of waits', async () => {
    t.shop.control.setFaults({ throttle429: 5 });
    const err = await t
      .client({ maxThrottleWaits: 2 })
      .products({ first: 2 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShopError);
    expect((err as ShopError).kind).toBe('throttled');
    expect(gql()).toHaveLength(3);
  });

  it('retries 503 with backoff and succeeds', async () => {
    t.shop.control.setFaults({ unavailable: 2 });
    const page = await t.client().products({ first: 2 });
    expect(page.nodes).toHaveLength(2);
    expect(gql().map((r) => r.status)).toEqual([503, 503, 200]);
  });

  it('stops after a bounded number of 503s with ShopError unavailable', async () => {
    t.shop.control.setFaults({ unavailable: 10 });
    const err = await t
      .client({ maxAttempts: 3 })
      .products({ first: 2 })
      .catch((e: unknown) => e);
    expect((err as ShopError).kind).toBe('unavailable');
    expect(gql().map((r) => r.status)).toEqual([503, 503, 503]);
  });

  it('a revoked token is ShopError revoked, not retried', async () => {
    t.shop.control.setFaults({ revoked: true });
    const err = await t
      .client()
      .products({ first: 2 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShopError);
    expect((err as ShopError).kind).toBe('revoked');
    expect(gql().map((r) => r.status)).toEqual([401]);
    const wrong = await t
      .client({ accessToken: 'shpat_not_issued' })
      .products()
      .catch((e: unknown) => e);
    expect((wrong as ShopError).kind).toBe('revoked');
  });

  it('a slow shop is ShopError timeout', async () => {
    t.shop.control.setFaults({ delayMs: 400 });
    const err = await t
      .client({ timeoutMs: 100 })
      .products({ first: 2 })
      .catch((e: unknown) => e);
    expect((err as ShopError).kind).toBe('timeout');
  });

  it('an unreachable shop is ShopError unavailable', async () => {
    const err = await t
      .client({ baseUrl: 'http://127.0.0.1:9', maxAttempts: 2 })
      .products()
      .catch((e: unknown) => e);
    expect((err as ShopError).kind).toBe('unavailable');
  });
});
