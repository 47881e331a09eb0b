import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { workLogSchema } from '@service-portal/shared/work-logs';
import type { WorkLog } from '@service-portal/shared/work-logs';
import { apiClient } from '../../../lib/api-client.ts';

export async function listWorkLogs(orderId: string, signal?: AbortSignal): Promise<WorkLog[]> {
  const response = await apiClient.get<unknown>(`/service-orders/${encodeURIComponent(orderId)}/work-logs`, {
    signal,
  });
  return z.array(workLogSchema).parse(response.data);
}

export const workLogsKey = ['work-logs'] as const;

export function workLogsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: [...workLogsKey, orderId] as const,
    queryFn: ({ signal }) => listWorkLogs(orderId, signal),
    // The timer is server state: a technician who started it on another device sees it on return.
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}

export function useWorkLogs(orderId: string) {
  return useQuery(workLogsQueryOptions(orderId));
}
