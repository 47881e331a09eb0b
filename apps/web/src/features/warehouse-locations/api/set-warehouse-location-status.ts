import { useMutation, useQueryClient } from '@tanstack/react-query';
import { warehouseLocationSchema } from '@service-portal/shared/warehouse-locations';
import type { WarehouseLocation } from '@service-portal/shared/warehouse-locations';
import { apiClient } from '../../../lib/api-client.ts';

/** PATCH /warehouse-locations/:id/status */
export async function setWarehouseLocationStatus(input: {
  id: string;
  isActive: boolean;
  version: number;
}): Promise<WarehouseLocation> {
  const response = await apiClient.patch<unknown>(`/warehouse-locations/${input.id}/status`, {
    isActive: input.isActive,
    version: input.version,
  });
  return warehouseLocationSchema.parse(response.data);
}

export function useSetWarehouseLocationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWarehouseLocationStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['warehouse-locations'] }),
  });
}
