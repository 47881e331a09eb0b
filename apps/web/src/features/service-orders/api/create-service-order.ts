import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceOrderSchema } from '@service-portal/shared/service-orders';
import type { ServiceOrder, ServiceOrderCreateInput } from '@service-portal/shared/service-orders';
import { apiClient } from '../../../lib/api-client.ts';
import { serviceOrderQueryOptions } from './get-service-order.ts';
import { serviceOrderListsKey } from './list-service-orders.ts';

export async function createServiceOrder(body: ServiceOrderCreateInput): Promise<ServiceOrder> {
  const response = await apiClient.post<unknown>('/service-orders', body);
  return serviceOrderSchema.parse(response.data);
}

export function useCreateServiceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(serviceOrderQueryOptions(order.id).queryKey, order);
      return queryClient.invalidateQueries({ queryKey: serviceOrderListsKey });
    },
  });
}
