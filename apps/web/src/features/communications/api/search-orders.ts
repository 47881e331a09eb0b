import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceOrderListResponseSchema } from '@service-portal/shared/service-orders';
import type { ServiceOrderListItem } from '@service-portal/shared/service-orders';
import { apiClient } from '../../../lib/api-client.ts';

/** Orders matching a number (or other search text), to file an inbound message under one. */
export async function searchOrders(search: string, signal?: AbortSignal): Promise<ServiceOrderListItem[]> {
  const response = await apiClient.get<unknown>('/service-orders', {
    params: { search, page: '1', pageSize: '10', sortDirection: 'desc' },
    signal,
  });
  return serviceOrderListResponseSchema.parse(response.data).items;
}

export function orderSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['communications', 'order-search', search] as const,
    queryFn: ({ signal }) => searchOrders(search, signal),
  });
}

export function useOrderSearch(search: string) {
  return useQuery({ ...orderSearchQueryOptions(search), enabled: search.trim().length >= 2 });
}
