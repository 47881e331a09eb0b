import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointSchema } from '@service-portal/shared/webhooks';
import type { WebhookEndpoint, WebhookEndpointUpdate } from '@service-portal/shared/webhooks';
import { apiClient } from '../../../lib/api-client.ts';
import { webhooksKey } from './list-webhooks.ts';

/** PUT /webhooks/:id: URL, events, description, enabled. */
export async function updateWebhook(id: string, input: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
  const response = await apiClient.put<unknown>(`/webhooks/${id}`, input);
  return webhookEndpointSchema.parse(response.data);
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: WebhookEndpointUpdate }) => updateWebhook(id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
