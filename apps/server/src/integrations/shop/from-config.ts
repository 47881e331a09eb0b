import type { Config } from '../../config.ts';
import type { ShopClient } from './client.ts';
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
    findDraftOrder: fail,
    findDraftOrderByTag: fail,
    webhookSubscriptions: fail,
    webhookSubscriptionCreate: fail,
    exchangeCode: fail,
    exchangeSessionToken: fail,
    refreshAccessToken: fail,
    clientCredentialsToken: fail,
    graphql: fail,
  };
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
