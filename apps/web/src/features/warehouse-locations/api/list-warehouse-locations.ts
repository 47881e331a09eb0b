import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { warehouseLocationListResponseSchema } from '@service-portal/shared/warehouse-locations';
import type { WarehouseLocation } from '@service-portal/shared/warehouse-locations';
import { apiClient } from '../../../lib/api-client.ts';

export interface WarehouseLocationListParams {
  page?: number;
  pageSize?: number;
  search?: string;
  includeInactive?: boolean;
}

export interface WarehouseLocationListPage {
  items: WarehouseLocation[];
  total: number;
  page: number;
  pageSize: number;
}

export async function listWarehouseLocations(
  params: WarehouseLocationListParams,
  signal?: AbortSignal,
): Promise<WarehouseLocationListPage> {
  const query: Record<string, string> = {};
  if (params.page !== undefined) query.page = String(params.page);
  if (params.pageSize !== undefined) query.pageSize = String(params.pageSize);
  if (params.search) query.search = params.search;
  if (params.includeInactive) query.includeInactive = 'true';
  const response = await apiClient.get<unknown>('/warehouse-locations', { params: query, signal });
  return warehouseLocationListResponseSchema.parse(response.data);
}

export const warehouseLocationListsKey = ['warehouse-locations', 'list'] as const;

export function warehouseLocationsQueryOptions(params: WarehouseLocationListParams) {
  return queryOptions({
    queryKey: [...warehouseLocationListsKey, params] as const,
    queryFn: ({ signal }) => listWarehouseLocations(params, signal),
  });
}

export function useWarehouseLocations(params: WarehouseLocationListParams) {
  // While another page or filter loads, the rows on screen stay (faded) instead of a spinner.
  return useQuery({ ...warehouseLocationsQueryOptions(params), placeholderData: keepPreviousData });
}

/** Where an order's unit can be stored: the active locations (one page of up to 100). */
export const USABLE_WAREHOUSE_LOCATIONS: WarehouseLocationListParams = { pageSize: 100 };
