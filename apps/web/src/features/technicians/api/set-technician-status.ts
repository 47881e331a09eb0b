import { useMutation, useQueryClient } from '@tanstack/react-query';
import { technicianSchema } from '@service-portal/shared/technicians';
import type { Technician } from '@service-portal/shared/technicians';
import { apiClient } from '../../../lib/api-client.ts';

/** PATCH /technicians/:id/status with the version last read. */
export async function setTechnicianStatus(input: {
  id: string;
  isActive: boolean;
  version: number;
}): Promise<Technician> {
  const response = await apiClient.patch<unknown>(`/technicians/${input.id}/status`, {
    isActive: input.isActive,
    version: input.version,
  });
  return technicianSchema.parse(response.data);
}

export function useSetTechnicianStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTechnicianStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['technicians'] }),
  });
}
