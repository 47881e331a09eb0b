import { queryOptions, useQuery } from '@tanstack/react-query';
import { serialHistorySchema } from '@service-portal/shared/serial-history';
import type { SerialHistory } from '@service-portal/shared/serial-history';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /serial-history/:serial */
export async function getSerialHistory(serial: string, signal?: AbortSignal): Promise<SerialHistory> {
  const response = await apiClient.get<unknown>(`/serial-history/${encodeURIComponent(serial)}`, { signal });
  return serialHistorySchema.parse(response.data);
}

export function serialHistoryQueryOptions(serial: string) {
  return queryOptions({
    queryKey: ['serial-history', serial] as const,
    queryFn: ({ signal }) => getSerialHistory(serial, signal),
    enabled: serial.trim().length > 0,
  });
}

export function useSerialHistory(serial: string) {
  return useQuery(serialHistoryQueryOptions(serial));
}
