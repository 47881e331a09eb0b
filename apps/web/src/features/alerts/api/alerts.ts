import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ALERT_LIMITS,
  alertListSchema,
  alertReadAllResultSchema,
  alertSchema,
  type Alert,
  type AlertList,
} from '@service-portal/shared/alerts';
import { apiClient } from '../../../lib/api-client.ts';
import { alertsKey, alertsListKey, alertsUnreadKey } from './keys.ts';
import { ALERTS_STALE_MS } from './unread-count.ts';

export async function listAlerts(cursor: string | null, signal?: AbortSignal): Promise<AlertList> {
  const params: Record<string, string> = { limit: String(ALERT_LIMITS.listDefault) };
  if (cursor) params.cursor = cursor;
  const response = await apiClient.get<unknown>('/alerts', { params, signal });
  return alertListSchema.parse(response.data);
}

/**
 * The popover's list, newest first: the first page, or as many pages as the reader asked for
 * ("Show older alerts"), fetched one after the other along the cursors. Refetched as a whole after
 * a change, so read marks are right on every page. (Not useInfiniteQuery: its code would join the
 * top bar's chunk in every screen.)
 */
export function useAlerts(pages: number, enabled = true) {
  return useQuery({
    queryKey: [...alertsListKey, pages],
    queryFn: async ({ signal }) => {
      const all: AlertList[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < pages; i++) {
        const page = await listAlerts(cursor, signal);
        all.push(page);
        cursor = page.nextCursor;
        if (cursor === null) break;
      }
      return {
        items: all.flatMap((p) => p.items),
        unreadCount: all[0]?.unreadCount ?? 0,
        hasMore: cursor !== null,
      };
    },
    placeholderData: (previous) => previous,
    staleTime: ALERTS_STALE_MS,
    enabled,
  });
}

export async function markAlertRead(id: string): Promise<Alert> {
  const response = await apiClient.post<unknown>(`/alerts/${encodeURIComponent(id)}/read`);
  return alertSchema.parse(response.data);
}

export async function markAllAlertsRead(): Promise<number> {
  const response = await apiClient.post<unknown>('/alerts/read-all');
  return alertReadAllResultSchema.parse(response.data).unreadCount;
}

/** After marking, the list and the badge refetch. */
export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAlertRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}

export function useMarkAllAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllAlertsRead,
    onSuccess: (count) => {
      queryClient.setQueryData(alertsUnreadKey, count);
      return queryClient.invalidateQueries({ queryKey: alertsListKey });
    },
  });
}
