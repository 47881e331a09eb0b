import {
  SHOP_WEBHOOK_MESSAGES,
  SHOP_WEBHOOK_TOPICS,
  type ShopWebhookState,
  type ShopWebhooksStatus,
} from '@service-portal/shared/shop-webhooks';

/** A webhook subscription as the shop lists it (the shop client's ShopWebhookSubscription fits). */
export interface WebhookSubscriptionInfo {
  id: string;
  topic: string;
  uri: string;
  format: string;
  createdAt: string;
}

/** The shop client's webhook calls; failures throw errors with `kind` (ShopError). */
export interface WebhookShop {
  readonly shop: string;
  webhookSubscriptions(topics?: string[]): Promise<WebhookSubscriptionInfo[]>;
  webhookSubscriptionCreate(topic: string, uri: string): Promise<WebhookSubscriptionInfo>;
}

export interface ShopWebhooksDeps {
  /** Null: no shop configured (nothing to subscribe; the status says so). */
  shop: WebhookShop | null;
  /** Where the shop must deliver: `${PUBLIC_URL}/api/shopify/webhooks`. */
  address: string;
  /** When the last app/uninstalled delivery arrived. */
  lastUninstalled: () => Promise<Date | null>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now?: () => Date;
}

function failureText(err: unknown): string {
  const kind = (err as { kind?: unknown } | null)?.kind;
  if (kind === 'revoked') return SHOP_WEBHOOK_MESSAGES.shopAccessRefused;
  if (kind === 'bad_response' || kind === 'user_errors') return SHOP_WEBHOOK_MESSAGES.shopBadAnswer;
  return SHOP_WEBHOOK_MESSAGES.shopUnavailable;
}

/**
 * The app's webhook subscriptions (issue 24; docs/decisions/044-shop-webhook-subscriptions.md):
 * products/create|update|delete and app/uninstalled to our address, made through the Admin API
 * after listing what is there, so any number of starts (and instances) make each one once.
 */
export function createShopWebhooksService(deps: ShopWebhooksDeps) {
  const now = deps.now ?? (() => new Date());
  const topics = [...SHOP_WEBHOOK_TOPICS];

  function stateOf(topic: string, subs: WebhookSubscriptionInfo[]): ShopWebhookState {
    const mine = subs.filter((s) => s.topic === topic);
    if (mine.some((s) => s.uri === deps.address)) return 'subscribed';
    return mine.length > 0 ? 'other_address' : 'missing';
  }

  return {
    /**
     * Subscribes every topic not yet subscribed to our address; returns the topics it created.
     * A create refused because another instance made it meanwhile is fine once the list shows it.
     */
    async ensure(): Promise<string[]> {
      const shop = deps.shop;
      if (!shop) return [];
      const existing = await shop.webhookSubscriptions(topics);
      const created: string[] = [];
      for (const topic of topics) {
        if (stateOf(topic, existing) === 'subscribed') continue;
        try {
          existing.push(await shop.webhookSubscriptionCreate(topic, deps.address));
          created.push(topic);
        } catch (err) {
          if ((err as { kind?: unknown } | null)?.kind !== 'user_errors') throw err;
          const again = await shop.webhookSubscriptions([topic]);
          if (stateOf(topic, again) !== 'subscribed') throw err;
        }
      }
      return created;
    },

    /** At start: subscribe in the background; a shop that does not answer is logged, not fatal. */
    ensureInBackground(): void {
      this.ensure().then(
        (created) => {
          if (created.length > 0)
            deps.log.info({ created, address: deps.address }, 'shop webhooks subscribed');
        },
        (err: unknown) =>
          deps.log.warn(
            { err: err instanceof Error ? err.message : String(err), address: deps.address },
            'shop webhooks: could not check the subscriptions',
          ),
      );
    },

    /** What the shop administration screen shows: each topic's state, asked of the shop now. */
    async status(): Promise<ShopWebhooksStatus> {
      const uninstalled = await deps.lastUninstalled();
      const base = {
        shop: deps.shop?.shop ?? '',
        address: deps.address,
        checkedAt: now().toISOString(),
        uninstalledAt: uninstalled ? uninstalled.toISOString() : null,
      };
      if (!deps.shop) return { ...base, topics: null, error: SHOP_WEBHOOK_MESSAGES.shopUnavailable };
      try {
        const subs = await deps.shop.webhookSubscriptions(topics);
        return {
          ...base,
          error: null,
          topics: topics.map((topic) => ({
            topic,
            state: stateOf(topic, subs),
            subscriptions: subs
              .filter((s) => s.topic === topic)
              .map((s) => ({ id: s.id, uri: s.uri, format: s.format, createdAt: s.createdAt })),
          })),
        };
      } catch (err) {
        return { ...base, topics: null, error: failureText(err) };
      }
    },
  };
}

export type ShopWebhooksService = ReturnType<typeof createShopWebhooksService>;
