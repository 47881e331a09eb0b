import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  rentalProductListResponseSchema,
  type RentalAvailability,
  type RentalProductSort,
} from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

export interface RentalProductListParams {
  page: number;
  pageSize: number;
  sort: RentalProductSort;
  search?: string;
  availability?: RentalAvailability;
  includeInactive?: boolean;
}

/** GET /rentals/products: one page of the partner's rental units. */
export async function listRentalProducts(params: RentalProductListParams, signal?: AbortSignal) {
  const query: Record<string, string> = {
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
  };
  if (params.search) query.search = params.search;
  if (params.availability) query.availability = params.availability;
  if (params.includeInactive) query.includeInactive = 'true';
  const response = await apiClient.get<unknown>('/rentals/products', { params: query, signal });
  return rentalProductListResponseSchema.parse(response.data);
}

export function rentalProductsQueryOptions(params: RentalProductListParams) {
  return queryOptions({
    queryKey: [...RENTALS_KEY, 'products', params] as const,
    queryFn: ({ signal }) => listRentalProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRentalProducts(params: RentalProductListParams) {
  return useQuery(rentalProductsQueryOptions(params));
}
