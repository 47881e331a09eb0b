import { queryOptions, useQuery } from '@tanstack/react-query';
import { technicianSchema, technicianStatsSchema } from '@service-portal/shared/technicians';
import type { Technician, TechnicianStats } from '@service-portal/shared/technicians';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /technicians/:id */
export async function getTechnician(id: string, signal?: AbortSignal): Promise<Technician> {
  const response = await apiClient.get<unknown>(`/technicians/${id}`, { signal });
  return technicianSchema.parse(response.data);
}

export function technicianQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['technicians', 'detail', id] as const,
    queryFn: ({ signal }) => getTechnician(id, signal),
  });
}

export function useTechnician(id: string) {
  return useQuery(technicianQueryOptions(id));
}

/** GET /technicians/:id/stats */
export async function getTechnicianStats(id: string, signal?: AbortSignal): Promise<TechnicianStats> {
  const response = await apiClient.get<unknown>(`/technicians/${id}/stats`, { signal });
  return technicianStatsSchema.parse(response.data);
}

export function useTechnicianStats(id: string) {
  return useQuery(
    queryOptions({
      queryKey: ['technicians', 'stats', id] as const,
      queryFn: ({ signal }) => getTechnicianStats(id, signal),
    }),
  );
}
