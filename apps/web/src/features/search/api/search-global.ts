import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { globalSearchResponseSchema } from '@service-portal/shared/search';
import type { GlobalSearchResponse } from '@service-portal/shared/search';
import { LIMITS } from '@service-portal/shared/limits';
import { apiClient } from '../../../lib/api-client.ts';

export interface GlobalSearchParams {
  query: string;
  maxResultsPerType: number;
  isSuggestionMode: boolean;
}

/** POST /search/global (spec §7 Search). */
export async function searchGlobal(
  params: GlobalSearchParams,
  signal?: AbortSignal,
): Promise<GlobalSearchResponse> {
  const response = await apiClient.post<unknown>('/search/global', params, { signal });
  return globalSearchResponseSchema.parse(response.data);
}

export function globalSearchQueryOptions(params: GlobalSearchParams) {
  return queryOptions({
    queryKey: ['search', 'global', params] as const,
    queryFn: ({ signal }) => searchGlobal(params, signal),
    // A search is asked again when typed again; keep the answer a short while only.
    staleTime: 30_000,
    gcTime: 60_000,
  });
}

/** Asks only from 2 characters (spec §5); the previous answer stays while the next one loads. */
export function useGlobalSearch(params: GlobalSearchParams) {
  return useQuery({
    ...globalSearchQueryOptions(params),
    enabled: params.query.length >= LIMITS.searchMinChars,
    placeholderData: keepPreviousData,
  });
}
