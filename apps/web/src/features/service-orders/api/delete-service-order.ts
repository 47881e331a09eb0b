import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { serviceOrderQueryOptions } from './get-service-order.ts';
import { serviceOrderListsKey } from './list-service-orders.ts';

export async function deleteServiceOrder(id: string): Promise<void> {
  await apiClient.delete(`/service-orders/${encodeURIComponent(id)}`);
}

/** Administrators and ServiceManagers only; the server enforces it too. */
export function useDeleteServiceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteServiceOrder,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: serviceOrderQueryOptions(id).queryKey, exact: true });
      return queryClient.invalidateQueries({ queryKey: serviceOrderListsKey });
    },
  });
}
