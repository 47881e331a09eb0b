import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** DELETE /warehouse-locations/:id — 409 when orders reference it. */
export async function deleteWarehouseLocation(id: string): Promise<void> {
  await apiClient.delete(`/warehouse-locations/${id}`);
}

export function useDeleteWarehouseLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWarehouseLocation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['warehouse-locations'] }),
  });
}
