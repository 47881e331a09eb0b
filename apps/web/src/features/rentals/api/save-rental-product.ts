import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  rentalProductSchema,
  type RentalProduct,
  type RentalProductInput,
} from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

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
