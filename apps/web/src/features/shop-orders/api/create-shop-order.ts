import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopOrderSchema } from '@service-portal/shared/shop-orders';
import type { ShopOrder } from '@service-portal/shared/shop-orders';
import { apiClient } from '../../../lib/api-client.ts';
import { shopOrdersKey } from './list-shop-orders.ts';

/** POST /service-orders/{id}/create-shopify-order: idempotent, so a second click gets the same order. */
export async function createShopOrder(
  serviceOrderId: string,
): Promise<{ shopOrder: ShopOrder; created: boolean }> {
  const response = await apiClient.post<unknown>(`/service-orders/${serviceOrderId}/create-shopify-order`);
  return { shopOrder: shopOrderSchema.parse(response.data), created: response.status === 201 };
}

export function useCreateShopOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShopOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopOrdersKey }),
  });
}
