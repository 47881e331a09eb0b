import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { productSearchResponseSchema } from '@service-portal/shared/products';
import type { ProductSearchHit } from '@service-portal/shared/products';
import { apiClient } from '../../../lib/api-client.ts';
import { productsKey } from './keys.ts';

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

export function catalogueSearchQueryOptions(query: string) {
  const text = query.trim();
  return queryOptions({
    queryKey: [...productsKey, 'picker', text] as const,
    queryFn: ({ signal }) => searchCatalogue(text, 10, signal),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useCatalogueSearch(query: string) {
  return useQuery(catalogueSearchQueryOptions(query));
}
