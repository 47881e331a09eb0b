import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { historyPageSchema } from '@service-portal/shared/history';
import type { HistoryActorKind, HistoryPage, HistorySubject } from '@service-portal/shared/history';
import { apiClient } from '../../../lib/api-client.ts';

/** Whose history: a page's record, the partner's pricing, or a global administrator's search. */
export type HistoryTarget =
  | { subject: HistorySubject; id: string }
  | { subject: 'pricing' }
  | { subject: 'search'; search: HistorySearch };

/** GET /admin/history's own filters (the global administrator, across partners). */
export interface HistorySearch {
  partnerId?: string | undefined;
  table?: string | undefined;
  recordId?: string | undefined;
}

export interface HistoryFilters {
  /** `table.field` */
  field?: string | undefined;
  actorKind?: HistoryActorKind | undefined;
  actorId?: string | undefined;
  page: number;
  pageSize: number;
}

function pathOf(target: HistoryTarget): string {
  if ('id' in target) return `/history/${target.subject}/${target.id}`;
  return 'search' in target ? '/admin/history' : '/history/pricing';
}

/** GET /history/:subject/:id, GET /history/pricing and GET /admin/history */
export async function getHistory(
  target: HistoryTarget,
  filters: HistoryFilters,
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const response = await apiClient.get<unknown>(pathOf(target), {
    params: { ...('search' in target ? target.search : {}), ...filters },
    signal,
  });
  return historyPageSchema.parse(response.data);
}

export const historyKey = (target: HistoryTarget) =>
  [
    'history',
    target.subject,
    'id' in target ? target.id : 'search' in target ? JSON.stringify(target.search) : null,
  ] as const;

export function historyQueryOptions(target: HistoryTarget, filters: HistoryFilters) {
  return queryOptions({
    queryKey: [...historyKey(target), filters] as const,
    queryFn: ({ signal }) => getHistory(target, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useHistory(target: HistoryTarget, filters: HistoryFilters) {
  return useQuery(historyQueryOptions(target, filters));
}
