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

/** Takes back the caller's own bulk move of these orders to `status` (a few minutes, all or nothing). */
export async function bulkUndoStatus(body: {
  orderIds: string[];
  status: ServiceOrderStatus;
}): Promise<{ updated: number }> {
  const response = await apiClient.post<unknown>('/service-orders/bulk-undo-status', body);
  return bulkResultSchema.parse(response.data);
}

/**
 * The undo as a plain function: its "Undo" sits in a notice that outlives the bulk bar (the
 * selection is cleared), so it cannot hang on a mutation of an unmounted component.
 */
export function useBulkUndoStatus() {
  const queryClient = useQueryClient();
  return async (body: { orderIds: string[]; status: ServiceOrderStatus }) => {
    try {
      return await bulkUndoStatus(body);
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceOrderListsKey }),
        queryClient.invalidateQueries({ queryKey: serviceOrderDetailsKey }),
      ]);
    }
  };
}
