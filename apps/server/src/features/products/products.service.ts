import type { SearchHit } from '@service-portal/shared/search';
import type {
  PartnerProductInput,
  Product,
  ProductListQuery,
  ProductListResponse,
  ProductSearchQuery,
  ProductSearchResponse,
  ProductSummary,
  SyncRun,
} from '@service-portal/shared/products';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import type { ProductsRepository, ProductSummaryRow } from './products.repository.ts';
import type { SyncRunRow } from './products.sync.repository.ts';

const PRODUCT = 'Product';
const versionConflict = () =>
  new AppError('version_conflict', 409, 'The product was changed by someone else. Reload it and try again.');

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function summary(row: ProductSummaryRow): ProductSummary {
  return {
    id: row.id,
    shopifyId: row.shopifyId,
    title: row.title,
    handle: row.handle,
    vendor: row.vendor,
    productType: row.productType,
    type: row.type,
    status: row.status,
    tags: row.tags,
    imageUrl: row.imageUrl,
    imageAlt: row.imageAlt,
    sku: row.sku,
    priceMinor: row.priceMinor === null ? null : Number(row.priceMinor),
    currency: row.currency ?? 'NOK',
    stock: row.stock === null ? null : Number(row.stock),
    active: Boolean(row.active),
    shopUpdatedAt: iso(row.shopUpdatedAt),
  };
}

export function syncRunDto(run: SyncRunRow): SyncRun {
  return {
    id: run.id,
    mode: run.mode,
    status: run.status,
    trigger: run.trigger,
    startedAt: iso(run.startedAt),
    finishedAt: run.finishedAt ? iso(run.finishedAt) : null,
    pages: run.pages,
    seen: run.seen,
    created: run.created,
    updated: run.updated,
    deleted: run.deleted,
    errors: run.errors,
    expectedTotal: run.expectedTotal,
  };
}

/**
 * The catalogue as partners see it: one global list of the maker's products (synced from the
 * shop) with each partner's own fields (active for them, notes, service interval) beside it.
 */
export function createProductsService(repo: ProductsRepository) {
  async function detail(scope: TenantScope, id: string): Promise<Product> {
    const row = await repo.get(scope, id);
    if (!row) throw notFound(PRODUCT);
    const { product, partner, variants } = row;
    return {
      ...summary(row.summary),
      variants: variants.map((v) => ({
        id: v.id,
        shopifyId: v.shopifyId,
        sku: v.sku,
        barcode: v.barcode,
        priceMinor: v.priceMinor,
        currency: v.currency,
        inventoryQuantity: v.inventoryQuantity,
      })),
      partner: {
        active: partner?.isActive ?? true,
        notes: partner?.notes ?? null,
        serviceIntervalMonths: partner?.serviceIntervalMonths ?? null,
        version: partner?.version ?? 0,
        updatedAt: partner ? iso(partner.updatedAt) : null,
      },
      deletedAt: product.deletedAt ? iso(product.deletedAt) : null,
      syncedAt: iso(product.syncedAt),
    };
  }

  return {
    async list(scope: TenantScope, q: ProductListQuery): Promise<ProductListResponse> {
      const { items, total } = await repo.list(scope, q);
      return { items: items.map(summary), total, page: q.page, pageSize: q.pageSize };
    },

    get: detail,

    /** The partner's own fields (active, notes, service interval); `version` 0 before the first save. */
    async savePartner(scope: TenantScope, id: string, input: PartnerProductInput): Promise<Product> {
      if (!(await repo.exists(id))) throw notFound(PRODUCT);
      const saved = await repo.savePartner(scope, id, input.version, {
        ...(input.active !== undefined ? { isActive: input.active } : {}),
        ...(input.notes !== undefined ? { notes: input.notes || null } : {}),
        ...(input.serviceIntervalMonths !== undefined
          ? { serviceIntervalMonths: input.serviceIntervalMonths }
          : {}),
      });
      if (!saved) throw versionConflict();
      return detail(scope, id);
    },

    /** GET /shopify/products/search: one hit per variant, prefilling an order's product or part line. */
    async search(scope: TenantScope, q: ProductSearchQuery): Promise<ProductSearchResponse> {
      const rows = await repo.searchVariants(scope, q.query, q.limit);
      return {
        results: rows.map((r) => ({
          productId: r.productId,
          variantId: r.variantId,
          name: r.title,
          sku: r.sku,
          unitPriceMinor: r.priceMinor,
          currency: r.currency,
          supplier: r.vendor,
          imageUrl: r.imageUrl,
          type: r.type,
        })),
      };
    },

    /** Global search, type `Product` (→ /toilets/{id}). */
    async searchHits(scope: TenantScope, text: string, limit: number): Promise<SearchHit[]> {
      const rows = await repo.searchHits(scope, text, limit);
      return rows.map((r) => ({
        id: r.id,
        name: r.title,
        subtitle: [r.sku, r.vendor].filter(Boolean).join(' · ') || null,
        exact: Boolean(r.exact),
      }));
    },

    /** For other features (documents, spare parts): live catalogue products by SKU. */
    async findBySkus(skus: string[]): Promise<Map<string, { productId: string; title: string }>> {
      const rows = await repo.findBySkus([...new Set(skus)]);
      return new Map(
        rows.flatMap((r) => (r.sku ? [[r.sku, { productId: r.productId, title: r.title }]] : [])),
      );
    },

    /** For shop orders: the shop's variant id of each SKU in the live catalogue. */
    async variantIdsBySkus(skus: string[]): Promise<Map<string, string>> {
      const rows = await repo.findBySkus([...new Set(skus)]);
      return new Map(rows.flatMap((r) => (r.sku ? [[r.sku, r.variantId]] : [])));
    },

    exists: (id: string) => repo.exists(id),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
