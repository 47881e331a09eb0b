import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inboxItemSchema } from '@service-portal/shared/communications';
import type { InboxItem } from '@service-portal/shared/communications';
import { apiClient } from '../../../lib/api-client.ts';
import { communicationsKey } from './keys.ts';

export interface AssignCommunicationInput {
  id: string;
  serviceOrderId: string;
}

/** Files an inbound message from the unassigned inbox under one of the partner's orders. */
export async function assignCommunication({
  id,
  serviceOrderId,
}: AssignCommunicationInput): Promise<InboxItem> {
  const response = await apiClient.post<unknown>(`/communications/${encodeURIComponent(id)}/assign`, {
    serviceOrderId,
  });
  return inboxItemSchema.parse(response.data);
}

export function useAssignCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignCommunication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationsKey }),
  });
}
