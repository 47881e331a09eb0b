import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointSchema } from '@service-portal/shared/webhooks';
import type { WebhookEndpoint, WebhookEndpointCreateInput } from '@service-portal/shared/webhooks';
import { apiClient } from '../../../lib/api-client.ts';
import { webhooksKey } from './list-webhooks.ts';

/** POST /webhooks: the address is checked (public, https) before it is stored. */
export async function createWebhook(input: WebhookEndpointCreateInput): Promise<WebhookEndpoint> {
  const response = await apiClient.post<unknown>('/webhooks', input);
  return webhookEndpointSchema.parse(response.data);
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
