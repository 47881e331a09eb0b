import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointSchema } from '@service-portal/shared/webhooks';
import type { WebhookEndpoint } from '@service-portal/shared/webhooks';
import { apiClient } from '../../../lib/api-client.ts';
import { webhooksKey } from './list-webhooks.ts';

/** POST /webhooks/:id/rotate-secret: the old secret keeps signing for 24 hours. */
export async function rotateWebhookSecret(id: string): Promise<WebhookEndpoint> {
  const response = await apiClient.post<unknown>(`/webhooks/${id}/rotate-secret`);
  return webhookEndpointSchema.parse(response.data);
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
