import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { technicianListResponseSchema } from '@service-portal/shared/technicians';
import type { Technician } from '@service-portal/shared/technicians';
import { apiClient } from '../../../lib/api-client.ts';

export interface TechnicianListParams {
  page?: number;
  pageSize?: number;
  search?: string;
  isActive?: boolean;
}

export interface TechnicianListPage {
  items: Technician[];
  total: number;
  page: number;
  pageSize: number;
}

export async function listTechnicians(
  params: TechnicianListParams,
  signal?: AbortSignal,
): Promise<TechnicianListPage> {
  const query: Record<string, string> = {};
  if (params.page !== undefined) query.page = String(params.page);
  if (params.pageSize !== undefined) query.pageSize = String(params.pageSize);
  if (params.search) query.search = params.search;
  if (params.isActive !== undefined) query.isActive = String(params.isActive);
  const response = await apiClient.get<unknown>('/technicians', { params: query, signal });
  return technicianListResponseSchema.parse(response.data);
}

export const technicianListsKey = ['technicians', 'list'] as const;

export function techniciansQueryOptions(params: TechnicianListParams) {
  return queryOptions({
    queryKey: [...technicianListsKey, params] as const,
    queryFn: ({ signal }) => listTechnicians(params, signal),
  });
}

export function useTechnicians(params: TechnicianListParams) {
  // While another page or filter loads, the rows on screen stay (faded) instead of a spinner.
  return useQuery({ ...techniciansQueryOptions(params), placeholderData: keepPreviousData });
}

/** Who can be given an order: the partner's active technicians (one page of up to 100). */
export const ASSIGNABLE_TECHNICIANS: TechnicianListParams = { isActive: true, pageSize: 100 };
