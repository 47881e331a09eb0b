import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';
import {
  currencySchema,
  OPEN_STATUSES,
  SERVICE_ORDER_STATUSES,
  serviceOrderStatusSchema,
  sparePartSchema,
  SORT_DIRECTIONS,
} from './service-orders.ts';

// The Spare Parts List screen (product.md "Spare parts"): every spare-part line of the partner's
// open orders, with the order it belongs to. Lines are changed and removed on their order
// (`/service-orders/{id}/spare-parts/{partId}`); this is the read side.

export const SPARE_PART_WORKLIST_MESSAGES = {
  notOpen: 'Only open orders are on the spare parts list',
} as const;

const openStatusSchema = serviceOrderStatusSchema.refine(
  (s) => OPEN_STATUSES.includes(s),
  SPARE_PART_WORKLIST_MESSAGES.notOpen,
);

export const SPARE_PART_SORTS = ['orderCreatedAt', 'partNumber'] as const;

/** Filters shared by the list and its summary. */
export const sparePartWorklistFilterSchema = z.object({
  /** Exact supplier, any case (the values come from the summary's `suppliers`). */
  supplier: z.string().trim().min(1).max(200).optional(),
  /** Part number or part name contains. */
  search: z.string().trim().max(100).optional(),
  /** Order status, comma-separated; open statuses only. */
  status: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(openStatusSchema).max(SERVICE_ORDER_STATUSES.length),
    )
    .optional(),
});
export type SparePartWorklistFilter = z.output<typeof sparePartWorklistFilterSchema>;

export const sparePartWorklistQuerySchema = pageQuerySchema.extend({
  ...sparePartWorklistFilterSchema.shape,
  sort: z.enum(SPARE_PART_SORTS).default('orderCreatedAt'),
  sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
});
export type SparePartWorklistQuery = z.output<typeof sparePartWorklistQuerySchema>;

export const sparePartWorklistItemSchema = sparePartSchema.extend({
  orderNumber: z.string(),
  orderTitle: z.string(),
  orderStatus: serviceOrderStatusSchema,
  orderCreatedAt: z.iso.datetime(),
  customerName: z.string(),
  /** quantity × unitCost, in minor units of `currency`. */
  lineTotal: z.number().int(),
});
export type SparePartWorklistItem = z.infer<typeof sparePartWorklistItemSchema>;
export const sparePartWorklistResponseSchema = listResponseSchema(sparePartWorklistItemSchema);

/** GET /spare-parts/summary: totals of the filtered lines, and every supplier for the filter. */
export const sparePartWorklistSummarySchema = z.object({
  lineCount: z.number().int(),
  /** Σ quantity × unitCost per currency, minor units; currencies with lines only, sorted by code. */
  totals: z.array(
    z.object({ currency: currencySchema, amount: z.number().int(), lineCount: z.number().int() }),
  ),
  /** Suppliers on all open lines (not narrowed by the filters), one per name ignoring case, sorted. */
  suppliers: z.array(z.string()),
});
export type SparePartWorklistSummary = z.infer<typeof sparePartWorklistSummarySchema>;
