import { queryOptions, useQuery } from '@tanstack/react-query';
import { syncStatusSchema } from '@service-portal/shared/products';
import type { SyncStatus } from '@service-portal/shared/products';
import { apiClient } from '../../../lib/api-client.ts';
import { productsKey } from './keys.ts';

/** Every catalogue-sync query key starts with this; a requested sync invalidates below it. */
export const syncKey = [...productsKey, 'sync'] as const;

/** GET /products/sync/status */
export async function getSyncStatus(signal?: AbortSignal): Promise<SyncStatus> {
  return syncStatusSchema.parse((await apiClient.get<unknown>('/products/sync/status', { signal })).data);
}

/** Polled every second while a run is under way. */
export function syncStatusQueryOptions() {
  return queryOptions({
    queryKey: [...syncKey, 'status'] as const,
    queryFn: ({ signal }) => getSyncStatus(signal),
    refetchInterval: (query) => (query.state.data?.running ? 1000 : false),
    staleTime: 0,
  });
}

export function useSyncStatus() {
  return useQuery(syncStatusQueryOptions());
}
