import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  sparePartWorklistResponseSchema,
  sparePartWorklistSummarySchema,
} from '@service-portal/shared/spare-parts';
import type { SparePartWorklistItem, SparePartWorklistSummary } from '@service-portal/shared/spare-parts';
import { apiClient } from '../../../lib/api-client.ts';

export interface SparePartFilters {
  supplier?: string;
  search?: string;
  status?: string;
}

export interface SparePartPage {
  items: SparePartWorklistItem[];
  total: number;
  page: number;
  pageSize: number;
}

function toQuery(filters: SparePartFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.supplier) query.supplier = filters.supplier;
  if (filters.search) query.search = filters.search;
  if (filters.status) query.status = filters.status;
  return query;
}

/** GET /spare-parts: the spare-part lines of the partner's open orders. */
export async function listSpareParts(
  params: SparePartFilters & { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<SparePartPage> {
  const response = await apiClient.get<unknown>('/spare-parts', {
    params: { ...toQuery(params), page: String(params.page), pageSize: String(params.pageSize) },
    signal,
  });
  return sparePartWorklistResponseSchema.parse(response.data);
}

export function useSpareParts(params: SparePartFilters & { page: number; pageSize: number }) {
  return useQuery(
    queryOptions({
      queryKey: ['spare-parts', 'list', params] as const,
      queryFn: ({ signal }) => listSpareParts(params, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /spare-parts/summary: totals per currency of the filtered lines, and the suppliers. */
export async function getSparePartSummary(
  filters: SparePartFilters,
  signal?: AbortSignal,
): Promise<SparePartWorklistSummary> {
  const response = await apiClient.get<unknown>('/spare-parts/summary', { params: toQuery(filters), signal });
  return sparePartWorklistSummarySchema.parse(response.data);
}

export function useSparePartSummary(filters: SparePartFilters) {
  return useQuery(
    queryOptions({
      queryKey: ['spare-parts', 'summary', filters] as const,
      queryFn: ({ signal }) => getSparePartSummary(filters, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
