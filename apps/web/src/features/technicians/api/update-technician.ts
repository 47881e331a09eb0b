import { useMutation, useQueryClient } from '@tanstack/react-query';
import { technicianSchema } from '@service-portal/shared/technicians';
import type { Technician, TechnicianInput } from '@service-portal/shared/technicians';
import { apiClient } from '../../../lib/api-client.ts';
import { technicianQueryOptions } from './get-technician.ts';
import { technicianListsKey } from './list-technicians.ts';

/**
 * PUT /technicians/:id (Administrator or ServiceManager) with the version last read: 409
 * version_conflict when someone saved in between, 409 conflict when the e-mail is taken.
 */
export async function updateTechnician(input: {
  id: string;
  version: number;
  fields: TechnicianInput;
}): Promise<Technician> {
  const response = await apiClient.put<unknown>(`/technicians/${input.id}`, {
    ...input.fields,
    version: input.version,
  });
  return technicianSchema.parse(response.data);
}

export function useUpdateTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTechnician,
    // Only a success refreshes: after a conflict the form keeps what was typed until the user
    // chooses to load the newer version.
    onSuccess: async (technician) => {
      queryClient.setQueryData(technicianQueryOptions(technician.id).queryKey, technician);
      // Working hours are saved with the technician's version: read it again.
      void queryClient.invalidateQueries({ queryKey: ['technicians', 'working-hours', technician.id] });
      await queryClient.invalidateQueries({ queryKey: technicianListsKey });
    },
  });
}
