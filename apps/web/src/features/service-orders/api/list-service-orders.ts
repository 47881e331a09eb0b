import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { serviceOrderListResponseSchema } from '@service-portal/shared/service-orders';
import type {
  Priority,
  ServiceOrderListItem,
  ServiceOrderStatus,
  ServiceType,
} from '@service-portal/shared/service-orders';
import { apiClient } from '../../../lib/api-client.ts';

/** The list screen's filters, sort and page; also what the export takes (without the page). */
export interface ServiceOrderFilters {
  search?: string;
  status?: ServiceOrderStatus[];
  priority?: Priority[];
  serviceType?: ServiceType[];
  customerEmail?: string;
  customerId?: string;
  assignedTechnicianId?: string;
  relatedProductId?: string;
  createdFrom?: string;
  createdTo?: string;
  completedFrom?: string;
  completedTo?: string;
  sortDirection: 'asc' | 'desc';
}

export interface ServiceOrderListParams extends ServiceOrderFilters {
  page: number;
  pageSize: number;
}

export interface ServiceOrderListPage {
  items: ServiceOrderListItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** Query-string form of the filters: lists as comma-separated values, empty ones left out. */
export function filterParams(filters: ServiceOrderFilters): Record<string, string> {
  const params: Record<string, string> = { sortDirection: filters.sortDirection };
  if (filters.search) params.search = filters.search;
  if (filters.status?.length) params.status = filters.status.join(',');
  if (filters.priority?.length) params.priority = filters.priority.join(',');
  if (filters.serviceType?.length) params.serviceType = filters.serviceType.join(',');
  if (filters.customerEmail) params.customerEmail = filters.customerEmail;
  if (filters.customerId) params.customerId = filters.customerId;
  if (filters.assignedTechnicianId) params.assignedTechnicianId = filters.assignedTechnicianId;
  if (filters.relatedProductId) params.relatedProductId = filters.relatedProductId;
  for (const key of ['createdFrom', 'createdTo', 'completedFrom', 'completedTo'] as const) {
    const value = filters[key];
    if (value) params[key] = value;
  }
  return params;
}

export async function listServiceOrders(
  params: ServiceOrderListParams,
  signal?: AbortSignal,
): Promise<ServiceOrderListPage> {
  const response = await apiClient.get<unknown>('/service-orders', {
    params: { ...filterParams(params), page: String(params.page), pageSize: String(params.pageSize) },
    signal,
  });
  return serviceOrderListResponseSchema.parse(response.data);
}

/**
 * Every list of orders starts with this key: the order list and the orders of a customer or a
 * technician alike. Every order mutation invalidates it.
 */
export const serviceOrderListsKey = ['service-orders', 'list'] as const;

export function serviceOrdersQueryOptions(params: ServiceOrderListParams) {
  return queryOptions({
    queryKey: [...serviceOrderListsKey, params] as const,
    queryFn: ({ signal }) => listServiceOrders(params, signal),
  });
}

/** The previous page stays on screen while the next one loads, so paging does not flash a skeleton. */
export function useServiceOrders(params: ServiceOrderListParams) {
  return useQuery({ ...serviceOrdersQueryOptions(params), placeholderData: keepPreviousData });
}
