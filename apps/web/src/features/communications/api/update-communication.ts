import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communicationSchema } from '@service-portal/shared/communications';
import type { Communication, CommunicationUpdateInput } from '@service-portal/shared/communications';
import { apiClient } from '../../../lib/api-client.ts';
import { communicationsKey } from './keys.ts';
import { orderCommunicationsUrl } from './list-communications.ts';

export interface UpdateCommunicationInput {
  orderId: string;
  id: string;
  body: CommunicationUpdateInput;
}

/** Spec §2 "log, edit and send": changes the fields sent; `version` must be the one last read. */
export async function updateCommunication({
  orderId,
  id,
  body,
}: UpdateCommunicationInput): Promise<Communication> {
  const response = await apiClient.put<unknown>(
    `${orderCommunicationsUrl(orderId)}/${encodeURIComponent(id)}`,
    body,
  );
  return communicationSchema.parse(response.data);
}

export function useUpdateCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCommunication,
    // The unread badge and the inbox show the same rows.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communicationsKey }),
  });
}
