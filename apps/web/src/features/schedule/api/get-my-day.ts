import { queryOptions, useQuery } from '@tanstack/react-query';
import { myDaySchema } from '@service-portal/shared/schedule';
import type { MyDay } from '@service-portal/shared/schedule';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * GET /my-day?date=…: the signed-in technician's orders of a day, in start order. 404
 * `no_technician_record` when the user is none of the partner's technicians.
 */
export async function getMyDay(date: string, signal?: AbortSignal): Promise<MyDay> {
  const response = await apiClient.get<unknown>('/my-day', { params: { date }, signal });
  return myDaySchema.parse(response.data);
}

export const myDayKey = ['my-day', 'day'] as const;

export function myDayQueryOptions(date: string) {
  return queryOptions({
    queryKey: [...myDayKey, date] as const,
    queryFn: ({ signal }) => getMyDay(date, signal),
    // A dispatcher may move the technician's orders: refresh when the phone comes back to the app.
    refetchOnWindowFocus: true,
    staleTime: 60_000,
  });
}

export function useMyDay(date: string) {
  return useQuery(myDayQueryOptions(date));
}
