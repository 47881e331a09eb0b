import { addDays, mondayOf } from '@service-portal/shared/zoned-days';

/** The board's spans: one day (with hour slots), a week, two weeks. */
export const BOARD_VIEWS = ['day', 'week', 'twoWeeks'] as const;
export type BoardView = (typeof BOARD_VIEWS)[number];

export const VIEW_DAYS: Record<BoardView, 1 | 7 | 14> = { day: 1, week: 7, twoWeeks: 14 };

export function isBoardView(value: string | null): value is BoardView {
  return BOARD_VIEWS.includes(value as BoardView);
}

/** The first day shown for a day the user picked: the day itself, or the Monday of its week. */
export function rangeStart(view: BoardView, day: string): string {
  return view === 'day' ? day : mondayOf(day);
}

/** The first day of the previous (-1) or next (+1) span. */
export function stepRange(view: BoardView, from: string, direction: -1 | 1): string {
  return addDays(from, direction * VIEW_DAYS[view]);
}

/** The hour slots of the day view (06:00 to 19:00). */
export const DAY_HOURS: readonly string[] = Array.from(
  { length: 14 },
  (_, i) => `${String(i + 6).padStart(2, '0')}:00`,
);
