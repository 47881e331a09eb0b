import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHENTICATED, PRODUCT_SYNC_ACCESS, scoped, STAFF_MANAGERS } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import {
  partnerProductInputSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSchema,
  productSearchQuerySchema,
  productSearchResponseSchema,
  syncEnqueuedSchema,
  syncRequestSchema,
  syncRunListQuerySchema,
  syncRunListResponseSchema,
  syncStatusSchema,
  type SyncMode,
} from '@service-portal/shared/products';
import { problemWith } from '../../lib/problem-responses.ts';
import { tenantOf } from '../../plugins/auth.ts';
import type { ProductsService } from './products.service.ts';
import type { ProductSync } from './products.sync.ts';

const tags = ['products'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };

export interface ProductsRouteDeps {
  products: ProductsService;
  sync: ProductSync;
  /** Starts (or finds) the run and queues the one sync job for it. */
  requestSync: (mode: SyncMode) => Promise<{ runId: string | null; jobId: string }>;
}

/**
 * Spec §2 `/products`, `/products/sync` (any signed-in user), §7 "Products". The catalogue is
 * global; what a partner sets on a product (active for them, notes, service interval) is theirs and
 * changes only for Administrator and ServiceManager. The sync is global too: only an Administrator
 * (or a global administrator) starts one (docs/decisions/024-catalogue-sync.md). A global
 * administrator reads the catalogue without choosing a partner (`tenant: 'shared'`, decision 054).
 */
export function productsRoutes(deps: ProductsRouteDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Open to API tokens with products:read (docs/decisions/055-api-tokens.md).
    // The catalogue is shared (decision 054) and open to API tokens with products:read (decision 055).
    const productsRead = { access: scoped(AUTHENTICATED, 'products:read'), tenant: 'shared' } as const;

    r.get(
      '/products',
      {
        config: productsRead,
        schema: {
          tags,
          summary:
            'The catalogue by title: search (title, SKU, barcode, vendor), type, status, active for the partner',
          querystring: productListQuerySchema,
          response: { 200: productListResponseSchema, ...read },
        },
      },
      async (request) => deps.products.list(tenantOf(request), request.query),
    );

    r.get(
      '/products/sync/status',
      {
        config: { access: AUTHENTICATED, tenant: 'none' },
        schema: {
          tags,
          summary: 'The running sync (progress), the last run and the last successful sync time',
          response: { 200: syncStatusSchema, ...read },
        },
      },
      async () => deps.sync.status(),
    );

    r.get(
      '/products/sync/runs',
      {
        config: { access: AUTHENTICATED, tenant: 'none' },
        schema: {
          tags,
          summary: 'Sync runs, newest first, with their counts and errors',
          querystring: syncRunListQuerySchema,
          response: { 200: syncRunListResponseSchema, ...read },
        },
      },
      async (request) => deps.sync.runs(request.query.page, request.query.pageSize),
    );

    r.post(
      '/products/sync',
      {
        config: { access: PRODUCT_SYNC_ACCESS, tenant: 'none' },
        schema: {
          tags,
          summary: 'Queue a sync (incremental unless mode=full); a running one is answered instead',
          body: syncRequestSchema.optional(),
          response: { 202: syncEnqueuedSchema, ...read },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await deps.requestSync(request.body?.mode ?? 'incremental')),
    );

    r.get(
      '/products/:id',
      {
        config: productsRead,
        schema: {
          tags,
          summary: 'One product with its variants, prices, stock and the partner’s own fields',
          params: productIdParamsSchema,
          response: { 200: productSchema, ...one },
        },
      },
      async (request) => deps.products.get(tenantOf(request), request.params.id),
    );

    r.patch(
      '/products/:id/partner',
      {
        config: { access: STAFF_MANAGERS },
        schema: {
          tags,
          summary: 'The partner’s own fields: active (deactivate/reactivate), notes, service interval',
          params: productIdParamsSchema,
          body: partnerProductInputSchema,
          response: {
            200: productSchema,
            ...one,
            409: problemWith({ version_conflict: '`version` is not the one last read' }),
          },
        },
      },
      async (request) => deps.products.savePartner(tenantOf(request), request.params.id, request.body),
    );

    r.get(
      '/shopify/products/search',
      {
        config: { access: AUTHENTICATED, tenant: 'shared' },
        schema: {
          tags,
          summary: 'Catalogue look-up for pickers: one hit per variant (limit default 10, clamped 1–50)',
          querystring: productSearchQuerySchema,
          response: { 200: productSearchResponseSchema, ...read },
        },
      },
      async (request) => deps.products.search(tenantOf(request), request.query),
    );
  };
}
