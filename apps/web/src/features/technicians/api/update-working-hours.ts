import { useMutation, useQueryClient } from '@tanstack/react-query';
import { technicianWorkingHoursSchema } from '@service-portal/shared/technicians';
import type { TechnicianWorkingHours, WorkingHours } from '@service-portal/shared/technicians';
import { apiClient } from '../../../lib/api-client.ts';
import { workingHoursQueryOptions } from './get-working-hours.ts';

/** PUT /technicians/:id/working-hours with the technician's version (409 version_conflict when stale). */
export async function updateWorkingHours(input: {
  id: string;
  workingHours: WorkingHours;
  version: number;
}): Promise<TechnicianWorkingHours> {
  const response = await apiClient.put<unknown>(`/technicians/${input.id}/working-hours`, {
    workingHours: input.workingHours,
    version: input.version,
  });
  return technicianWorkingHoursSchema.parse(response.data);
}

export function useUpdateWorkingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkingHours,
    onSuccess: async (saved) => {
      queryClient.setQueryData(workingHoursQueryOptions(saved.technicianId).queryKey, saved);
      // The technician's version moved: the detail (and its edit form) read it again.
      await queryClient.invalidateQueries({ queryKey: ['technicians', 'detail', saved.technicianId] });
    },
  });
}
