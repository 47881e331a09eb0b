import { randomBytes } from 'node:crypto';
import { startDemoShop, type DemoShop, type DemoShopOptions } from '@service-portal/demo-shop/server';
import { SHOP_REQUIRED_SCOPES } from '@service-portal/shared/shop-auth';
import type { Config, ShopConfig, ShopTokenSource } from '../src/config.ts';
import type { ShopClientOptions } from '../src/integrations/shop/client-transport.ts';
import { createShopClient, type ShopClient } from '../src/integrations/shop/client.ts';

export interface TestShop {
  shop: DemoShop;
  /** Spread into testConfig / createTestContext({ config }) so the app talks to this shop. */
  configOverrides: Pick<Config, 'shop'>;
  /** A client of this shop with the app's settings (tests may pass their own options). */
  client(overrides?: Partial<ShopClientOptions>): ShopClient;
  close(): Promise<void>;
}

/**
 * A demo shop on a free loopback port with fresh random credentials (default: the 320-product
 * catalogue). Pass `appUrl` (or call shop.control.setAppUrl later, once the app listens) for
 * webhooks to reach the app.
 */
export async function startTestShop(
  opts: Partial<Omit<DemoShopOptions, 'apiKey' | 'apiSecret' | 'adminToken'>> & {
    /** Where the app's token comes from (default static: a token the shop knows from the start). */
    tokenSource?: ShopTokenSource;
  } = {},
): Promise<TestShop> {
  const { tokenSource = 'static', ...shopOpts } = opts;
  const shopHost = opts.shop ?? 'nordic-sanitary-demo.myshopify.com';
  const config: Omit<ShopConfig, 'apiBase'> = {
    shop: shopHost,
    apiVersion: opts.apiVersion ?? '2026-10',
    tokenSource,
    adminToken: tokenSource === 'static' ? `shpat_${randomBytes(16).toString('hex')}` : null,
    tokenRefreshMarginMs: 300_000,
    demo: false,
    apiKey: randomBytes(16).toString('hex'),
    apiSecret: `shpss_${randomBytes(16).toString('hex')}`,
    previousApiSecret: undefined,
    allowlist: [shopHost],
    timeoutMs: 5_000,
  };
  const shop = await startDemoShop({
    ...shopOpts,
    shop: shopHost,
    apiKey: config.apiKey,
    apiSecret: config.apiSecret,
    ...(config.adminToken ? { adminToken: config.adminToken } : {}),
    // The app's token carries exactly the scopes the app requests.
    adminScope: SHOP_REQUIRED_SCOPES.join(','),
  });
  const shopConfig: ShopConfig = { ...config, apiBase: shop.url };
  return {
    shop,
    configOverrides: { shop: shopConfig },
    client: (overrides = {}) =>
      createShopClient({
        baseUrl: shop.url,
        shop: shopHost,
        apiVersion: shopConfig.apiVersion,
        accessToken: shopConfig.adminToken ?? '',
        timeoutMs: shopConfig.timeoutMs,
        apiKey: shopConfig.apiKey,
        apiSecret: shopConfig.apiSecret,
        backoffMs: 20,
        ...overrides,
      }),
    close: () => shop.close(),
  };
}
