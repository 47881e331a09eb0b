import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';
import { ShopError } from './client.ts';

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
});
