import { useQuery } from '@tanstack/react-query';
import { shopOrderPreviewSchema } from '@service-portal/shared/shop-orders';
import type { ShopOrderPreview } from '@service-portal/shared/shop-orders';
import { apiClient } from '../../../lib/api-client.ts';
import { shopOrdersKey } from './list-shop-orders.ts';

/** GET /service-orders/{id}/create-shopify-order/preview: what ordering would send; sends nothing. */
export async function previewShopOrder(
  serviceOrderId: string,
  signal?: AbortSignal,
): Promise<ShopOrderPreview> {
  const response = await apiClient.get<unknown>(
    `/service-orders/${serviceOrderId}/create-shopify-order/preview`,
    {
      signal,
    },
  );
  return shopOrderPreviewSchema.parse(response.data);
}

/** Read each time the confirmation opens, so it shows the parts as they are now. */
export function useShopOrderPreview(serviceOrderId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...shopOrdersKey, 'preview', serviceOrderId] as const,
    queryFn: ({ signal }) => previewShopOrder(serviceOrderId, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
