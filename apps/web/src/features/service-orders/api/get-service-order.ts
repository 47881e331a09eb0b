import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceOrderSchema } from '@service-portal/shared/service-orders';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import { apiClient } from '../../../lib/api-client.ts';
import { toApiFailure } from '../../../lib/api-errors.ts';

export async function getServiceOrder(id: string, signal?: AbortSignal): Promise<ServiceOrder> {
  const response = await apiClient.get<unknown>(`/service-orders/${encodeURIComponent(id)}`, { signal });
  return serviceOrderSchema.parse(response.data);
}

/** Every order's key starts with this; bulk changes invalidate all of them at once. */
export const serviceOrderDetailsKey = ['service-orders', 'detail'] as const;

export function serviceOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...serviceOrderDetailsKey, id] as const,
    queryFn: ({ signal }) => getServiceOrder(id, signal),
    // A missing order (or a malformed id) stays missing; only transport trouble is worth a second try.
    retry: (failureCount, error) => {
      const failure = toApiFailure(error);
      return failure.kind === 'network' || (failure.kind === 'http' && failure.status >= 500)
        ? failureCount < 1
        : false;
    },
  });
}

export function useServiceOrder(id: string) {
  return useQuery(serviceOrderQueryOptions(id));
}
