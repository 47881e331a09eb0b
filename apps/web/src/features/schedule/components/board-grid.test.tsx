import { act, screen } from '@testing-library/react';
import { DndContext, KeyboardSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Board, ScheduleCard } from '@service-portal/shared/schedule';
import { loadAllTexts } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { BoardGrid } from './board-grid.tsx';

beforeAll(() => loadAllTexts());
afterEach(() => {
  vi.unstubAllGlobals();
});

const TOR = '11111111-1111-4111-8111-111111111111';
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';

function card(n: number, date: string): ScheduleCard {
  return {
    id: `a1b2c3d4-0000-4000-8000-00000000000${n}`,
    orderNumber: `SO-2026-00000${n}`,
    title: `Job ${n}`,
    priority: 'normal',
    serviceType: 'repair',
    status: 'scheduled',
    customerName: 'Kari Nordmann',
    customerAddress: 'Storgata 1, 0155 Oslo',
    postcode: '0155',
    createdAt: '2026-11-20T08:00:00.000Z',
    technicianId: TOR,
    date,
    start: '09:00',
    durationMinutes: 60,
    durationIsDefault: false,
    version: 1,
  };
}

const cell = (date: string) => ({
  date,
  off: false,
  offReason: null,
  availableMinutes: 480,
  bookedMinutes: 60,
  overbooked: false,
});

const board: Board = {
  from: MONDAY,
  to: TUESDAY,
  timeZone: 'Europe/Oslo',
  days: [
    { date: MONDAY, isWorkingDay: true },
    { date: TUESDAY, isWorkingDay: true },
  ],
  technicians: [{ id: TOR, fullName: 'Tor Teknikk', isActive: true, cells: [cell(MONDAY), cell(TUESDAY)] }],
  orders: [card(1, MONDAY), card(2, TUESDAY)],
  cursor: 'c1',
};

/** An IntersectionObserver the test drives: `show(elements, onScreen)` reports them. */
function fakeObserver() {
  let report: IntersectionObserverCallback = () => {};
  const observed = new Set<Element>();
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback) {
      report = callback;
    }
    observe(element: Element) {
      observed.add(element);
    }
    unobserve(element: Element) {
      observed.delete(element);
    }
    disconnect() {
      observed.clear();
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observed,
    show: (elements: Element[], onScreen: boolean) =>
      act(() =>
        report(
          elements.map((target) => ({ target, isIntersecting: onScreen }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        ),
      ),
  };
}

function Dnd({ children }: { children: ReactNode }) {
  const sensors = useSensors(useSensor(KeyboardSensor));
  return <DndContext sensors={sensors}>{children}</DndContext>;
}

const cellOf = (date: string) => document.querySelector<HTMLElement>(`td[data-cell="${TOR}:${date}"]`)!;
const handleOf = (n: number) => screen.getByRole('button', { name: `Move SO-2026-00000${n} Job ${n}` });

describe('the board grid at scale', () => {
  it('draws every card, but registers with dnd-kit only those on screen, without replacing them', async () => {
    const observer = fakeObserver();
    const onSchedule = vi.fn();
    const { user } = renderWithProviders(
      <Dnd>
        <BoardGrid board={board} today={MONDAY} hourly={false} onSchedule={onSchedule} />
      </Dnd>,
    );
    // Every card is there with its Schedule… button (the keyboard and screen-reader path)...
    expect(document.querySelectorAll('[data-card]')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^Schedule SO-2026-/ })).toHaveLength(2);
    // ...but none is a draggable until its cell is on screen.
    expect(observer.observed).toEqual(new Set([cellOf(MONDAY), cellOf(TUESDAY)]));
    expect(handleOf(1)).not.toHaveAttribute('aria-roledescription');

    const handle = handleOf(1);
    handle.focus();
    observer.show([cellOf(MONDAY)], true);
    expect(handleOf(1)).toHaveAttribute('aria-roledescription', 'draggable');
    expect(handleOf(1)).toHaveAttribute('aria-describedby');
    expect(handleOf(2)).not.toHaveAttribute('aria-roledescription');
    // The same element, still focused: coming on screen does not replace the card.
    expect(handleOf(1)).toBe(handle);
    expect(document.activeElement).toBe(handle);

    // The dialog path works on or off screen.
    await user.click(screen.getByRole('button', { name: 'Schedule SO-2026-000002 Job 2…' }));
    expect(onSchedule).toHaveBeenCalledWith(board.orders[1]);

    observer.show([cellOf(MONDAY)], false);
    expect(handleOf(1)).not.toHaveAttribute('aria-roledescription');
  });

  it('keeps the carried card registered while the drag scrolls its cell away', async () => {
    const observer = fakeObserver();
    const { user } = renderWithProviders(
      <Dnd>
        <BoardGrid board={board} today={MONDAY} hourly={false} onSchedule={() => {}} />
      </Dnd>,
    );
    observer.show([cellOf(MONDAY)], true);
    handleOf(1).focus();
    await user.keyboard(' ');
    expect(handleOf(1)).toHaveAttribute('aria-pressed', 'true');
    observer.show([cellOf(MONDAY)], false);
    expect(handleOf(1)).toHaveAttribute('aria-roledescription', 'draggable');
    // The drag ends: what left the screen meanwhile is let go.
    await user.keyboard('{Escape}');
    expect(handleOf(1)).not.toHaveAttribute('aria-roledescription');
  });
});
