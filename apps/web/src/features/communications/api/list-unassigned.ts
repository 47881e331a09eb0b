import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unassignedListSchema } from '@service-portal/shared/communications';
import type { InboxItem } from '@service-portal/shared/communications';
import { apiClient } from '../../../lib/api-client.ts';
import { unassignedKey } from './keys.ts';

export interface UnassignedPage {
  items: InboxItem[];
  total: number;
  page: number;
  pageSize: number;
}

export async function listUnassigned(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<UnassignedPage> {
  const response = await apiClient.get<unknown>('/communications/unassigned', {
    params: { page: String(page), pageSize: String(pageSize) },
    signal,
  });
  return unassignedListSchema.parse(response.data);
}

export function unassignedQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...unassignedKey, page, pageSize] as const,
    queryFn: ({ signal }) => listUnassigned(page, pageSize, signal),
  });
}

export function useUnassigned(page: number, pageSize: number, enabled = true) {
  return useQuery({ ...unassignedQueryOptions(page, pageSize), placeholderData: keepPreviousData, enabled });
}
