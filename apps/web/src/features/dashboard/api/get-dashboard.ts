import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema } from '@service-portal/shared/dashboard';
import type { Dashboard, DashboardPeriod } from '@service-portal/shared/dashboard';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /dashboard?period= */
export async function getDashboard(period: DashboardPeriod, signal?: AbortSignal): Promise<Dashboard> {
  const response = await apiClient.get<unknown>('/dashboard', { params: { period }, signal });
  return dashboardSchema.parse(response.data);
}

export function dashboardQueryOptions(period: DashboardPeriod) {
  return queryOptions({
    queryKey: ['dashboard', period] as const,
    queryFn: ({ signal }) => getDashboard(period, signal),
    // Figures move with every order: older than a minute is too old for the first screen.
    staleTime: 60_000,
  });
}

/** The previous period stays on screen (faded) while the next one loads. */
export function useDashboard(period: DashboardPeriod) {
  return useQuery({ ...dashboardQueryOptions(period), placeholderData: keepPreviousData });
}
