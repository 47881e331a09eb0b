import { useMutation, useQueryClient } from '@tanstack/react-query';
import { warehouseLocationSchema } from '@service-portal/shared/warehouse-locations';
import type { WarehouseLocation } from '@service-portal/shared/warehouse-locations';
import { apiClient } from '../../../lib/api-client.ts';

export interface WarehouseLocationDraft {
  name: string;
  description: string;
  isActive: boolean;
}

/** POST /warehouse-locations (no `id`) or PUT /warehouse-locations/:id with the version last read. */
export async function saveWarehouseLocation(input: {
  id?: string;
  version?: number;
  draft: WarehouseLocationDraft;
}): Promise<WarehouseLocation> {
  const response =
    input.id === undefined
      ? await apiClient.post<unknown>('/warehouse-locations', input.draft)
      : await apiClient.put<unknown>(`/warehouse-locations/${input.id}`, {
          ...input.draft,
          version: input.version,
        });
  return warehouseLocationSchema.parse(response.data);
}

export function useSaveWarehouseLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWarehouseLocation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['warehouse-locations'] }),
  });
}
