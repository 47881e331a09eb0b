import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rentalSchema, type Rental, type RentalCondition } from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

export interface ReturnRentalInput {
  id: string;
  returnedDate: string;
  condition: RentalCondition;
  notes: string;
  version: number;
}

/** POST /rentals/:id/return: closes the rental with its charge. */
export async function returnRental({ id, ...body }: ReturnRentalInput): Promise<Rental> {
  return rentalSchema.parse((await apiClient.post<unknown>(`/rentals/${id}/return`, body)).data);
}

export function useReturnRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnRental,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RENTALS_KEY }),
  });
}
