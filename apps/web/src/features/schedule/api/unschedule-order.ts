import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleCard } from '@service-portal/shared/schedule';
import { apiClient } from '../../../lib/api-client.ts';
import { removeFromBoard } from '../lib/board-moves.ts';
import { scheduleKey } from './keys.ts';
import { applyOptimistic, rollBack } from './optimistic.ts';

/** DELETE /schedule/orders/:id/assignment?version=n: the order goes back to the unscheduled list. */
export async function unscheduleOrder(card: ScheduleCard): Promise<void> {
  await apiClient.delete(`/schedule/orders/${encodeURIComponent(card.id)}/assignment`, {
    params: { version: card.version },
  });
}

export function useUnscheduleOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...scheduleKey, 'unschedule'],
    mutationFn: unscheduleOrder,
    onMutate: (card) =>
      applyOptimistic(queryClient, {
        board: (board) => removeFromBoard(board, card.id),
        // The list's order (priority, age) is the server's: the card shows there after the refetch.
        list: (page) => page,
      }),
    onError: (error, _input, snapshot) => rollBack(queryClient, snapshot, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
