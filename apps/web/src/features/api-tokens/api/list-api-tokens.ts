import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiTokenListResponseSchema } from '@service-portal/shared/api-tokens';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /api-tokens: every token of the partner (one page: at most 50 are active at once). */
export async function listApiTokens(signal?: AbortSignal) {
  const response = await apiClient.get<unknown>('/api-tokens', { signal });
  const { items } = apiTokenListResponseSchema.parse(response.data);
  // The list component pages; the tokens all come in one answer.
  return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
}

export const apiTokensKey = ['api-tokens'] as const;

export function apiTokensQueryOptions() {
  return queryOptions({ queryKey: apiTokensKey, queryFn: ({ signal }) => listApiTokens(signal) });
}

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}
