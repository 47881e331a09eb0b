import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMUNICATION_LIMITS, unreadSummarySchema } from '@service-portal/shared/communications';
import type { UnreadSummary } from '@service-portal/shared/communications';
import { apiClient } from '../../../lib/api-client.ts';
import { unreadKey } from './keys.ts';

/** Spec §7: the badge is stale after 30 s and the one query that refetches on window focus. */
export const UNREAD_STALE_MS = 30_000;

export async function getUnread(signal?: AbortSignal): Promise<UnreadSummary> {
  const response = await apiClient.get<unknown>('/communications/unread', {
    params: { limit: String(COMMUNICATION_LIMITS.unreadListDefault) },
    signal,
  });
  return unreadSummarySchema.parse(response.data);
}

export function unreadQueryOptions() {
  return queryOptions({
    queryKey: unreadKey,
    queryFn: ({ signal }) => getUnread(signal),
    staleTime: UNREAD_STALE_MS,
    refetchOnWindowFocus: true,
  });
}

export function useUnread(enabled = true) {
  return useQuery({ ...unreadQueryOptions(), enabled });
}
