import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidEan13, startDemoShop } from '@service-portal/demo-shop/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';

// The demo shop itself: its catalogue, its signed webhooks and its control routes.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

let t: TestShop;
let receiver: Server;
const received: Received[] = [];

beforeAll(async () => {
  // A stand-in for the app's webhook route: records the raw body and headers.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: req.url ?? '',
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const appUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await startTestShop({ appUrl, products: 30 });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const secret = () => t.configOverrides.shop.apiSecret;
const sign = (body: string) => createHmac('sha256', secret()).update(body, 'utf8').digest('base64');

describe('catalogue', () => {
  it('has at least 300 products by default: toilets, heaters and spare parts, deterministic per seed', async () => {
    const now = new Date('2026-11-01T00:00:00Z');
    const a = await startDemoShop({
      shop: 'a.myshopify.com',
      apiKey: 'k',
      apiSecret: 's',
      adminToken: 't',
      now,
    });
    const b = await startDemoShop({
      shop: 'a.myshopify.com',
      apiKey: 'k',
      apiSecret: 's',
      adminToken: 't',
      now,
    });
    try {
      const products = a.control.products();
      expect(products.length).toBeGreaterThanOrEqual(300);
      expect(JSON.stringify(b.control.products())).toBe(JSON.stringify(products));

      const types = new Set(products.map((p) => p.productType));
      expect(types).toEqual(new Set(['Toilet', 'Heater', 'Spare part']));
      const kinds = new Set(products.flatMap((p) => p.tags.filter((x) => x.startsWith('kind:'))));
      for (const k of [
        'incinerating-toilet',
        'composting-toilet',
        'vacuum-toilet',
        'separating-toilet',
        'chemical-toilet',
        'electric-heater',
        'paraffin-heater',
        'panel-heater',
        'fan',
        'seal',
        'heating-element',
        'control-board',
        'bowl-liner',
        'filter',
      ]) {
        expect(kinds).toContain(`kind:${k}`);
      }
      const variants = products.flatMap((p) => p.variants);
      expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
      expect(new Set(variants.map((v) => v.barcode)).size).toBe(variants.length);
      expect(variants.every((v) => isValidEan13(v.barcode))).toBe(true);
      expect(variants.every((v) => /^\d+\.\d{2}$/.test(v.price))).toBe(true);
      const statuses = products.map((p) => p.status);
      expect(statuses.filter((s) => s === 'ACTIVE').length).toBeGreaterThan(products.length * 0.8);
      expect(statuses).toContain('DRAFT');
      expect(statuses).toContain('ARCHIVED');
      expect(new Set(products.map((p) => p.vendor)).size).toBeGreaterThan(3);
      const times = products.map((p) => Date.parse(p.updatedAt));
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(365 * 86_400_000);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('serves a picture for every product and 404 for an unknown kind', async () => {
    const paths = new Set(t.shop.control.products().map((p) => p.imagePath!));
    for (const path of [...paths].slice(0, 10)) {
      const res = await fetch(`${t.shop.url}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/^<svg [^>]*role="img"/);
    }
    expect((await fetch(`${t.shop.url}/images/nothing/white/1.svg`)).status).toBe(404);
  });

  it('makes 10,000 products on request', async () => {
    const big = await startDemoShop({
      shop: 'b.myshopify.com',
      apiKey: 'k',
      apiSecret: 's',
      adminToken: 't',
      products: 10_000,
    });
    try {
      expect(big.control.products()).toHaveLength(10_000);
    } finally {
      await big.close();
    }
  });
});

describe('webhooks', () => {
  it('adding, changing and deleting a product send signed webhooks shaped like Shopify REST payloads', async () => {
    received.length = 0;
    const created = await fetch(`${t.shop.url}/_control/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'composting-toilet', title: 'Mold 90 composting toilet' }),
    });
    expect(created.status).toBe(201);
    const { product } = (await created.json()) as { product: { id: number; gid: string } };
    const changed = await fetch(`${t.shop.url}/_control/products/${product.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ price: '9990.00', title: 'Mold 90 composting toilet, black' }),
    });
    expect(changed.status).toBe(200);
    const deleted = await fetch(`${t.shop.url}/_control/products/${product.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);

    expect(received.map((r) => r.headers['x-shopify-topic'])).toEqual([
      'products/create',
      'products/update',
      'products/delete',
    ]);
    for (const r of received) {
      expect(r.path).toBe('/api/shopify/webhooks');
      expect(r.headers['x-shopify-hmac-sha256']).toBe(sign(r.body));
      expect(r.headers['x-shopify-shop-domain']).toBe(t.shop.shop);
      expect(r.headers['x-shopify-api-version']).toBe('2026-10');
      expect(r.headers['x-shopify-event-id']).toBeTruthy();
      expect(r.headers['x-shopify-webhook-id']).toBeTruthy();
      expect(Date.parse(String(r.headers['x-shopify-triggered-at']))).not.toBeNaN();
    }
    const update = JSON.parse(received[1]!.body) as Record<string, unknown> & {
      variants: { price: string }[];
    };
    expect(update).toMatchObject({
      admin_graphql_api_id: product.gid,
      id: product.id,
      title: 'Mold 90 composting toilet, black',
      product_type: 'Toilet',
    });
    expect(update.variants.every((v) => v.price === '9990.00')).toBe(true);
    const created1 = JSON.parse(received[0]!.body) as { updated_at: string };
    expect(Date.parse(update.updated_at as string)).toBeGreaterThan(Date.parse(created1.updated_at));
    expect(JSON.parse(received[2]!.body)).toEqual({ id: product.id });
    expect(new Set(received.map((r) => r.headers['x-shopify-event-id'])).size).toBe(3);
  });

  it('replays the last delivery unchanged, and sends a stale update on request', async () => {
    const p = t.shop.control.products()[0]!;
    await t.shop.control.updateProduct(p.id, { inventoryQuantity: 7 });
    received.length = 0;
    const replay = await fetch(`${t.shop.url}/_control/webhooks/replay`, { method: 'POST' });
    expect(replay.status).toBe(200);
    const stale = await fetch(`${t.shop.url}/_control/webhooks/stale`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: p.id }),
    });
    expect(stale.status).toBe(200);
    const [again, old] = received;
    const last = t.shop.control.webhooks().at(-3)!; // the update, before the replay and the stale one
    expect(again!.body).toBe(last.body);
    expect(again!.headers['x-shopify-event-id']).toBe(last.headers['x-shopify-event-id']);
    expect(again!.headers['x-shopify-hmac-sha256']).toBe(sign(again!.body));
    const oldBody = JSON.parse(old!.body) as { updated_at: string; id: number };
    expect(oldBody.id).toBe(p.id);
    expect(Date.parse(oldBody.updated_at)).toBeLessThan(Date.parse(t.shop.control.product(p.id)!.updatedAt));
    expect(old!.headers['x-shopify-hmac-sha256']).toBe(sign(old!.body));
    expect(old!.headers['x-shopify-event-id']).not.toBe(again!.headers['x-shopify-event-id']);
  });
});

describe('control routes', () => {
  it('sets and clears faults, and keeps a request log', async () => {
    await fetch(`${t.shop.url}/_control/requests`, { method: 'DELETE' });
    const set = await fetch(`${t.shop.url}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ unavailable: 1, revoked: false }),
    });
    expect(((await set.json()) as { faults: { unavailable: number } }).faults.unavailable).toBe(1);
    const page = await t.client().products({ first: 1 });
    expect(page.nodes).toHaveLength(1);
    const { requests } = (await (await fetch(`${t.shop.url}/_control/requests`)).json()) as {
      requests: { status: number; operationName: string }[];
    };
    expect(requests.map((r) => [r.status, r.operationName])).toEqual([
      [503, null],
      [200, 'SyncProducts'],
    ]);
    await fetch(`${t.shop.url}/_control/faults`, { method: 'DELETE' });
    const cleared = (await (await fetch(`${t.shop.url}/_control/faults`)).json()) as {
      faults: Record<string, unknown>;
    };
    expect(cleared.faults).toEqual({
      unavailable: 0,
      throttle429: 0,
      maxCostExceeded: 0,
      revoked: false,
      delayMs: 0,
    });
  });

  it('answers GraphQL errors like Shopify for an unknown field, without charging the bucket', async () => {
    const res = await fetch(`${t.shop.url}/admin/api/2026-10/graphql.json`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-access-token': t.configOverrides.shop.adminToken!,
      },
      body: JSON.stringify({ query: '{ products(first: 1) { nodes { nope } } }' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { errors: { message: string }[] };
    expect(body.errors[0]!.message).toContain('nope');
  });
});
