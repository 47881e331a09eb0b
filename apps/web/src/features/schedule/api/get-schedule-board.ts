import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { boardSchema } from '@service-portal/shared/schedule';
import type { Board } from '@service-portal/shared/schedule';
import { apiClient } from '../../../lib/api-client.ts';
import { scheduleBoardsKey } from './keys.ts';

export interface BoardRange {
  from: string;
  days: 1 | 7 | 14;
}

/** GET /schedule/board: technicians × days with capacity, and the orders scheduled in the range. */
export async function getScheduleBoard(range: BoardRange, signal?: AbortSignal): Promise<Board> {
  const response = await apiClient.get<unknown>('/schedule/board', {
    params: { from: range.from, days: range.days },
    signal,
  });
  return boardSchema.parse(response.data);
}

export function scheduleBoardQueryOptions(range: BoardRange) {
  return queryOptions({
    queryKey: [...scheduleBoardsKey, range.from, range.days] as const,
    queryFn: ({ signal }) => getScheduleBoard(range, signal),
    // The board is kept fresh by the change poll (get-schedule-changes.ts), not by age.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export function useScheduleBoard(range: BoardRange) {
  return useQuery(scheduleBoardQueryOptions(range));
}
