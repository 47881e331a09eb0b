import type { Board as ScheduleBoard, ScheduleCard } from '@service-portal/shared/schedule';

/** Where a card goes: a technician's day, at a time or "some time that day" (start null). */
export interface ScheduleTarget {
  technicianId: string;
  date: string;
  start: string | null;
}

/** Minutes a card counts against its cell: its duration; a card without one counts nothing here. */
function minutesOf(card: Pick<ScheduleCard, 'durationMinutes'>): number {
  return card.durationMinutes ?? 0;
}

function adjustCell(
  board: ScheduleBoard,
  technicianId: string | null,
  date: string | null,
  delta: number,
): ScheduleBoard['technicians'] {
  if (technicianId === null || date === null || delta === 0) return board.technicians;
  return board.technicians.map((technician) =>
    technician.id !== technicianId
      ? technician
      : {
          ...technician,
          cells: technician.cells.map((cell) => {
            if (cell.date !== date) return cell;
            const bookedMinutes = Math.max(0, cell.bookedMinutes + delta);
            return { ...cell, bookedMinutes, overbooked: bookedMinutes > cell.availableMinutes };
          }),
        },
  );
}

/**
 * The board as it will be once the server accepts the move (the optimistic copy): the card sits in
 * its new cell and both cells' booked minutes follow. A target outside the board's range takes the
 * card off this board.
 */
export function moveOnBoard(board: ScheduleBoard, card: ScheduleCard, target: ScheduleTarget): ScheduleBoard {
  const minutes = minutesOf(card);
  const existing = board.orders.find((o) => o.id === card.id);
  let next: ScheduleBoard = board;
  if (existing !== undefined) {
    next = {
      ...next,
      orders: next.orders.filter((o) => o.id !== card.id),
      technicians: adjustCell(next, existing.technicianId, existing.date, -minutesOf(existing)),
    };
  }
  const inRange = next.days.some((day) => day.date === target.date);
  if (!inRange) return next;
  return {
    ...next,
    orders: [...next.orders, { ...card, ...target }],
    technicians: adjustCell(next, target.technicianId, target.date, minutes),
  };
}

/** The board without the card (unscheduled: it goes back to the list). */
export function removeFromBoard(board: ScheduleBoard, cardId: string): ScheduleBoard {
  const existing = board.orders.find((o) => o.id === cardId);
  if (existing === undefined) return board;
  return {
    ...board,
    orders: board.orders.filter((o) => o.id !== cardId),
    technicians: adjustCell(board, existing.technicianId, existing.date, -minutesOf(existing)),
  };
}

/**
 * The board's cards by cell key (`technicianId|date`), each cell's in start order (any time last).
 * `hourly` (the day view) files a card with a start under its hour's slot instead
 * (`technicianId|date|HH:00`). With the grouping before a change, every cell whose cards did not
 * change keeps its list (the same array), so a cell drawn from it need not render again.
 */
export function cardsByCell(
  orders: readonly ScheduleCard[],
  options: { hourly?: boolean; previous?: ReadonlyMap<string, ScheduleCard[]> } = {},
): Map<string, ScheduleCard[]> {
  const cells = new Map<string, ScheduleCard[]>();
  for (const card of orders) {
    if (card.technicianId === null || card.date === null) continue;
    const key =
      options.hourly === true && card.start !== null
        ? cellKey(card.technicianId, card.date, hourOf(card.start))
        : cellKey(card.technicianId, card.date);
    const list = cells.get(key);
    if (list === undefined) cells.set(key, [card]);
    else list.push(card);
  }
  for (const [key, list] of cells) {
    list.sort(byStart);
    const before = options.previous?.get(key);
    if (before !== undefined && sameItems(before, list)) cells.set(key, before);
  }
  return cells;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

export function cellKey(technicianId: string, date: string, slot?: string): string {
  return slot === undefined ? `${technicianId}|${date}` : `${technicianId}|${date}|${slot}`;
}

function byStart(a: ScheduleCard, b: ScheduleCard): number {
  if (a.start === b.start) return a.orderNumber.localeCompare(b.orderNumber);
  if (a.start === null) return 1;
  if (b.start === null) return -1;
  return a.start.localeCompare(b.start);
}

/** Whether a drop changes anything (dropping a card where it already is does not call the server). */
export function isSamePlace(card: ScheduleCard, target: ScheduleTarget): boolean {
  return (
    card.technicianId === target.technicianId && card.date === target.date && card.start === target.start
  );
}

/** The hour `HH:00` a start time falls in (the day view's columns). */
export function hourOf(start: string): string {
  return `${start.slice(0, 2)}:00`;
}
