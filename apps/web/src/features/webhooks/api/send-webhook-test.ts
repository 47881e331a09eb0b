import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookQueuedSchema } from '@service-portal/shared/webhooks';
import { apiClient } from '../../../lib/api-client.ts';
import { webhookAttemptsKey } from './list-webhook-attempts.ts';

/** POST /webhooks/:id/test: a `webhook.test` event to this endpoint now. */
export async function sendWebhookTest(id: string) {
  const response = await apiClient.post<unknown>(`/webhooks/${id}/test`);
  return webhookQueuedSchema.parse(response.data);
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: webhookAttemptsKey(id) }),
  });
}
