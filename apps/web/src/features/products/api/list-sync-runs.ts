import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { syncRunListResponseSchema } from '@service-portal/shared/products';
import { apiClient } from '../../../lib/api-client.ts';
import { syncKey } from './get-sync-status.ts';

/** GET /products/sync/runs: the catalogue syncs, newest first. */
export async function listSyncRuns(page: number, pageSize: number, signal?: AbortSignal) {
  const response = await apiClient.get<unknown>('/products/sync/runs', {
    params: { page: String(page), pageSize: String(pageSize) },
    signal,
  });
  return syncRunListResponseSchema.parse(response.data);
}

export function syncRunsQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...syncKey, 'runs', page, pageSize] as const,
    queryFn: ({ signal }) => listSyncRuns(page, pageSize, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSyncRuns(page: number, pageSize: number) {
  return useQuery(syncRunsQueryOptions(page, pageSize));
}
