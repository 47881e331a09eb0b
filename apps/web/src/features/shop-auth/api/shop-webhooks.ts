import { queryOptions, useQuery } from '@tanstack/react-query';
import { shopWebhooksStatusSchema } from '@service-portal/shared/shop-webhooks';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /admin/shop/webhooks (global administrators): asked of the shop on every load. */
export async function getShopWebhooks(signal?: AbortSignal) {
  const response = await apiClient.get<unknown>('/admin/shop/webhooks', { signal });
  return shopWebhooksStatusSchema.parse(response.data);
}

export function shopWebhooksQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'shop-webhooks'] as const,
    queryFn: ({ signal }) => getShopWebhooks(signal),
  });
}

export function useShopWebhooks() {
  return useQuery(shopWebhooksQueryOptions());
}
