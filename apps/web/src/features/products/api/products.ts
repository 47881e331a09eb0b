import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  productListResponseSchema,
  productSchema,
  productSearchResponseSchema,
  syncEnqueuedSchema,
  syncRunListResponseSchema,
  syncStatusSchema,
} from '@service-portal/shared/products';
import type {
  PartnerProductInput,
  Product,
  ProductListResponse,
  ProductSearchHit,
  ProductStatusFilter,
  ProductType,
  SyncMode,
  SyncStatus,
} from '@service-portal/shared/products';
import { apiClient } from '../../../lib/api-client.ts';

export interface ProductListParams {
  page: number;
  pageSize: number;
  search?: string;
  type?: ProductType;
  status?: ProductStatusFilter;
  active?: boolean;
}

/** GET /products: the catalogue with the partner's active flag. */
export async function listProducts(
  params: ProductListParams,
  signal?: AbortSignal,
): Promise<ProductListResponse> {
  const query: Record<string, string> = { page: String(params.page), pageSize: String(params.pageSize) };
  if (params.search) query.search = params.search;
  if (params.type) query.type = params.type;
  if (params.status) query.status = params.status;
  if (params.active !== undefined) query.active = String(params.active);
  const response = await apiClient.get<unknown>('/products', { params: query, signal });
  return productListResponseSchema.parse(response.data);
}

export function useProducts(params: ProductListParams) {
  return useQuery(
    queryOptions({
      queryKey: ['products', 'list', params] as const,
      queryFn: ({ signal }) => listProducts(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /products/:id */
export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const response = await apiClient.get<unknown>(`/products/${id}`, { signal });
  return productSchema.parse(response.data);
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['products', 'detail', id] as const,
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

export function useProduct(id: string) {
  return useQuery({ ...productQueryOptions(id), enabled: id !== '' });
}

/** PATCH /products/:id/partner: the partner's own fields (active, notes, service interval). */
export async function savePartnerProduct(input: { id: string } & PartnerProductInput): Promise<Product> {
  const { id, ...body } = input;
  const response = await apiClient.patch<unknown>(`/products/${id}/partner`, body);
  return productSchema.parse(response.data);
}

export function useSavePartnerProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePartnerProduct,
    onSuccess: (product) => queryClient.setQueryData(productQueryOptions(product.id).queryKey, product),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products', 'list'] }),
  });
}

/** GET /shopify/products/search: the catalogue picker's look-up. */
export async function searchCatalogue(
  query: string,
  limit = 10,
  signal?: AbortSignal,
): Promise<ProductSearchHit[]> {
  const response = await apiClient.get<unknown>('/shopify/products/search', {
    params: { query, limit: String(limit) },
    signal,
  });
  return productSearchResponseSchema.parse(response.data).results;
}

export function useCatalogueSearch(query: string) {
  const text = query.trim();
  return useQuery(
    queryOptions({
      queryKey: ['products', 'picker', text] as const,
      queryFn: ({ signal }) => searchCatalogue(text, 10, signal),
      enabled: text.length > 0,
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /products/sync/status: polled every second while a run is under way. */
export function useSyncStatus() {
  return useQuery(
    queryOptions({
      queryKey: ['products', 'sync', 'status'] as const,
      queryFn: async ({ signal }): Promise<SyncStatus> =>
        syncStatusSchema.parse((await apiClient.get<unknown>('/products/sync/status', { signal })).data),
      refetchInterval: (query) => (query.state.data?.running ? 1000 : false),
      staleTime: 0,
    }),
  );
}

export function useSyncRuns(page: number, pageSize: number) {
  return useQuery(
    queryOptions({
      queryKey: ['products', 'sync', 'runs', page, pageSize] as const,
      queryFn: async ({ signal }) =>
        syncRunListResponseSchema.parse(
          (
            await apiClient.get<unknown>('/products/sync/runs', {
              params: { page: String(page), pageSize: String(pageSize) },
              signal,
            })
          ).data,
        ),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

/** POST /products/sync */
export function useRequestSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mode: SyncMode) =>
      syncEnqueuedSchema.parse((await apiClient.post<unknown>('/products/sync', { mode })).data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products', 'sync'] }),
  });
}
