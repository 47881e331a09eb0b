import type { ShopClient } from '../../integrations/shop/client.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { shopWebhooksRoutes } from './shop-webhooks.routes.ts';
import { createShopWebhooksService } from './shop-webhooks.service.ts';

/**
 * The app's webhook subscriptions in the shop (issue 24, docs/decisions/044): made at start, in
 * the background, idempotently (listed first), and shown to global administrators. Needs the one
 * shop client (null without a shop: nothing is subscribed and the status says so) and when the
 * last app/uninstalled delivery arrived (the products feature receives the deliveries).
 */
export function shopWebhooksModule(
  ctx: ModuleContext,
  needs: {
    shop: ShopClient | null;
    lastUninstalled: () => Promise<Date | null>;
    /** Subscribe at start (default true when a shop is there; tests that count calls say no). */
    subscribeOnStart?: boolean | undefined;
  },
) {
  const service = createShopWebhooksService({
    shop: needs.shop,
    address: `${ctx.config.publicUrl}/api/shopify/webhooks`,
    lastUninstalled: needs.lastUninstalled,
    log: ctx.log,
    now: ctx.now,
  });
  const subscribe = needs.shop !== null && (needs.subscribeOnStart ?? true);
  return {
    routes: [shopWebhooksRoutes(service)],
    ...(subscribe ? { onReady: async () => service.ensureInBackground() } : {}),
    offers: {},
  } satisfies FeatureModule;
}
