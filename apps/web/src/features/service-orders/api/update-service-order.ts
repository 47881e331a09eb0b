import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceOrderSchema } from '@service-portal/shared/service-orders';
import type { ServiceOrder, ServiceOrderUpdateInput } from '@service-portal/shared/service-orders';
import { apiClient } from '../../../lib/api-client.ts';
import { serviceOrderQueryOptions } from './get-service-order.ts';
import { serviceOrderListsKey } from './list-service-orders.ts';

export interface UpdateServiceOrderInput {
  id: string;
  /** The fields that changed, plus the `version` last read (409 `version_conflict` when stale). */
  body: ServiceOrderUpdateInput;
}

export async function updateServiceOrder({ id, body }: UpdateServiceOrderInput): Promise<ServiceOrder> {
  const response = await apiClient.put<unknown>(`/service-orders/${encodeURIComponent(id)}`, body);
  return serviceOrderSchema.parse(response.data);
}

export function useUpdateServiceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(serviceOrderQueryOptions(order.id).queryKey, order);
      // Not awaited: the editor goes on with the saved copy while lists refresh in the background.
      void queryClient.invalidateQueries({ queryKey: serviceOrderListsKey });
    },
  });
}
