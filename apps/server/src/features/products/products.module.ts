import type { TenantScope } from '../../db/tenant.ts';
import type { ShopClient } from '../../integrations/shop/client.ts';
import type { ShopConnection } from '../../integrations/shop/connection.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { productSyncJob } from './products.jobs.ts';
import { createProductsRepository } from './products.repository.ts';
import { productsRoutes } from './products.routes.ts';
import { createProductsService } from './products.service.ts';
import { createProductSync } from './products.sync.ts';
import { createProductWebhooks, productWebhookRoutes } from './products.webhooks.ts';

/**
 * The maker's catalogue, synced from the shop by one job (docs/decisions/024-catalogue-sync.md)
 * and kept current by the shop's webhooks. Offers the catalogue's lookups by SKU (documents,
 * shop orders) and its search source.
 */
export function productsModule(
  ctx: ModuleContext,
  needs: {
    /** The one shop client, or null without a shop (nothing is synced or scheduled then). */
    shop: ShopClient | null;
    /** The sync's start-up and schedule (both default to true when a shop is there). */
    sync?: { syncOnEmptyStart?: boolean; schedule?: boolean } | undefined;
    /**
     * The shop's token state (issue 24; null when the client was given, as in tests): the sync
     * status shows it, and the scheduled sync pauses while the shop refuses every token.
     */
    connection: Pick<ShopConnection, 'refused' | 'probe' | 'tokens'> | null;
  },
) {
  const { config, now } = ctx;
  const repo = createProductsRepository(ctx.db);
  const service = createProductsService(repo);
  const hasShop = needs.shop !== null;
  const { connection } = needs;
  const sync = createProductSync({
    repo,
    source: needs.shop,
    now,
    connection: connection ? () => connection.tokens.status() : null,
  });
  const syncJob = productSyncJob({
    jobs: ctx.jobs,
    sync,
    repo,
    log: ctx.log,
    scheduled: hasShop && (needs.sync?.schedule ?? true),
    connection,
    syncOnEmptyStart: hasShop && (needs.sync?.syncOnEmptyStart ?? true),
  });
  const webhooks = createProductWebhooks({
    repo,
    secrets: () => [config.shop.apiSecret, config.shop.previousApiSecret ?? ''].filter(Boolean),
    allowlist: () => config.shop.allowlist,
    now,
  });
  return {
    routes: [
      productsRoutes({ products: service, sync, requestSync: syncJob.requestSync }),
      productWebhookRoutes(webhooks),
    ],
    jobs: [syncJob.job],
    onReady: () => syncJob.syncIfEmpty(),
    offers: {
      /** A full sync now (the shop was installed again: the catalogue catches up at once). */
      requestSync: syncJob.requestSync,
      /** When the last app/uninstalled delivery arrived (the shop administration screen shows it). */
      lastUninstalled: () => repo.lastDeliveryAt('app/uninstalled'),
      findBySkus: (skus: string[]) => service.findBySkus(skus),
      variantIdsBySkus: (skus: string[]) => service.variantIdsBySkus(skus),
      search: {
        type: 'Product' as const,
        search: (scope: TenantScope, text: string, limit: number) => service.searchHits(scope, text, limit),
      },
    },
  } satisfies FeatureModule<object>;
}
