import { z } from 'zod';

// A shop order for an order's spare parts (integrations.md "Order for an order's spare parts"):
// one draft order in the maker's shop per service order, completed with payment pending.

/** pending: a request is creating it; created: the draft exists, not yet completed; completed. */
export const SHOP_ORDER_STATES = ['pending', 'created', 'completed', 'failed'] as const;
export const shopOrderStateSchema = z.enum(SHOP_ORDER_STATES);
export type ShopOrderState = z.infer<typeof shopOrderStateSchema>;

/** The tag that finds a service order's draft order in the shop again (a retry after a timeout). */
export function shopOrderTag(serviceOrderId: string): string {
  return `service-order:${serviceOrderId}`;
}

export const shopOrderSchema = z.object({
  serviceOrderId: z.uuid(),
  state: shopOrderStateSchema,
  /** gid://shopify/DraftOrder/N */
  draftOrderId: z.string().nullable(),
  /** The shop's name of the draft order ("#D12"). */
  name: z.string().nullable(),
  /** The shop's own status of the draft order (OPEN, INVOICE_SENT, COMPLETED). */
  shopStatus: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  adminUrl: z.string().nullable(),
  lineCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ShopOrder = z.infer<typeof shopOrderSchema>;

export const shopOrderParamsSchema = z.object({ id: z.uuid() });

/** GET /shop-orders?serviceOrderIds=a,b: the shop orders of the listed orders (the worklist's page). */
export const shopOrderListQuerySchema = z.object({
  serviceOrderIds: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(z.uuid()).min(1).max(100),
  ),
});
export type ShopOrderListQuery = z.infer<typeof shopOrderListQuerySchema>;
export const shopOrderListResponseSchema = z.object({ items: z.array(shopOrderSchema) });

export const SHOP_ORDER_MESSAGES = {
  noParts: 'The order has no spare parts to order',
} as const;
