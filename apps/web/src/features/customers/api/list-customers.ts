import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customerListResponseSchema } from '@service-portal/shared/customers';
import type { Customer } from '@service-portal/shared/customers';
import { apiClient } from '../../../lib/api-client.ts';

export interface CustomerListParams {
  page: number;
  pageSize: number;
  search?: string;
  sort: 'name' | 'createdAt' | 'lastOrderAt';
  sortDirection: 'asc' | 'desc';
}

export interface CustomerListPage {
  items: Customer[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /customers: search name, e-mail, phone; merged customers are hidden. */
export async function listCustomers(
  params: CustomerListParams,
  signal?: AbortSignal,
): Promise<CustomerListPage> {
  const query: Record<string, string> = {
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
    sortDirection: params.sortDirection,
  };
  if (params.search) query.search = params.search;
  const response = await apiClient.get<unknown>('/customers', { params: query, signal });
  return customerListResponseSchema.parse(response.data);
}

export function customersQueryOptions(params: CustomerListParams) {
  return queryOptions({
    queryKey: ['customers', 'list', params] as const,
    queryFn: ({ signal }) => listCustomers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(params: CustomerListParams, enabled = true) {
  return useQuery({ ...customersQueryOptions(params), enabled });
}
