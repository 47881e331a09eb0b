import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rentalProductSchema, type RentalProduct } from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

/** PATCH /rentals/products/:id/status: a unit taken out of (or back into) service. */
export async function setRentalProductStatus(input: {
  id: string;
  isActive: boolean;
  version: number;
}): Promise<RentalProduct> {
  const response = await apiClient.patch<unknown>(`/rentals/products/${input.id}/status`, {
    isActive: input.isActive,
    version: input.version,
  });
  return rentalProductSchema.parse(response.data);
}

export function useSetRentalProductStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRentalProductStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RENTALS_KEY }),
  });
}
