import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { PRODUCT_STATUSES, type ProductListQuery } from '@service-portal/shared/products';
import type { Db } from '../../db/client.ts';
import { partnerProducts, products, productVariants } from '../../db/schema/products.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import { createProductsSyncRepository } from './products.sync.repository.ts';

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;
export type PartnerProductRow = typeof partnerProducts.$inferSelect;

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

/**
 * The catalogue as partners see it (lists, a product with its variants, their own fields,
 * searches), and with createProductsSyncRepository (products.sync.repository.ts) what the sync
 * writes.
 */
export function createProductsRepository(db: Db) {
  return {
    ...createProductsSyncRepository(db),

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
