import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rentalSchema, type Rental } from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

/** POST /rentals/:id/cancel */
export async function cancelRental(input: { id: string; version: number }): Promise<Rental> {
  const response = await apiClient.post<unknown>(`/rentals/${input.id}/cancel`, { version: input.version });
  return rentalSchema.parse(response.data);
}

export function useCancelRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRental,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RENTALS_KEY }),
  });
}
