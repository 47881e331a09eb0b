import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEndpointListResponseSchema } from '@service-portal/shared/webhooks';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /webhooks: every endpoint of the partner (at most 20, one answer). */
export async function listWebhooks(signal?: AbortSignal) {
  const response = await apiClient.get<unknown>('/webhooks', { signal });
  const { items } = webhookEndpointListResponseSchema.parse(response.data);
  // The list component pages; the endpoints all come in one answer.
  return { items, total: items.length, page: 1, pageSize: Math.max(items.length, 1) };
}

export const webhooksKey = ['webhooks'] as const;

export function webhooksQueryOptions() {
  return queryOptions({ queryKey: webhooksKey, queryFn: ({ signal }) => listWebhooks(signal) });
}

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
