import { queryOptions, useQuery } from '@tanstack/react-query';
import { technicianWorkingHoursSchema } from '@service-portal/shared/technicians';
import type { TechnicianWorkingHours } from '@service-portal/shared/technicians';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /technicians/:id/working-hours: Monday..Sunday, null on a weekday off; the technician's version. */
export async function getWorkingHours(id: string, signal?: AbortSignal): Promise<TechnicianWorkingHours> {
  const response = await apiClient.get<unknown>(`/technicians/${id}/working-hours`, { signal });
  return technicianWorkingHoursSchema.parse(response.data);
}

export function workingHoursQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['technicians', 'working-hours', id] as const,
    queryFn: ({ signal }) => getWorkingHours(id, signal),
  });
}

export function useWorkingHours(id: string) {
  return useQuery(workingHoursQueryOptions(id));
}
