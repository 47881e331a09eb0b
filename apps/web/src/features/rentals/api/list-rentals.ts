import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rentalListResponseSchema, type RentalSort, type RentalStatus } from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

export interface RentalListParams {
  page: number;
  pageSize: number;
  sort: RentalSort;
  status?: RentalStatus | 'open' | undefined;
  search?: string;
}

/** GET /rentals: one page, with the partner's today. */
export async function listRentals(params: RentalListParams, signal?: AbortSignal) {
  const query: Record<string, string> = {
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
  };
  if (params.status) query.status = params.status;
  if (params.search) query.search = params.search;
  const response = await apiClient.get<unknown>('/rentals', { params: query, signal });
  return rentalListResponseSchema.parse(response.data);
}

export function rentalsQueryOptions(params: RentalListParams) {
  return queryOptions({
    queryKey: [...RENTALS_KEY, 'list', params] as const,
    queryFn: ({ signal }) => listRentals(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRentals(params: RentalListParams) {
  return useQuery(rentalsQueryOptions(params));
}
