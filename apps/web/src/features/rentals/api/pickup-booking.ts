import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rentalSchema, type Rental } from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

/** POST /rentals/:id/pickup: a booking becomes an active rental. */
export async function pickupBooking(input: { id: string; version: number }): Promise<Rental> {
  const response = await apiClient.post<unknown>(`/rentals/${input.id}/pickup`, { version: input.version });
  return rentalSchema.parse(response.data);
}

export function usePickupBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pickupBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RENTALS_KEY }),
  });
}
