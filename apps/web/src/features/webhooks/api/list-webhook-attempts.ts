import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookAttemptListResponseSchema } from '@service-portal/shared/webhooks';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /webhooks/:id/attempts: the endpoint's delivery log, newest first. */
export async function listWebhookAttempts(id: string, signal?: AbortSignal) {
  const response = await apiClient.get<unknown>(`/webhooks/${id}/attempts`, { signal });
  return webhookAttemptListResponseSchema.parse(response.data).items;
}

export const webhookAttemptsKey = (id: string) => ['webhooks', id, 'attempts'] as const;

export function webhookAttemptsQueryOptions(id: string) {
  return queryOptions({
    queryKey: webhookAttemptsKey(id),
    queryFn: ({ signal }) => listWebhookAttempts(id, signal),
  });
}

export function useWebhookAttempts(id: string) {
  return useQuery(webhookAttemptsQueryOptions(id));
}
