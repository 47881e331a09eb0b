import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Board as ScheduleBoard, ScheduleCard } from '@service-portal/shared/schedule';
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

/** The list page without a card (it was scheduled). */
export function withoutCard(page: CardPage, cardId: string): CardPage {
  const items = page.items.filter((item) => item.id !== cardId);
  return items.length === page.items.length ? page : { ...page, items, total: Math.max(0, page.total - 1) };
}
