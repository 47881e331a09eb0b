import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkResultSchema } from '@service-portal/shared/service-orders';
import type { ServiceOrderStatus } from '@service-portal/shared/service-orders';
import { apiClient } from '../../../lib/api-client.ts';
import { serviceOrderDetailsKey } from './get-service-order.ts';
import { serviceOrderListsKey } from './list-service-orders.ts';

export interface BulkUpdateStatusInput {
  orderIds: string[];
  status: ServiceOrderStatus;
  completionNotes?: string;
}

/** All or nothing: the server refuses the whole batch (409 `invalid_transition`) if one change is illegal. */
export async function bulkUpdateStatus(body: BulkUpdateStatusInput): Promise<{ updated: number }> {
  const response = await apiClient.post<unknown>('/service-orders/bulk-update-status', body);
  return bulkResultSchema.parse(response.data);
}

export function useBulkUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceOrderListsKey }),
        queryClient.invalidateQueries({ queryKey: serviceOrderDetailsKey }),
      ]),
  });
}
