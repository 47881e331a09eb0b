import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communicationSchema } from '@service-portal/shared/communications';
import type { Communication } from '@service-portal/shared/communications';
import { apiClient } from '../../../lib/api-client.ts';
import { orderCommunicationsKey } from './keys.ts';
import { orderCommunicationsUrl } from './list-communications.ts';

export interface RetryCommunicationInput {
  orderId: string;
  id: string;
}

/** Sends a failed e-mail or SMS again; the server answers 202 with it sending. */
export async function retryCommunication({ orderId, id }: RetryCommunicationInput): Promise<Communication> {
  const response = await apiClient.post<unknown>(
    `${orderCommunicationsUrl(orderId)}/${encodeURIComponent(id)}/retry`,
  );
  return communicationSchema.parse(response.data);
}

export function useRetryCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryCommunication,
    onSuccess: (_sending, { orderId }) =>
      queryClient.invalidateQueries({ queryKey: orderCommunicationsKey(orderId) }),
  });
}
