import { useMutation, useQueryClient } from '@tanstack/react-query';
import { technicianSchema } from '@service-portal/shared/technicians';
import type { Technician, TechnicianInput } from '@service-portal/shared/technicians';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /technicians (Administrator or ServiceManager); 409 when the e-mail is taken. */
export async function createTechnician(input: TechnicianInput): Promise<Technician> {
  const response = await apiClient.post<unknown>('/technicians', input);
  return technicianSchema.parse(response.data);
}

export function useCreateTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTechnician,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['technicians'] }),
  });
}
