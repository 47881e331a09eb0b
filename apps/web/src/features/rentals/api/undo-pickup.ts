import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rentalSchema, type Rental } from '@service-portal/shared/rentals';
import { apiClient } from '../../../lib/api-client.ts';
import { RENTALS_KEY } from './keys.ts';

/** POST /rentals/:id/undo-pickup: a hand-over turns back into the booking it was. */
export async function undoPickup(input: { id: string; version: number }): Promise<Rental> {
  const response = await apiClient.post<unknown>(`/rentals/${input.id}/undo-pickup`, {
    version: input.version,
  });
  return rentalSchema.parse(response.data);
}

export function useUndoPickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoPickup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RENTALS_KEY }),
  });
}
