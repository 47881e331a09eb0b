import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inboxItemSchema } from '@service-portal/shared/communications';
import type { InboxItem } from '@service-portal/shared/communications';
import { apiClient } from '../../../lib/api-client.ts';
import { communicationsKey } from './keys.ts';

/** Marks any of the partner's messages read, filed under an order or not (spec §4: readAt = now). */
export async function markRead(id: string): Promise<InboxItem> {
  const response = await apiClient.post<unknown>(`/communications/${encodeURIComponent(id)}/read`);
  return inboxItemSchema.parse(response.data);
}

/** After marking, the badge and any conversation showing the message refetch. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationsKey }),
  });
}
