import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';
import { ShopError } from './client.ts';
import { demoShopImageRoutes } from './demo.ts';

// app.shopClient: built once from config.shop; no shop unless a test starts one.

describe('app.shopClient', () => {
  let shop: TestShop;
  let withShop: TestContext;
  let without: TestContext;

  beforeAll(async () => {
    shop = await startTestShop({ products: 12 });
    withShop = await createTestContext({ config: shop.configOverrides });
    without = await createTestContext();
  });
  afterAll(async () => {
    await withShop.close();
    await without.close();
    await shop.close();
  });

  it('talks to the configured shop with the configured token and version', async () => {
    const page = await withShop.app.shopClient.products({ first: 5 });
    expect(page.nodes).toHaveLength(5);
    const [request] = shop.shop.control.requests();
    expect(request?.path).toBe('/admin/api/2026-10/graphql.json');
    expect(request?.status).toBe(200);
  });

  it('without a shop every call fails at once with ShopError unavailable', async () => {
    const err = await without.app.shopClient.products().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShopError);
    expect((err as ShopError).kind).toBe('unavailable');
  });

  it('serves the demo shop pictures from the app itself when asked (npm start does)', async () => {
    const shopWithAppImages = await startTestShop({
      products: 3,
      imageBaseUrl: 'http://127.0.0.1:3999/demo-shop',
    });
    try {
      const { nodes } = await shopWithAppImages.client().products({ first: 1 });
      const url = new URL(nodes[0]!.image!.url);
      expect(url.origin).toBe('http://127.0.0.1:3999');
      const app = Fastify();
      await app.register(demoShopImageRoutes);
      const res = await app.inject({ method: 'GET', url: url.pathname });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toMatch(/^<svg /);
      const unknown = await app.inject({ method: 'GET', url: '/demo-shop/images/nothing/white/1.svg' });
      expect(unknown.statusCode).toBe(404);
      await app.close();
    } finally {
      await shopWithAppImages.close();
    }
  });
});
