import { startDemoShop, type DemoShop } from '@service-portal/demo-shop/server';
import type { Config } from '../../config.ts';

/**
 * No shop configured (SHOPIFY_API_BASE unset): the built-in demo shop on loopback, with the
 * credentials config derived from APP_SECRET. It prefers PORT + 1, so picture URLs stored by a
 * sync stay valid across restarts; another free port when that one is taken.
 * Returns the shop and the config pointing at it.
 */
export async function startBuiltInDemoShop(config: Config): Promise<{ demoShop: DemoShop; config: Config }> {
  const options = {
    shop: config.shop.shop,
    apiKey: config.shop.apiKey,
    apiSecret: config.shop.apiSecret,
    adminToken: config.shop.adminToken,
    apiVersion: config.shop.apiVersion,
    appUrl: config.publicUrl,
    host: '127.0.0.1',
    // A Shopify Plus-sized bucket, so a newcomer's first sync takes seconds, not a minute; the
    // single-query limit (1000) stays, and tests and the bench use the standard bucket.
    bucket: { maximumAvailable: 10_000, restoreRate: 500 },
  };
  const preferred = config.port > 0 && config.port < 65535 ? config.port + 1 : 0;
  let demoShop: DemoShop;
  try {
    demoShop = await startDemoShop({ ...options, port: preferred });
  } catch (err) {
    if (preferred === 0 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    demoShop = await startDemoShop({ ...options, port: 0 });
  }
  return { demoShop, config: { ...config, shop: { ...config.shop, apiBase: demoShop.url } } };
}
