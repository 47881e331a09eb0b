import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignmentResultSchema } from '@service-portal/shared/schedule';
import type { AssignmentResult, ScheduleCard } from '@service-portal/shared/schedule';
import { apiClient } from '../../../lib/api-client.ts';
import { moveOnBoard } from '../lib/board-moves.ts';
import type { ScheduleTarget } from '../lib/board-moves.ts';
import { scheduleKey } from './keys.ts';
import { applyOptimistic, rollBack, withoutCard } from './optimistic.ts';

export interface AssignInput {
  card: ScheduleCard;
  target: ScheduleTarget;
}

/**
 * POST /schedule/orders/:id/assignment with the version last read. Refusals (problem+json):
 * version_conflict, technician_inactive, technician_off, partner_closed, status_not_schedulable (409),
 * duration_required (422), not_found (404). Overbooking is allowed: the cell reports it.
 */
export async function assignOrder({ card, target }: AssignInput): Promise<AssignmentResult> {
  const response = await apiClient.post<unknown>(
    `/schedule/orders/${encodeURIComponent(card.id)}/assignment`,
    { technicianId: target.technicianId, date: target.date, start: target.start, version: card.version },
  );
  return assignmentResultSchema.parse(response.data);
}

/** Optimistic: the card moves on every cached board at once and goes back if the server refuses. */
export function useAssignOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...scheduleKey, 'assign'],
    mutationFn: assignOrder,
    onMutate: ({ card, target }) =>
      applyOptimistic(queryClient, {
        board: (board) => moveOnBoard(board, card, target),
        list: (page) => withoutCard(page, card.id),
      }),
    onError: (error, _input, snapshot) => rollBack(queryClient, snapshot, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
