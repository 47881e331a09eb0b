import { and, count, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  products,
  productSyncRuns,
  productVariants,
  shopWebhookDeliveries,
  type SyncRunError,
} from '../../db/schema/products.ts';

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
  type: (typeof products.$inferSelect)['type'];
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

/**
 * What the product sync writes and reads: products by the shop's id (upserts with their variants,
 * deletes), the sync runs and the webhook deliveries seen. Part of ProductsRepository.
 */
export function createProductsSyncRepository(db: Db) {
  return {
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
  };
}
