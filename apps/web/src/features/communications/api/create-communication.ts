import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communicationSchema } from '@service-portal/shared/communications';
import type { Communication, CommunicationCreateInput } from '@service-portal/shared/communications';
import { apiClient } from '../../../lib/api-client.ts';
import { orderCommunicationsKey } from './keys.ts';
import { orderCommunicationsUrl } from './list-communications.ts';

export interface CreateCommunicationInput {
  orderId: string;
  body: CommunicationCreateInput;
}

export async function createCommunication({
  orderId,
  body,
}: CreateCommunicationInput): Promise<Communication> {
  const response = await apiClient.post<unknown>(orderCommunicationsUrl(orderId), body);
  return communicationSchema.parse(response.data);
}

export function useCreateCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCommunication,
    onSuccess: (_created, { orderId }) =>
      queryClient.invalidateQueries({ queryKey: orderCommunicationsKey(orderId) }),
  });
}
