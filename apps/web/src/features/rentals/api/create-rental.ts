import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rentalSchema, type Rental, type RentalCreateInput } from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

/** POST /rentals (from today) or POST /rentals/bookings (future dates): the one create. */
export async function createRental(input: {
  kind: 'rental' | 'booking';
  body: RentalCreateInput;
}): Promise<Rental> {
  const url = input.kind === 'rental' ? '/rentals' : '/rentals/bookings';
  return rentalSchema.parse((await apiClient.post<unknown>(url, input.body)).data);
}

export function useCreateRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRental,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RENTALS_KEY }),
  });
}
