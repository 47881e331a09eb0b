import { describe, expect, it } from 'vitest';
import type { Board, ScheduleCard } from '@service-portal/shared/schedule';
import { cardsByCell, cellKey, isSamePlace, moveOnBoard, removeFromBoard } from './board-moves.ts';

const TOR = '11111111-1111-4111-8111-111111111111';
const ANNA = '22222222-2222-4222-8222-222222222222';

const cell = (date: string, bookedMinutes = 0, availableMinutes = 480) => ({
  date,
  off: false,
  offReason: null,
  availableMinutes,
  bookedMinutes,
  overbooked: bookedMinutes > availableMinutes,
});

export function card(overrides: Partial<ScheduleCard> = {}): ScheduleCard {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    orderNumber: 'SO-2026-000001',
    title: 'Burner fan',
    priority: 'normal',
    serviceType: 'repair',
    status: 'scheduled',
    customerName: 'Kari Nordmann',
    customerAddress: 'Storgata 1, 0155 Oslo',
    postcode: '0155',
    createdAt: '2026-11-20T08:00:00.000Z',
    technicianId: TOR,
    date: '2026-11-23',
    start: '09:30',
    durationMinutes: 120,
    durationIsDefault: false,
    version: 3,
    ...overrides,
  };
}

function board(orders: ScheduleCard[]): Board {
  return {
    from: '2026-11-23',
    to: '2026-11-24',
    timeZone: 'Europe/Oslo',
    days: [
      { date: '2026-11-23', isWorkingDay: true },
      { date: '2026-11-24', isWorkingDay: true },
    ],
    technicians: [
      {
        id: TOR,
        fullName: 'Tor Teknikk',
        isActive: true,
        cells: [cell('2026-11-23', 120), cell('2026-11-24')],
      },
      {
        id: ANNA,
        fullName: 'Anna Andersen',
        isActive: true,
        cells: [cell('2026-11-23', 420), cell('2026-11-24')],
      },
    ],
    orders,
    cursor: 'c1',
  };
}

describe('optimistic moves on the board', () => {
  it('moves a card to another technician keeping its time, and both cells follow', () => {
    const moved = moveOnBoard(board([card()]), card(), {
      technicianId: ANNA,
      date: '2026-11-23',
      start: '09:30',
    });
    expect(moved.orders).toEqual([card({ technicianId: ANNA })]);
    expect(moved.technicians[0]!.cells[0]).toMatchObject({ bookedMinutes: 0, overbooked: false });
    // Anna had 7 h of 8: two more hours overbook her.
    expect(moved.technicians[1]!.cells[0]).toMatchObject({ bookedMinutes: 540, overbooked: true });
  });

  it('adds a card from the list and takes an unscheduled one off the board', () => {
    const fresh = card({ technicianId: null, date: null, start: null, durationMinutes: 60 });
    const placed = moveOnBoard(board([]), fresh, { technicianId: TOR, date: '2026-11-24', start: null });
    expect(placed.technicians[0]!.cells[1]!.bookedMinutes).toBe(60);
    expect(cardsByCell(placed.orders).get(cellKey(TOR, '2026-11-24'))).toHaveLength(1);
    const removed = removeFromBoard(board([card()]), card().id);
    expect(removed.orders).toEqual([]);
    expect(removed.technicians[0]!.cells[0]!.bookedMinutes).toBe(0);
  });

  it('drops a card moved outside the range from this board', () => {
    const moved = moveOnBoard(board([card()]), card(), {
      technicianId: TOR,
      date: '2026-12-01',
      start: null,
    });
    expect(moved.orders).toEqual([]);
    expect(moved.technicians[0]!.cells[0]!.bookedMinutes).toBe(0);
  });

  it('sorts a cell by start time, any time last, and knows a drop on the same place', () => {
    const early = card({ id: 'a1b2c3d4-0000-4000-8000-000000000002', orderNumber: 'SO-2', start: '08:00' });
    const anyTime = card({ id: 'a1b2c3d4-0000-4000-8000-000000000003', orderNumber: 'SO-3', start: null });
    const list = cardsByCell([anyTime, card(), early]).get(cellKey(TOR, '2026-11-23'));
    expect(list?.map((c) => c.start)).toEqual(['08:00', '09:30', null]);
    expect(isSamePlace(card(), { technicianId: TOR, date: '2026-11-23', start: '09:30' })).toBe(true);
    expect(isSamePlace(card(), { technicianId: TOR, date: '2026-11-23', start: null })).toBe(false);
  });

  it('keeps the list of every cell a move does not touch, so only the touched cells render again', () => {
    const other = card({
      id: 'a1b2c3d4-0000-4000-8000-000000000004',
      orderNumber: 'SO-4',
      technicianId: ANNA,
    });
    const before = board([card(), other]);
    const grouped = cardsByCell(before.orders);
    const moved = moveOnBoard(before, card(), { technicianId: TOR, date: '2026-11-24', start: '09:30' });
    const regrouped = cardsByCell(moved.orders, { previous: grouped });
    // Anna's cell did not change: the same array. Tor's Monday emptied, his Tuesday is new.
    expect(regrouped.get(cellKey(ANNA, '2026-11-23'))).toBe(grouped.get(cellKey(ANNA, '2026-11-23')));
    expect(regrouped.get(cellKey(TOR, '2026-11-23'))).toBeUndefined();
    expect(regrouped.get(cellKey(TOR, '2026-11-24'))?.map((c) => c.orderNumber)).toEqual([
      card().orderNumber,
    ]);
    // The same cards in a new array (a refetch with nothing changed) keep the list too.
    expect(cardsByCell([...before.orders], { previous: grouped }).get(cellKey(TOR, '2026-11-23'))).toBe(
      grouped.get(cellKey(TOR, '2026-11-23')),
    );
  });

  it('files the day view by hour slot, a card without a start under the day itself', () => {
    const anyTime = card({ id: 'a1b2c3d4-0000-4000-8000-000000000003', orderNumber: 'SO-3', start: null });
    const grouped = cardsByCell([card(), anyTime], { hourly: true });
    expect(grouped.get(cellKey(TOR, '2026-11-23', '09:00'))?.map((c) => c.start)).toEqual(['09:30']);
    expect(grouped.get(cellKey(TOR, '2026-11-23'))?.map((c) => c.orderNumber)).toEqual(['SO-3']);
  });
});
