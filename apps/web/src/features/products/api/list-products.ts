import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productListResponseSchema } from '@service-portal/shared/products';
import type { ProductListResponse, ProductStatusFilter, ProductType } from '@service-portal/shared/products';
import { apiClient } from '../../../lib/api-client.ts';
import { productsKey } from './keys.ts';

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

export const productListKey = [...productsKey, 'list'] as const;

export function productsQueryOptions(params: ProductListParams) {
  return queryOptions({
    queryKey: [...productListKey, params] as const,
    queryFn: ({ signal }) => listProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProducts(params: ProductListParams) {
  return useQuery(productsQueryOptions(params));
}
