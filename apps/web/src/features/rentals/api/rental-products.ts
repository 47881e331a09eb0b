import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  rentalProductListResponseSchema,
  rentalProductOptionSchema,
  rentalProductSchema,
  type RentalAvailability,
  type RentalProduct,
  type RentalProductInput,
  type RentalProductSort,
} from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';

export const RENTALS_KEY = ['rentals'] as const;

export interface RentalProductListParams {
  page: number;
  pageSize: number;
  sort: RentalProductSort;
  search?: string;
  availability?: RentalAvailability;
  includeInactive?: boolean;
}

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

export function useRentalProducts(params: RentalProductListParams) {
  return useQuery({
    queryKey: [...RENTALS_KEY, 'products', params],
    queryFn: ({ signal }) => listRentalProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function rentalProductOptionsQuery(includeInactive = false) {
  return queryOptions({
    queryKey: [...RENTALS_KEY, 'product-options', includeInactive],
    queryFn: async ({ signal }) => {
      const response = await apiClient.get<unknown>('/rentals/products/options', {
        params: includeInactive ? { includeInactive: 'true' } : {},
        signal,
      });
      return z.array(rentalProductOptionSchema).parse(response.data);
    },
  });
}

export function useRentalProductOptions(includeInactive = false) {
  return useQuery(rentalProductOptionsQuery(includeInactive));
}

/** POST /rentals/products (no `id`) or PUT /rentals/products/:id with the version last read. */
export async function saveRentalProduct(input: {
  id?: string;
  version?: number;
  draft: RentalProductInput;
}): Promise<RentalProduct> {
  const response =
    input.id === undefined
      ? await apiClient.post<unknown>('/rentals/products', input.draft)
      : await apiClient.put<unknown>(`/rentals/products/${input.id}`, {
          ...input.draft,
          version: input.version,
        });
  return rentalProductSchema.parse(response.data);
}

export function useSaveRentalProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRentalProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RENTALS_KEY }),
  });
}

export function useSetRentalProductStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; isActive: boolean; version: number }) => {
      const response = await apiClient.patch<unknown>(`/rentals/products/${input.id}/status`, {
        isActive: input.isActive,
        version: input.version,
      });
      return rentalProductSchema.parse(response.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: RENTALS_KEY }),
  });
}
