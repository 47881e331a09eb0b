import { queryOptions, useQuery } from '@tanstack/react-query';
import { shopOrderListResponseSchema } from '@service-portal/shared/shop-orders';
import { apiClient } from '../../../lib/api-client.ts';

export const shopOrdersKey = ['shop-orders'] as const;

/** GET /shop-orders?serviceOrderIds=…: the shop orders of these service orders (those that have one). */
export async function listShopOrders(serviceOrderIds: string[], signal?: AbortSignal) {
  const response = await apiClient.get<unknown>('/shop-orders', {
    params: { serviceOrderIds: serviceOrderIds.join(',') },
    signal,
  });
  return shopOrderListResponseSchema.parse(response.data).items;
}

export function shopOrdersQueryOptions(serviceOrderIds: string[]) {
  const ids = [...new Set(serviceOrderIds)].sort();
  return queryOptions({
    queryKey: [...shopOrdersKey, ids] as const,
    queryFn: ({ signal }) => listShopOrders(ids, signal),
    enabled: ids.length > 0,
  });
}

export function useShopOrders(serviceOrderIds: string[]) {
  return useQuery(shopOrdersQueryOptions(serviceOrderIds));
}
