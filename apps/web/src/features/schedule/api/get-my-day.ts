import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { myDaySchema } from '@service-portal/shared/schedule';
import type { MyDay, MyDayOrder } from '@service-portal/shared/schedule';
import { apiClient, isApiError } from '../../../lib/api-client.ts';
import { readOne, writeOne } from '../../../lib/phone-db.ts';

/**
 * GET /my-day?date=…: the signed-in technician's orders of a day, in start order. 404
 * `no_technician_record` when the user is none of the partner's technicians.
 */
export async function getMyDay(date: string, signal?: AbortSignal): Promise<MyDay> {
  const response = await apiClient.get<unknown>('/my-day', { params: { date }, signal });
  return myDaySchema.parse(response.data);
}

/**
 * The day, kept on the phone (issue 28 §2): every answer is written to IndexedDB, and with no
 * network the last kept copy of that day is shown. Only the technician's own day is kept.
 */
export async function getMyDayKept(date: string, signal?: AbortSignal): Promise<MyDay> {
  try {
    const day = await getMyDay(date, signal);
    if (typeof indexedDB !== 'undefined') {
      void writeOne('day', { id: date, day }).catch(() => undefined);
    }
    return day;
  } catch (error) {
    const noAnswer = isApiError(error) && (error.code === 'network' || error.code === 'timeout');
    if (!noAnswer || typeof indexedDB === 'undefined') throw error;
    const kept = await readOne<{ id: string; day: unknown }>('day', date).catch(() => undefined);
    if (kept === undefined) throw error;
    return myDaySchema.parse(kept.day);
  }
}

export const myDayKey = ['my-day', 'day'] as const;

export function myDayQueryOptions(date: string) {
  return queryOptions({
    queryKey: [...myDayKey, date] as const,
    queryFn: ({ signal }) => getMyDayKept(date, signal),
    networkMode: 'always',
    // A dispatcher may move the technician's orders: refresh when the phone comes back to the app.
    refetchOnWindowFocus: true,
    staleTime: 60_000,
  });
}

export function useMyDay(date: string) {
  return useQuery(myDayQueryOptions(date));
}

/**
 * A change the technician made on the phone, shown at once and kept with the day (issue 28): every
 * cached day holding the order gets the new fields, in memory and in IndexedDB, so the day reads
 * right after closing and reopening the page with no network. The server's answer replaces it.
 */
export async function patchKeptOrder(
  queryClient: QueryClient,
  orderId: string,
  patch: Partial<MyDayOrder>,
): Promise<void> {
  const writes: Promise<void>[] = [];
  for (const [key, day] of queryClient.getQueriesData<MyDay>({ queryKey: myDayKey })) {
    if (day === undefined || !day.orders.some((o) => o.id === orderId)) continue;
    const next: MyDay = {
      ...day,
      orders: day.orders.map((o) => (o.id === orderId ? { ...o, ...patch } : o)),
    };
    queryClient.setQueryData(key, next);
    const date = key[key.length - 1];
    if (typeof date === 'string' && typeof indexedDB !== 'undefined') {
      writes.push(writeOne('day', { id: date, day: next }).catch(() => undefined));
    }
  }
  await Promise.all(writes);
}
