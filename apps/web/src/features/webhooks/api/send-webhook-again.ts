import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookQueuedSchema } from '@service-portal/shared/webhooks';
import { apiClient } from '../../../lib/api-client.ts';
import { webhookAttemptsKey } from './list-webhook-attempts.ts';

/** POST /webhooks/:id/deliveries/:deliveryId/send-again: one more attempt, same webhook-id. */
export async function sendWebhookAgain(endpointId: string, deliveryId: string) {
  const response = await apiClient.post<unknown>(
    `/webhooks/${endpointId}/deliveries/${deliveryId}/send-again`,
  );
  return webhookQueuedSchema.parse(response.data);
}

export function useSendWebhookAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      sendWebhookAgain(endpointId, deliveryId),
    onSettled: (_data, _error, { endpointId }) =>
      queryClient.invalidateQueries({ queryKey: webhookAttemptsKey(endpointId) }),
  });
}
