import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkResultSchema } from '@service-portal/shared/service-orders';
import { apiClient } from '../../../lib/api-client.ts';
import { serviceOrderDetailsKey } from './get-service-order.ts';
import { serviceOrderListsKey } from './list-service-orders.ts';

export interface BulkAssignTechnicianInput {
  orderIds: string[];
  /** null unassigns. */
  technicianId: string | null;
}

export async function bulkAssignTechnician(body: BulkAssignTechnicianInput): Promise<{ updated: number }> {
  const response = await apiClient.post<unknown>('/service-orders/bulk-assign-technician', body);
  return bulkResultSchema.parse(response.data);
}

export function useBulkAssignTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkAssignTechnician,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceOrderListsKey }),
        queryClient.invalidateQueries({ queryKey: serviceOrderDetailsKey }),
      ]),
  });
}
