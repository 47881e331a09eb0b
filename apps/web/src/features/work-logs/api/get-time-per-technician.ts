import { queryOptions, useQuery } from '@tanstack/react-query';
import { technicianTimeListSchema } from '@service-portal/shared/work-logs';
import type { TechnicianTime } from '@service-portal/shared/work-logs';
import { apiClient } from '../../../lib/api-client.ts';

/** Worked time per technician, billable and not: of one order, or of one technician over all orders. */
export type TimeSubject = { orderId: string } | { technicianId: string };

const pathOf = (subject: TimeSubject) =>
  'orderId' in subject
    ? `/service-orders/${encodeURIComponent(subject.orderId)}/time-per-technician`
    : `/technicians/${encodeURIComponent(subject.technicianId)}/work-time`;

export async function getTimePerTechnician(
  subject: TimeSubject,
  signal?: AbortSignal,
): Promise<TechnicianTime[]> {
  const response = await apiClient.get<unknown>(pathOf(subject), { signal });
  return technicianTimeListSchema.parse(response.data).items;
}

export const timePerTechnicianKey = ['time-per-technician'] as const;

export function timePerTechnicianQueryOptions(subject: TimeSubject) {
  return queryOptions({
    queryKey: [...timePerTechnicianKey, subject] as const,
    queryFn: ({ signal }) => getTimePerTechnician(subject, signal),
    staleTime: 0,
  });
}

export function useTimePerTechnician(subject: TimeSubject) {
  return useQuery(timePerTechnicianQueryOptions(subject));
}
