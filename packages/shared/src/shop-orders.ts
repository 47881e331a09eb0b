import { z } from 'zod';
import { CURRENCIES } from './limits.ts';

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

/**
 * GET /service-orders/{id}/create-shopify-order/preview: what ordering would send, for the
 * confirmation (issue 31 item 8). Amounts in minor units of `currency`; `catalogue` lines are the
 * shop's own products (the shop prices them; `unitPrice` is the order's price of the part).
 */
export const shopOrderPreviewLineSchema = z.object({
  partNumber: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  lineTotal: z.number().int(),
  catalogue: z.boolean(),
});
export const shopOrderPreviewSchema = z.object({
  /** The shop the order goes to (its host name). */
  shop: z.string(),
  currency: z.enum(CURRENCIES),
  lines: z.array(shopOrderPreviewLineSchema),
  total: z.number().int(),
});
export type ShopOrderPreview = z.infer<typeof shopOrderPreviewSchema>;

/** The messages of a shop order's failures (problem+json `detail`; integrations.md). */
export const SHOP_ORDER_MESSAGES = {
  noParts: 'The order has no spare parts to order',
  /** 422 shop_order_rejected: the shop's userErrors are in `errors`. */
  rejected: 'The shop refused the order. See the reasons listed.',
  /** 502 bad_gateway: no answer, 5xx, throttled or timed out. */
  shopUnavailable: 'The shop did not answer. Please try again later.',
  /** 502 bad_gateway: the shop refused the app's access token. */
  shopAccessRefused: "The shop refused the portal's access. An administrator must connect the shop again.",
  /** 502 bad_gateway: an answer the portal cannot use (errors without data, a missing field). */
  shopBadAnswer: 'The shop gave an answer the portal could not use. Please try again later.',
  /** 409 shop_order_pending. */
  pending: 'The shop order is being created by another request. Please look again in a moment.',
  /** 409 shop_order_pending: the claim was taken over while the shop answered. */
  takenOver: 'Another request took this shop order over. Please look again in a moment.',
} as const;
