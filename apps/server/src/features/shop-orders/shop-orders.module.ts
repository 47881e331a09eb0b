import type { ShopClient, ShopDraftOrder } from '../../integrations/shop/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createShopOrdersRepository } from './shop-orders.repository.ts';
import { shopOrdersRoutes } from './shop-orders.routes.ts';
import {
  createShopOrdersService,
  type DraftOrderInfo,
  type DraftOrderShop,
  type OrderParts,
} from './shop-orders.service.ts';

/** The shop client's draft orders as shop orders need them. */
function draftOrderShop(client: ShopClient): DraftOrderShop {
  const info = (d: ShopDraftOrder): DraftOrderInfo => ({
    id: d.id,
    name: d.name,
    status: d.status,
    invoiceUrl: d.invoiceUrl,
  });
  return {
    draftOrderCreate: async (input) => info(await client.draftOrderCreate(input)),
    draftOrderComplete: async (id) => info(await client.draftOrderComplete(id)),
    findDraftOrder: async (id) => {
      const found = await client.findDraftOrder(id);
      return found ? info(found) : null;
    },
    findDraftOrderByTag: async (tag) => {
      const found = await client.findDraftOrderByTag(tag);
      return found ? info(found) : null;
    },
  };
}

/**
 * A service order's parts as a draft order in the shop (issue 16), through the one shop client. A
 * part whose SKU is in the catalogue becomes a variant line, others custom lines.
 */
export function shopOrdersModule(
  ctx: ModuleContext,
  needs: {
    shop: ShopClient;
    orders: OrderParts;
    variantIdsBySkus: (skus: string[]) => Promise<Map<string, string>>;
    /** The partner's pricing: custom lines carry their unit price in its currency. */
    pricing: { getConfig(scope: TenantScope): Promise<{ currency: string }> };
  },
) {
  const { config } = ctx;
  const service = createShopOrdersService({
    repo: createShopOrdersRepository(ctx.db),
    shop: draftOrderShop(needs.shop),
    orders: needs.orders,
    findVariantIdsBySkus: needs.variantIdsBySkus,
    adminBase: config.shop.apiBase ?? `https://${config.shop.shop}`,
    currency: async (scope) => (await needs.pricing.getConfig(scope)).currency,
    shopTimeoutMs: config.shop.timeoutMs,
    now: ctx.now,
  });
  return { routes: [shopOrdersRoutes(service)], offers: {} } satisfies FeatureModule;
}
