import type { Config } from '../../config.ts';
import { createShopClient, type ShopClient, type ShopLog } from './client.ts';
import { ShopError } from './errors.ts';

/** The shop client of an app without a shop (tests that do not start one): every call fails at once. */
export function noShopClient(config: Config): ShopClient {
  const fail = async (): Promise<never> => {
    throw new ShopError(
      'unavailable',
      'no shop is configured (SHOPIFY_API_BASE unset and no demo shop started)',
    );
  };
  return {
    shop: config.shop.shop,
    apiVersion: config.shop.apiVersion,
    products: fail,
    draftOrderCreate: fail,
    draftOrderComplete: fail,
    findDraftOrderByTag: fail,
    exchangeCode: fail,
    exchangeSessionToken: fail,
    graphql: fail,
  };
}

/**
 * The ONE client of the shop's Admin API and token endpoint, from the effective settings
 * (server.ts has started the demo shop when none is configured; docs/decisions/023-demo-shop.md),
 * or the client that fails at once when there is no shop.
 */
export function shopClientFromConfig(config: Config, log: ShopLog): ShopClient {
  if (!config.shop.apiBase) return noShopClient(config);
  return createShopClient({
    baseUrl: config.shop.apiBase,
    shop: config.shop.shop,
    apiVersion: config.shop.apiVersion,
    accessToken: config.shop.adminToken,
    timeoutMs: config.shop.timeoutMs,
    apiKey: config.shop.apiKey,
    apiSecret: config.shop.apiSecret,
    log,
  });
}

/**
 * Where product pictures come from: the demo shop serves its own; a real shop's are on Shopify's
 * CDN. The CSP's img-src allows these (docs/decisions/024-catalogue-sync.md).
 */
export function shopImageOrigins(config: Config): string[] {
  if (!config.shop.apiBase) return [];
  const origin = new URL(config.shop.apiBase).origin;
  return origin.startsWith('https://') && origin.endsWith('.myshopify.com')
    ? [origin, 'https://cdn.shopify.com']
    : [origin];
}
