import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { historyRetentionSchema } from '@service-portal/shared/history';
import type { HistoryRetention } from '@service-portal/shared/history';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /history/retention: how many months the partner keeps its history. */
export async function getHistoryRetention(signal?: AbortSignal): Promise<HistoryRetention> {
  const response = await apiClient.get<unknown>('/history/retention', { signal });
  return historyRetentionSchema.parse(response.data);
}

/** PUT /history/retention */
export async function setHistoryRetention(body: HistoryRetention): Promise<HistoryRetention> {
  const response = await apiClient.put<unknown>('/history/retention', body);
  return historyRetentionSchema.parse(response.data);
}

export const historyRetentionQueryOptions = () =>
  queryOptions({
    queryKey: ['history', 'retention'] as const,
    queryFn: ({ signal }) => getHistoryRetention(signal),
  });

export function useHistoryRetention() {
  return useQuery(historyRetentionQueryOptions());
}

export function useSetHistoryRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHistoryRetention,
    onSuccess: (retention) => queryClient.setQueryData(historyRetentionQueryOptions().queryKey, retention),
  });
}
