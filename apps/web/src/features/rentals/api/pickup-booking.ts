import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rentalSchema, type Rental } from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

/** POST /rentals/:id/pickup: a booking is handed over and becomes the rental from `startDate`. */
export async function pickupBooking(input: {
  id: string;
  startDate: string;
  version: number;
}): Promise<Rental> {
  const response = await apiClient.post<unknown>(`/rentals/${input.id}/pickup`, {
    startDate: input.startDate,
    version: input.version,
  });
  return rentalSchema.parse(response.data);
}

export function usePickupBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pickupBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RENTALS_KEY }),
  });
}
