import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderTotalsSchema } from '@service-portal/shared/work-logs';
import type { OrderTotals } from '@service-portal/shared/work-logs';
import { apiClient } from '../../../lib/api-client.ts';

export async function getOrderTotals(orderId: string, signal?: AbortSignal): Promise<OrderTotals> {
  const response = await apiClient.get<unknown>(`/service-orders/${encodeURIComponent(orderId)}/totals`, {
    signal,
  });
  return orderTotalsSchema.parse(response.data);
}

export const orderTotalsKey = ['order-totals'] as const;

export function orderTotalsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...orderTotalsKey, orderId] as const,
    queryFn: ({ signal }) => getOrderTotals(orderId, signal),
    staleTime: 0,
  });
}

export function useOrderTotals(orderId: string) {
  return useQuery(orderTotalsQueryOptions(orderId));
}
