import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rentalCalendarSchema } from '@service-portal/shared/rentals-overview';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

/** GET /rentals/calendar: every unit's rentals and bookings between two days. */
export async function getRentalCalendar(from: string, to: string, signal?: AbortSignal) {
  const response = await apiClient.get<unknown>('/rentals/calendar', { params: { from, to }, signal });
  return rentalCalendarSchema.parse(response.data);
}

export function rentalCalendarQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: [...RENTALS_KEY, 'calendar', from, to] as const,
    queryFn: ({ signal }) => getRentalCalendar(from, to, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRentalCalendar(from: string, to: string) {
  return useQuery(rentalCalendarQueryOptions(from, to));
}
