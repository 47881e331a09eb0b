import { queryOptions, useQuery } from '@tanstack/react-query';
import { productSchema } from '@service-portal/shared/products';
import type { Product } from '@service-portal/shared/products';
import { apiClient } from '../../../lib/api-client.ts';
import { productsKey } from './keys.ts';

/** GET /products/:id */
export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const response = await apiClient.get<unknown>(`/products/${id}`, { signal });
  return productSchema.parse(response.data);
}

export function productQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...productsKey, 'detail', id] as const,
    queryFn: ({ signal }) => getProduct(id, signal),
  });
}

export function useProduct(id: string) {
  return useQuery({ ...productQueryOptions(id), enabled: id !== '' });
}
