import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { scheduleProblemSchema } from '@service-portal/shared/schedule';
import type { Board as ScheduleBoard, ScheduleCard } from '@service-portal/shared/schedule';
import { isApiError } from '../../../lib/api-client.ts';
import { moveOnBoard, removeFromBoard } from '../lib/board-moves.ts';
import { scheduleBoardsKey, scheduleKey, unscheduledListsKey } from './keys.ts';

type Snapshot = [QueryKey, unknown][];

interface CardPage {
  items: ScheduleCard[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Applies a move to every cached board and list page at once (the card moves before the server
 * answers) and returns what to put back if the server refuses.
 */
export async function applyOptimistic(
  queryClient: QueryClient,
  change: { board: (board: ScheduleBoard) => ScheduleBoard; list: (page: CardPage) => CardPage },
): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: scheduleKey });
  const snapshot: Snapshot = queryClient.getQueriesData({ queryKey: scheduleKey });
  queryClient.setQueriesData<ScheduleBoard>({ queryKey: scheduleBoardsKey }, (board) =>
    board === undefined ? board : change.board(board),
  );
  queryClient.setQueriesData<CardPage>({ queryKey: unscheduledListsKey }, (page) =>
    page === undefined ? page : change.list(page),
  );
  return snapshot;
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

/** The order as the server has it now, from a refused move's `version_conflict` (else null). */
export function serverCardOf(error: unknown): ScheduleCard | null {
  if (!isApiError(error) || error.response?.status !== 409) return null;
  const parsed = scheduleProblemSchema.safeParse(error.response.data);
  if (!parsed.success || parsed.data.code !== 'version_conflict') return null;
  return parsed.data.card ?? null;
}

/**
 * A refused move: every cached board and list goes back to what it was, and a version conflict's
 * card then sits where the server has it (its technician, date and start, its new version), so the
 * dispatcher sees the other's move at once rather than their own undone.
 */
export function rollBack(queryClient: QueryClient, snapshot: Snapshot | undefined, error: unknown): void {
  restoreSnapshot(queryClient, snapshot);
  const card = serverCardOf(error);
  if (card === null) return;
  const placed = card.technicianId !== null && card.date !== null;
  queryClient.setQueriesData<ScheduleBoard>({ queryKey: scheduleBoardsKey }, (board) => {
    if (board === undefined) return board;
    return placed
      ? moveOnBoard(board, card, { technicianId: card.technicianId!, date: card.date!, start: card.start })
      : removeFromBoard(board, card.id);
  });
  queryClient.setQueriesData<CardPage>({ queryKey: unscheduledListsKey }, (page) => {
    if (page === undefined) return page;
    if (placed) return withoutCard(page, card.id);
    return { ...page, items: page.items.map((item) => (item.id === card.id ? card : item)) };
  });
}

/** The list page without a card (it was scheduled). */
export function withoutCard(page: CardPage, cardId: string): CardPage {
  const items = page.items.filter((item) => item.id !== cardId);
  return items.length === page.items.length ? page : { ...page, items, total: Math.max(0, page.total - 1) };
}
