import { queryOptions, useQuery } from '@tanstack/react-query';
import { dayOffListResponseSchema } from '@service-portal/shared/technicians';
import type { DayOff } from '@service-portal/shared/technicians';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /technicians/:id/days-off: from today (the partner's) on. */
export async function listDaysOff(id: string, signal?: AbortSignal): Promise<DayOff[]> {
  const response = await apiClient.get<unknown>(`/technicians/${id}/days-off`, { signal });
  return dayOffListResponseSchema.parse(response.data).items;
}

export const daysOffKey = (id: string) => ['technicians', 'days-off', id] as const;

export function daysOffQueryOptions(id: string) {
  return queryOptions({ queryKey: daysOffKey(id), queryFn: ({ signal }) => listDaysOff(id, signal) });
}

export function useDaysOff(id: string) {
  return useQuery(daysOffQueryOptions(id));
}
