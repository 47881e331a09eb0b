import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unscheduledResponseSchema } from '@service-portal/shared/schedule';
import type { Priority, ServiceType } from '@service-portal/shared/service-orders';
import { apiClient } from '../../../lib/api-client.ts';
import { unscheduledListsKey } from './keys.ts';

export interface UnscheduledFilters {
  priority: Priority[];
  serviceType: ServiceType[];
  /** The start of the postcode ("03" finds 0301, 0355, …). */
  postcode: string;
  /** Only orders created at least this many days ago; null: any age. */
  minAgeDays: number | null;
  page: number;
  pageSize: number;
}

function params(filters: UnscheduledFilters): Record<string, string | number> {
  const query: Record<string, string | number> = { page: filters.page, pageSize: filters.pageSize };
  if (filters.priority.length > 0) query.priority = filters.priority.join(',');
  if (filters.serviceType.length > 0) query.serviceType = filters.serviceType.join(',');
  if (filters.postcode !== '') query.postcode = filters.postcode;
  if (filters.minAgeDays !== null) query.minAgeDays = filters.minAgeDays;
  return query;
}

/** GET /schedule/unscheduled: open orders without a day or technician, urgent and oldest first. */
export async function listUnscheduled(filters: UnscheduledFilters, signal?: AbortSignal) {
  const response = await apiClient.get<unknown>('/schedule/unscheduled', { params: params(filters), signal });
  return unscheduledResponseSchema.parse(response.data);
}

export function unscheduledQueryOptions(filters: UnscheduledFilters) {
  return queryOptions({
    queryKey: [...unscheduledListsKey, params(filters)] as const,
    queryFn: ({ signal }) => listUnscheduled(filters, signal),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export function useUnscheduled(filters: UnscheduledFilters) {
  return useQuery(unscheduledQueryOptions(filters));
}
