import { z } from 'zod';
import { strictNumber } from './validation.ts';
import { LIMITS } from './limits.ts';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';
import { shopConnectionSchema } from './shop-connection.ts';

/** Spec §8 messages of the products screens. */
export const PRODUCT_MESSAGES = {
  syncFailed: 'Failed to sync products.',
  deactivateFailed: 'Failed to deactivate product.',
  queryRequired: 'Enter something to search for',
} as const;

export const PRODUCT_TYPES = ['toilet', 'heater', 'spare_part', 'other'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/**
 * Shopify's ProductStatus values (2026-10: ACTIVE, ARCHIVED, DRAFT, UNLISTED), lower-cased. A
 * product may carry a value a newer API version adds: it is stored as it came (productStatusOf)
 * and shown as an unknown status with its raw value.
 */
export const PRODUCT_STATUSES = ['active', 'draft', 'unlisted', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/** The list's status filter: a known status, or `unknown` (every value not in PRODUCT_STATUSES). */
export const PRODUCT_STATUS_FILTERS = [...PRODUCT_STATUSES, 'unknown'] as const;
export type ProductStatusFilter = (typeof PRODUCT_STATUS_FILTERS)[number];
/** The longest status value kept (anything the shop sends is cut to this). */
export const PRODUCT_STATUS_MAX = 40;

export function isKnownProductStatus(status: string): status is ProductStatus {
  return (PRODUCT_STATUSES as readonly string[]).includes(status);
}

/**
 * What the shop sent (GraphQL `ACTIVE`, a webhook's `active`, a future `SOMETHING_NEW`, or
 * garbage) as the stored status: lower case, letters, digits and `_` only, at most
 * PRODUCT_STATUS_MAX characters; `unknown` when nothing is left.
 */
export function productStatusOf(shopStatus: unknown): string {
  const raw = typeof shopStatus === 'string' ? shopStatus : '';
  const clean = raw
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, PRODUCT_STATUS_MAX);
  return clean === '' ? 'unknown' : clean;
}
export const PRODUCT_VIEWS = ['cards', 'table'] as const;
export type ProductView = (typeof PRODUCT_VIEWS)[number];

/**
 * The shop's free-text `productType` ("Incinerating toilet", "Heater", "Spare part", ...) as one of
 * our four types, so the list can filter on it.
 */
export function productTypeOf(shopProductType: string | null | undefined): ProductType {
  const t = (shopProductType ?? '').toLowerCase();
  if (/spare|part|filter|kit|cable|hatch|container|element|fan|seal/.test(t)) return 'spare_part';
  if (/heater|heating|stove/.test(t)) return 'heater';
  if (/toilet/.test(t)) return 'toilet';
  return 'other';
}

/** "1234.50" (the shop's decimal NOK) → 123450 minor units; null for anything else. */
export function priceToMinor(price: string | null | undefined): number | null {
  if (price == null) return null;
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!m) return null;
  const minor = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] === '-' ? -minor : minor;
}

const trueFalse = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** GET /products: spec §7 "GET /products?page&pageSize&search" plus the list's filters. */
export const productListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
  status: z.enum(PRODUCT_STATUS_FILTERS).optional(),
  /** Active for the partner acting (their own flag; a product without one is active). */
  active: trueFalse,
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;
export type ProductListParams = z.input<typeof productListQuerySchema>;

export const productVariantSchema = z.object({
  id: z.uuid(),
  shopifyId: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** Minor units (øre) of `currency`. */
  priceMinor: z.number().int().nullable(),
  currency: z.string(),
  inventoryQuantity: z.number().int().nullable(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** What the partner owns on a catalogue product; a sync never touches it. */
export const partnerProductSchema = z.object({
  active: z.boolean(),
  notes: z.string().nullable(),
  serviceIntervalMonths: z.number().int().nullable(),
  /** 0 until the partner first saves anything; send it back on a change (409 when stale). */
  version: z.number().int(),
  updatedAt: z.iso.datetime().nullable(),
});
export type PartnerProduct = z.infer<typeof partnerProductSchema>;

export const productSummarySchema = z.object({
  id: z.uuid(),
  shopifyId: z.string(),
  title: z.string(),
  handle: z.string(),
  vendor: z.string().nullable(),
  productType: z.string().nullable(),
  type: z.enum(PRODUCT_TYPES),
  /** One of PRODUCT_STATUSES, or a value from a newer API version, kept as it came (productStatusOf). */
  status: z.string().max(PRODUCT_STATUS_MAX),
  tags: z.array(z.string()),
  imageUrl: z.string().nullable(),
  imageAlt: z.string().nullable(),
  /** The first variant's SKU and price (what a card shows). */
  sku: z.string().nullable(),
  priceMinor: z.number().int().nullable(),
  currency: z.string(),
  /** Sum over variants with a known quantity; null when none is known. */
  stock: z.number().int().nullable(),
  /** Active for the partner acting. */
  active: z.boolean(),
  shopUpdatedAt: z.iso.datetime(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productSchema = productSummarySchema.extend({
  variants: z.array(productVariantSchema),
  partner: partnerProductSchema,
  deletedAt: z.iso.datetime().nullable(),
  syncedAt: z.iso.datetime(),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = listResponseSchema(productSummarySchema);
export type ProductListResponse = z.infer<typeof productListResponseSchema>;
export const productIdParamsSchema = z.object({ id: z.uuid() });

/** PATCH /products/{id}/partner: the partner's own fields; absent ones stay as they are. */
export const partnerProductInputSchema = z.object({
  active: z.boolean().optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
  serviceIntervalMonths: z.number().int().min(1).max(240).nullable().optional(),
  version: z.number().int().min(0),
});
export type PartnerProductInput = z.input<typeof partnerProductInputSchema>;

/** GET /shopify/products/search?query&limit: default 10, clamped to 1–50, blank query → 400. */
export const productSearchQuerySchema = z.object({
  query: z.string().trim().min(1, PRODUCT_MESSAGES.queryRequired).max(100),
  limit: strictNumber(z.number().int())
    .default(LIMITS.shopSearchDefaultLimit)
    .transform((n) => Math.min(50, Math.max(1, n))),
});
export type ProductSearchQuery = z.output<typeof productSearchQuerySchema>;

/** One variant of a product as a picker offers it: what it prefills on an order or part line. */
export const productSearchHitSchema = z.object({
  productId: z.uuid(),
  variantId: z.uuid().nullable(),
  name: z.string(),
  sku: z.string().nullable(),
  unitPriceMinor: z.number().int().nullable(),
  currency: z.string(),
  supplier: z.string().nullable(),
  imageUrl: z.string().nullable(),
  type: z.enum(PRODUCT_TYPES),
});
export type ProductSearchHit = z.infer<typeof productSearchHitSchema>;
export const productSearchResponseSchema = z.object({ results: z.array(productSearchHitSchema) });
export type ProductSearchResponse = z.infer<typeof productSearchResponseSchema>;

// Sync

export const SYNC_MODES = ['full', 'incremental'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];
export const SYNC_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];

export const syncRunErrorSchema = z.object({ at: z.iso.datetime(), message: z.string() });

export const syncRunSchema = z.object({
  id: z.uuid(),
  mode: z.enum(SYNC_MODES),
  status: z.enum(SYNC_RUN_STATUSES),
  trigger: z.string(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  pages: z.number().int(),
  seen: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  deleted: z.number().int(),
  errors: z.array(syncRunErrorSchema),
  /** The shop's product count when known (full runs), for the progress bar. */
  expectedTotal: z.number().int().nullable(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

export const syncRunListQuerySchema = pageQuerySchema;
export const syncRunListResponseSchema = listResponseSchema(syncRunSchema);

export const syncStatusSchema = z.object({
  running: syncRunSchema.nullable(),
  lastSuccessAt: z.iso.datetime().nullable(),
  lastRun: syncRunSchema.nullable(),
  productCount: z.number().int(),
  /** The shop's token (null without a shop): refused → the scheduled sync pauses. */
  shop: shopConnectionSchema.nullable(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const syncRequestSchema = z.object({ mode: z.enum(SYNC_MODES).default('incremental') });
export const syncEnqueuedSchema = z.object({ runId: z.uuid().nullable(), jobId: z.string() });
