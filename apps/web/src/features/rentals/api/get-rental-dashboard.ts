import { queryOptions, useQuery } from '@tanstack/react-query';
import { rentalDashboardSchema } from '@service-portal/shared/rentals-overview';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

/** GET /rentals/dashboard: the figures, the overdue list and the partner's today. */
export async function getRentalDashboard(signal?: AbortSignal) {
  return rentalDashboardSchema.parse((await apiClient.get<unknown>('/rentals/dashboard', { signal })).data);
}

export function rentalDashboardQueryOptions() {
  return queryOptions({
    queryKey: [...RENTALS_KEY, 'dashboard'] as const,
    queryFn: ({ signal }) => getRentalDashboard(signal),
  });
}

export function useRentalDashboard() {
  return useQuery(rentalDashboardQueryOptions());
}
