import { useQuery } from '@tanstack/react-query';
import { alertUnreadCountSchema } from '@service-portal/shared/alert-count';
import { apiClient } from '../../../lib/api-client.ts';
import { alertsUnreadKey } from './keys.ts';

// The badge's query alone: the top bar loads it in every signed-in screen; the list and the
// writes (alerts.ts) come with the popover on the first click.

/** The badge: as fresh as the unread messages beside it (spec §7: stale after 30 s, refetched on focus). */
export const ALERTS_STALE_MS = 30_000;

export async function getAlertUnreadCount(signal?: AbortSignal): Promise<number> {
  const response = await apiClient.get<unknown>('/alerts/unread-count', { signal });
  return alertUnreadCountSchema.parse(response.data).count;
}

export function useAlertUnreadCount(enabled = true) {
  return useQuery({
    queryKey: alertsUnreadKey,
    queryFn: ({ signal }) => getAlertUnreadCount(signal),
    staleTime: ALERTS_STALE_MS,
    refetchOnWindowFocus: true,
    enabled,
  });
}
