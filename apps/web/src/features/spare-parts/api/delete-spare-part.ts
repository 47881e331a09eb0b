import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** DELETE /service-orders/:id/spare-parts/:partId — lines are removed on their order. */
export async function deleteSparePart(input: { orderId: string; partId: string }): Promise<void> {
  await apiClient.delete(`/service-orders/${input.orderId}/spare-parts/${input.partId}`);
}

export function useDeleteSparePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSparePart,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['spare-parts'] });
      await queryClient.invalidateQueries({ queryKey: ['service-orders'] });
    },
  });
}
