import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { servicePartners } from './partners.ts';

/**
 * The maker's catalogue, one for the whole installation, as the shop last told us (sync and
 * webhooks write it; nothing else does). Upserted by the shop's global id.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopifyId: text('shopify_id').notNull(),
    title: text('title').notNull(),
    handle: text('handle').notNull(),
    /** Shopify's ProductStatus lower-cased (active, draft, unlisted, archived) or a newer value as it came. */
    status: text('status').notNull(),
    vendor: text('vendor'),
    productType: text('product_type'),
    /** Our four types, derived from productType at sync (toilet, heater, spare_part, other). */
    type: text('type').$type<'toilet' | 'heater' | 'spare_part' | 'other'>().notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageUrl: text('image_url'),
    imageAlt: text('image_alt'),
    /** Lower-cased title, vendor, handle, every SKU and barcode: what the list searches. */
    searchText: text('search_text').notNull(),
    /** The shop's updatedAt of the version stored (a stale webhook is older than this). */
    shopUpdatedAt: timestamp('shop_updated_at', { withTimezone: true }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    /** Gone from the shop (a full sync did not see it, or a delete webhook). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The last full run that saw it (deleted detection). */
    lastSeenRunId: uuid('last_seen_run_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_shopify_id_key').on(t.shopifyId),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_title_idx').on(sql`lower(${t.title})`, t.id),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopifyId: text('shopify_id').notNull(),
    position: integer('position').notNull(),
    sku: text('sku'),
    barcode: text('barcode'),
    priceMinor: integer('price_minor'),
    currency: text('currency').notNull().default('NOK'),
    inventoryQuantity: integer('inventory_quantity'),
  },
  (t) => [
    uniqueIndex('product_variants_shopify_id_key').on(t.shopifyId),
    index('product_variants_product_idx').on(t.productId, t.position),
    index('product_variants_sku_idx').on(t.sku),
  ],
);

/** What one partner owns on a catalogue product. A sync never writes here. */
export const partnerProducts = pgTable(
  'partner_products',
  {
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    notes: text('notes'),
    serviceIntervalMonths: integer('service_interval_months'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.servicePartnerId, t.productId] })],
);

export interface SyncRunError {
  at: string;
  message: string;
}

/** One sync run; the cursor and counts are saved after every page so a crash resumes there. */
export const productSyncRuns = pgTable(
  'product_sync_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mode: text('mode').$type<'full' | 'incremental'>().notNull(),
    status: text('status').$type<'running' | 'succeeded' | 'failed'>().notNull().default('running'),
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The `updated_at:>` the run asks for (incremental), null for a full run. */
    updatedAfter: timestamp('updated_after', { withTimezone: true }),
    cursor: text('cursor'),
    pages: integer('pages').notNull().default(0),
    seen: integer('seen').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    deleted: integer('deleted').notNull().default(0),
    errors: jsonb('errors').$type<SyncRunError[]>().notNull().default([]),
    /** The newest shop updatedAt seen so far; the next incremental run starts from it. */
    watermark: timestamp('watermark', { withTimezone: true }),
    expectedTotal: integer('expected_total'),
  },
  (t) => [
    index('product_sync_runs_started_idx').on(t.startedAt),
    // At most one unfinished run: the job resumes it instead of starting another.
    uniqueIndex('product_sync_runs_one_running_key')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);

/** Webhook deliveries already handled (X-Shopify-Event-Id or X-Shopify-Webhook-Id). */
export const shopWebhookDeliveries = pgTable(
  'shop_webhook_deliveries',
  {
    deliveryId: text('delivery_id').primaryKey(),
    topic: text('topic').notNull(),
    shop: text('shop').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_webhook_deliveries_received_idx').on(t.receivedAt)],
);
