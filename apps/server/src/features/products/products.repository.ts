import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { PRODUCT_STATUSES, type ProductListQuery } from '@service-portal/shared/products';
import type { Db } from '../../db/client.ts';
import {
  partnerProducts,
  products,
  productSyncRuns,
  productVariants,
  shopWebhookDeliveries,
  type SyncRunError,
} from '../../db/schema/products.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { escapeLike } from '../../db/sql-helpers.ts';

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;
export type PartnerProductRow = typeof partnerProducts.$inferSelect;
export type SyncRunRow = typeof productSyncRuns.$inferSelect;

/** A product as the sync writes it (from the shop's answer). */
export interface ProductUpsert {
  shopifyId: string;
  title: string;
  handle: string;
  /** productStatusOf(): a known status or a newer value, kept as it came. */
  status: string;
  vendor: string | null;
  productType: string | null;
  type: ProductRow['type'];
  tags: string[];
  imageUrl: string | null;
  imageAlt: string | null;
  searchText: string;
  shopUpdatedAt: Date;
  variants: {
    shopifyId: string;
    sku: string | null;
    barcode: string | null;
    priceMinor: number | null;
    currency: string;
    inventoryQuantity: number | null;
  }[];
}

/** The partner's own flag; a product without a partner row is active for them. */
const activeFor = sql<boolean>`coalesce(${partnerProducts.isActive}, true)`;
const firstVariant = (col: string) =>
  sql.raw(
    `(select pv.${col} from product_variants pv where pv.product_id = "products"."id" order by pv.position limit 1)`,
  );

const summaryColumns = {
  id: products.id,
  shopifyId: products.shopifyId,
  title: products.title,
  handle: products.handle,
  vendor: products.vendor,
  productType: products.productType,
  type: products.type,
  status: products.status,
  tags: products.tags,
  imageUrl: products.imageUrl,
  imageAlt: products.imageAlt,
  shopUpdatedAt: products.shopUpdatedAt,
  sku: sql<string | null>`${firstVariant('sku')}`,
  priceMinor: sql<number | null>`${firstVariant('price_minor')}`,
  currency: sql<string | null>`${firstVariant('currency')}`,
  stock: sql<
    number | null
  >`(select sum(pv.inventory_quantity)::int from product_variants pv where pv.product_id = "products"."id")`,
  active: activeFor,
};
export interface ProductSummaryRow {
  id: string;
  shopifyId: string;
  title: string;
  handle: string;
  vendor: string | null;
  productType: string | null;
  type: ProductRow['type'];
  status: ProductRow['status'];
  tags: string[];
  imageUrl: string | null;
  imageAlt: string | null;
  shopUpdatedAt: Date;
  sku: string | null;
  priceMinor: number | null;
  currency: string | null;
  stock: number | null;
  active: boolean;
}

function partnerJoin(scope: TenantScope): SQL {
  return and(
    eq(partnerProducts.productId, products.id),
    eq(partnerProducts.servicePartnerId, scope.partnerId),
  ) as SQL;
}

function searchCondition(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  return ilike(products.searchText, `%${escapeLike(text.toLowerCase())}%`);
}

export function createProductsRepository(db: Db) {
  return {
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    async list(scope: TenantScope, q: ProductListQuery) {
      const where = and(
        isNull(products.deletedAt),
        searchCondition(q.search),
        q.type ? eq(products.type, q.type) : undefined,
        q.status === 'unknown'
          ? notInArray(products.status, [...PRODUCT_STATUSES])
          : q.status
            ? eq(products.status, q.status)
            : undefined,
        q.active === undefined ? undefined : sql`${activeFor} = ${q.active}`,
      );
      const [items, totals] = await Promise.all([
        db
          .select(summaryColumns)
          .from(products)
          .leftJoin(partnerProducts, partnerJoin(scope))
          .where(where)
          .orderBy(asc(sql`lower(${products.title})`), asc(products.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(products).leftJoin(partnerProducts, partnerJoin(scope)).where(where),
      ]);
      return { items: items as ProductSummaryRow[], total: totals[0]?.n ?? 0 };
    },

    /** A product (deleted ones too: an order may still name it) with the partner's own row. */
    async get(scope: TenantScope, id: string, tx: Db = db) {
      const rows = await tx
        .select({ product: products, partner: partnerProducts, summary: summaryColumns })
        .from(products)
        .leftJoin(partnerProducts, partnerJoin(scope))
        .where(eq(products.id, id))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const variants = await tx
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, id))
        .orderBy(asc(productVariants.position));
      return { ...row, summary: row.summary, variants };
    },

    async exists(id: string): Promise<boolean> {
      const rows = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
      return rows.length > 0;
    },

    /**
     * Writes the partner's own fields if their row is still at `version` (0: no row yet).
     * Null when someone else changed it meanwhile.
     */
    async savePartner(
      scope: TenantScope,
      productId: string,
      version: number,
      values: { isActive?: boolean; notes?: string | null; serviceIntervalMonths?: number | null },
      tx: Db = db,
    ): Promise<PartnerProductRow | null> {
      if (version === 0) {
        const rows = await tx
          .insert(partnerProducts)
          .values({ servicePartnerId: scope.partnerId, productId, ...values })
          .onConflictDoNothing()
          .returning();
        return rows[0] ?? null;
      }
      const rows = await tx
        .update(partnerProducts)
        .set({ ...values, updatedAt: sql`now()`, version: sql`${partnerProducts.version} + 1` })
        .where(
          and(
            eq(partnerProducts.servicePartnerId, scope.partnerId),
            eq(partnerProducts.productId, productId),
            eq(partnerProducts.version, version),
          ),
        )
        .returning();
      return rows[0] ?? null;
    },

    /** Variants of live products active for the partner whose product matches `text`. */
    async searchVariants(scope: TenantScope, text: string, limit: number) {
      const like = `%${escapeLike(text.toLowerCase())}%`;
      return db
        .select({
          productId: products.id,
          variantId: productVariants.id,
          title: products.title,
          vendor: products.vendor,
          type: products.type,
          imageUrl: products.imageUrl,
          sku: productVariants.sku,
          priceMinor: productVariants.priceMinor,
          currency: productVariants.currency,
          exact: sql<boolean>`lower(coalesce(${productVariants.sku}, '')) = ${text.toLowerCase()}`,
        })
        .from(products)
        .innerJoin(productVariants, eq(productVariants.productId, products.id))
        .leftJoin(partnerProducts, partnerJoin(scope))
        .where(
          and(
            isNull(products.deletedAt),
            sql`${activeFor}`,
            or(ilike(products.searchText, like), ilike(productVariants.sku, like)),
          ),
        )
        .orderBy(
          desc(sql`lower(coalesce(${productVariants.sku}, '')) = ${text.toLowerCase()}`),
          asc(sql`lower(${products.title})`),
          asc(productVariants.position),
        )
        .limit(limit);
    },

    async findBySkus(skus: string[]) {
      if (skus.length === 0) return [];
      return db
        .select({
          sku: productVariants.sku,
          productId: products.id,
          title: products.title,
          variantId: productVariants.shopifyId,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(inArray(productVariants.sku, skus), isNull(products.deletedAt)));
    },

    async liveCount(tx: Db = db): Promise<number> {
      const rows = await tx.select({ n: count() }).from(products).where(isNull(products.deletedAt));
      return rows[0]?.n ?? 0;
    },

    // Sync

    async storedVersions(shopifyIds: string[], tx: Db) {
      if (shopifyIds.length === 0) return new Map<string, { shopUpdatedAt: Date; deleted: boolean }>();
      const rows = await tx
        .select({
          shopifyId: products.shopifyId,
          shopUpdatedAt: products.shopUpdatedAt,
          deletedAt: products.deletedAt,
        })
        .from(products)
        .where(inArray(products.shopifyId, shopifyIds));
      return new Map(
        rows.map((r) => [r.shopifyId, { shopUpdatedAt: r.shopUpdatedAt, deleted: r.deletedAt !== null }]),
      );
    },

    /**
     * Upserts products (and replaces their variants) by the shop's id. A stored version newer than
     * the one given is kept (a webhook may have been quicker than the page). Returns the ids written.
     */
    async upsertProducts(items: ProductUpsert[], tx: Db, seenRunId: string | null): Promise<number> {
      if (items.length === 0) return 0;
      const written = await tx
        .insert(products)
        .values(
          items.map((p) => ({
            shopifyId: p.shopifyId,
            title: p.title,
            handle: p.handle,
            status: p.status,
            vendor: p.vendor,
            productType: p.productType,
            type: p.type,
            tags: p.tags,
            imageUrl: p.imageUrl,
            imageAlt: p.imageAlt,
            searchText: p.searchText,
            shopUpdatedAt: p.shopUpdatedAt,
            lastSeenRunId: seenRunId,
          })),
        )
        .onConflictDoUpdate({
          target: products.shopifyId,
          set: {
            title: sql`excluded.title`,
            handle: sql`excluded.handle`,
            status: sql`excluded.status`,
            vendor: sql`excluded.vendor`,
            productType: sql`excluded.product_type`,
            type: sql`excluded.type`,
            tags: sql`excluded.tags`,
            imageUrl: sql`excluded.image_url`,
            imageAlt: sql`excluded.image_alt`,
            searchText: sql`excluded.search_text`,
            shopUpdatedAt: sql`excluded.shop_updated_at`,
            syncedAt: sql`now()`,
            deletedAt: sql`null`,
          },
          // Only a version at least as new as the stored one, and only when something changed.
          setWhere: sql`${products.shopUpdatedAt} < excluded.shop_updated_at or ${products.deletedAt} is not null`,
        })
        .returning({ id: products.id, shopifyId: products.shopifyId });
      if (seenRunId) {
        await tx
          .update(products)
          .set({ lastSeenRunId: seenRunId })
          .where(
            inArray(
              products.shopifyId,
              items.map((p) => p.shopifyId),
            ),
          );
      }
      if (written.length > 0) {
        const idOf = new Map(written.map((w) => [w.shopifyId, w.id]));
        const variants = items.flatMap((p) => {
          const productId = idOf.get(p.shopifyId);
          return productId ? p.variants.map((v, position) => ({ ...v, productId, position })) : [];
        });
        const keep = variants.map((v) => v.shopifyId);
        await tx
          .delete(productVariants)
          .where(
            and(
              inArray(productVariants.productId, [...idOf.values()]),
              keep.length > 0
                ? sql`${productVariants.shopifyId} <> all(${sql.param(keep)}::text[])`
                : undefined,
            ),
          );
        if (variants.length > 0) {
          await tx
            .insert(productVariants)
            .values(variants)
            .onConflictDoUpdate({
              target: productVariants.shopifyId,
              set: {
                productId: sql`excluded.product_id`,
                position: sql`excluded.position`,
                sku: sql`excluded.sku`,
                barcode: sql`excluded.barcode`,
                priceMinor: sql`excluded.price_minor`,
                currency: sql`excluded.currency`,
                inventoryQuantity: sql`excluded.inventory_quantity`,
              },
            });
        }
      }
      return written.length;
    },

    /** A delete webhook: marks the product gone unless a newer version is stored. */
    async softDelete(shopifyId: string, at: Date, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(products)
        .set({ deletedAt: at })
        .where(and(eq(products.shopifyId, shopifyId), isNull(products.deletedAt)))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    /** End of a full run: live products it never saw, synced before it started, are gone. */
    async deleteUnseen(runId: string, startedAt: Date, tx: Db = db): Promise<number> {
      const rows = await tx
        .update(products)
        .set({ deletedAt: sql`now()` })
        .where(
          and(
            isNull(products.deletedAt),
            or(isNull(products.lastSeenRunId), ne(products.lastSeenRunId, runId)),
            lt(products.syncedAt, startedAt),
          ),
        )
        .returning({ id: products.id });
      return rows.length;
    },

    async runningRun(tx: Db = db): Promise<SyncRunRow | null> {
      const rows = await tx
        .select()
        .from(productSyncRuns)
        .where(eq(productSyncRuns.status, 'running'))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Starts a run unless one is running; either way answers the running one. */
    async startRun(values: {
      mode: 'full' | 'incremental';
      trigger: string;
      updatedAfter: Date | null;
      watermark: Date | null;
      expectedTotal: number | null;
    }): Promise<{ run: SyncRunRow; created: boolean }> {
      const rows = await db.insert(productSyncRuns).values(values).onConflictDoNothing().returning();
      if (rows[0]) return { run: rows[0], created: true };
      const running = await this.runningRun();
      if (!running) throw new Error('no sync run could be started or found');
      return { run: running, created: false };
    },

    async getRun(id: string): Promise<SyncRunRow | null> {
      const rows = await db.select().from(productSyncRuns).where(eq(productSyncRuns.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async saveProgress(
      id: string,
      values: Partial<
        Pick<SyncRunRow, 'cursor' | 'pages' | 'seen' | 'created' | 'updated' | 'deleted' | 'watermark'>
      >,
      tx: Db = db,
    ) {
      await tx.update(productSyncRuns).set(values).where(eq(productSyncRuns.id, id));
    },

    async addRunError(id: string, error: SyncRunError) {
      await db
        .update(productSyncRuns)
        .set({ errors: sql`${productSyncRuns.errors} || ${JSON.stringify([error])}::jsonb` })
        .where(eq(productSyncRuns.id, id));
    },

    async finishRun(id: string, status: 'succeeded' | 'failed', tx: Db = db) {
      await tx
        .update(productSyncRuns)
        .set({ status, finishedAt: sql`now()` })
        .where(eq(productSyncRuns.id, id));
    },

    async lastSucceeded(mode?: 'full' | 'incremental'): Promise<SyncRunRow | null> {
      const rows = await db
        .select()
        .from(productSyncRuns)
        .where(
          and(eq(productSyncRuns.status, 'succeeded'), mode ? eq(productSyncRuns.mode, mode) : undefined),
        )
        .orderBy(desc(productSyncRuns.finishedAt))
        .limit(1);
      return rows[0] ?? null;
    },

    async lastRun(): Promise<SyncRunRow | null> {
      const rows = await db.select().from(productSyncRuns).orderBy(desc(productSyncRuns.startedAt)).limit(1);
      return rows[0] ?? null;
    },

    async listRuns(page: number, pageSize: number) {
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(productSyncRuns)
          .orderBy(desc(productSyncRuns.startedAt), desc(productSyncRuns.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(productSyncRuns),
      ]);
      return { items, total: totals[0]?.n ?? 0 };
    },

    /** Records a webhook delivery; false when it was seen before. */
    async recordDelivery(
      values: { deliveryId: string; topic: string; shop: string; outcome: string },
      tx: Db = db,
    ): Promise<boolean> {
      const rows = await tx
        .insert(shopWebhookDeliveries)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: shopWebhookDeliveries.deliveryId });
      return rows.length > 0;
    },

    /** When the last delivery of a topic arrived (app/uninstalled for the shop administration screen). */
    async lastDeliveryAt(topic: string): Promise<Date | null> {
      const rows = await db
        .select({ at: shopWebhookDeliveries.receivedAt })
        .from(shopWebhookDeliveries)
        .where(eq(shopWebhookDeliveries.topic, topic))
        .orderBy(desc(shopWebhookDeliveries.receivedAt))
        .limit(1);
      return rows[0]?.at ?? null;
    },

    async storedUpdatedAt(shopifyId: string, tx: Db = db): Promise<Date | null> {
      const rows = await tx
        .select({ at: products.shopUpdatedAt })
        .from(products)
        .where(eq(products.shopifyId, shopifyId))
        .limit(1);
      return rows[0]?.at ?? null;
    },

    /** Search bar: live products whose title, SKU, barcode or vendor matches. */
    async searchHits(scope: TenantScope, text: string, limit: number) {
      return db
        .select({
          id: products.id,
          title: products.title,
          vendor: products.vendor,
          sku: sql<string | null>`${firstVariant('sku')}`,
          exact: sql<boolean>`exists (select 1 from product_variants pv where pv.product_id = "products"."id" and (lower(pv.sku) = ${text.toLowerCase()} or pv.barcode = ${text}))`,
        })
        .from(products)
        .leftJoin(partnerProducts, partnerJoin(scope))
        .where(and(isNull(products.deletedAt), searchCondition(text)))
        .orderBy(asc(sql`lower(${products.title})`))
        .limit(limit);
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
