import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { rentalProductOptionSchema } from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

/** GET /rentals/products/options: every unit by name, for pickers. */
export async function listRentalProductOptions(includeInactive: boolean, signal?: AbortSignal) {
  const response = await apiClient.get<unknown>('/rentals/products/options', {
    params: includeInactive ? { includeInactive: 'true' } : {},
    signal,
  });
  return z.array(rentalProductOptionSchema).parse(response.data);
}

export function rentalProductOptionsQuery(includeInactive = false) {
  return queryOptions({
    queryKey: [...RENTALS_KEY, 'product-options', includeInactive] as const,
    queryFn: ({ signal }) => listRentalProductOptions(includeInactive, signal),
  });
}

export function useRentalProductOptions(includeInactive = false) {
  return useQuery(rentalProductOptionsQuery(includeInactive));
}
