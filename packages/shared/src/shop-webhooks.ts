import { z } from 'zod';

// The shop's webhook subscriptions the app makes through the Admin API (issue 24, decision 044):
// what the portal needs delivered, and what the shop administration screen shows.

/** The topics the app subscribes (Shopify's WebhookSubscriptionTopic values). */
export const SHOP_WEBHOOK_TOPICS = [
  'PRODUCTS_CREATE',
  'PRODUCTS_UPDATE',
  'PRODUCTS_DELETE',
  'APP_UNINSTALLED',
] as const;
export type ShopWebhookTopic = (typeof SHOP_WEBHOOK_TOPICS)[number];

/** `PRODUCTS_UPDATE` ↔ `products/update` (the name deliveries carry). */
export function deliveryTopicOf(topic: string): string {
  return topic.toLowerCase().replace(/_([a-z]+)$/, '/$1');
}

/**
 * subscribed: to our address; other_address: only to some other address (another deployment);
 * missing: not at all.
 */
export const SHOP_WEBHOOK_STATES = ['subscribed', 'other_address', 'missing'] as const;
export type ShopWebhookState = (typeof SHOP_WEBHOOK_STATES)[number];

export const shopWebhookSubscriptionSchema = z.object({
  id: z.string(),
  uri: z.string(),
  format: z.string(),
  createdAt: z.string(),
});

export const shopWebhookTopicStatusSchema = z.object({
  topic: z.string(),
  state: z.enum(SHOP_WEBHOOK_STATES),
  subscriptions: z.array(shopWebhookSubscriptionSchema),
});

/** GET /admin/shop/webhooks. */
export const shopWebhooksStatusSchema = z.object({
  shop: z.string(),
  /** Where the shop must deliver (`${PUBLIC_URL}/api/shopify/webhooks`). */
  address: z.string(),
  /** Null when the shop could not be asked (then `error` says why). */
  topics: z.array(shopWebhookTopicStatusSchema).nullable(),
  error: z.string().nullable(),
  checkedAt: z.iso.datetime(),
  /** The last app/uninstalled delivery received, if any (nothing is deleted because of it). */
  uninstalledAt: z.iso.datetime().nullable(),
});
export type ShopWebhooksStatus = z.infer<typeof shopWebhooksStatusSchema>;

export const SHOP_WEBHOOK_MESSAGES = {
  shopUnavailable: 'The shop did not answer.',
  shopAccessRefused: "The shop refused the portal's access.",
  shopBadAnswer: 'The shop gave an answer the portal could not use.',
} as const;
