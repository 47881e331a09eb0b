import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Board, ScheduleCard } from '@service-portal/shared/schedule';
import { serviceManager, technician } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/schedule.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const TOR = '11111111-1111-4111-8111-111111111111';
const ORDER = 'a1b2c3d4-0000-4000-8000-000000000009';

const waiting: ScheduleCard = {
  id: ORDER,
  orderNumber: 'SO-2026-000009',
  title: 'Replace the fan',
  priority: 'critical',
  serviceType: 'repair',
  status: 'created',
  customerName: 'Per Hansen',
  customerAddress: 'Kirkeveien 5, 0368 Oslo',
  postcode: '0368',
  createdAt: '2026-11-01T08:00:00.000Z',
  technicianId: null,
  date: null,
  start: null,
  durationMinutes: 60,
  durationIsDefault: false,
  version: 4,
};

const board: Board = {
  from: '2026-11-23',
  to: '2026-11-23',
  timeZone: 'Europe/Oslo',
  days: [{ date: '2026-11-23', isWorkingDay: true }],
  technicians: [
    {
      id: TOR,
      fullName: 'Tor Teknikk',
      isActive: true,
      cells: [
        {
          date: '2026-11-23',
          off: false,
          offReason: null,
          availableMinutes: 480,
          bookedMinutes: 540,
          overbooked: true,
        },
      ],
    },
  ],
  orders: [],
  cursor: 'c1',
};

describe('the dispatch board', { timeout: 20_000 }, () => {
  it('shows capacity and the unscheduled list, and puts a refused card back with the reason', async () => {
    let changed = false;
    const { calls } = mockApi({
      'GET /api/user/profile': { status: 200, body: serviceManager },
      'GET /api/schedule/board': { status: 200, body: board },
      'GET /api/schedule/unscheduled': {
        status: 200,
        body: { items: [waiting], total: 1, page: 1, pageSize: 30 },
      },
      'GET /api/schedule/changes': () => ({ status: 200, body: { cursor: 'c1', changed } }),
      [`POST /api/schedule/orders/${ORDER}/assignment`]: {
        status: 409,
        body: problem(409, 'technician_inactive'),
      },
    });
    const { user } = renderApp('/schedule?view=day&date=2026-11-23', {
      signedInAs: serviceManager,
      width: 1440,
    });
    const grid = await screen.findByRole('table', { name: 'Technicians and days' });
    expect(within(grid).getByRole('rowheader', { name: /Tor Teknikk/ })).toBeInTheDocument();
    expect(within(grid).getByText('9 / 8 h booked')).toBeInTheDocument();
    expect(within(grid).getByText('Overbooked by 1 h')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/schedule/board')?.params).toEqual({
      from: '2026-11-23',
      days: '1',
    });

    const list = screen.getByRole('region', { name: /Unscheduled/ });
    await user.click(within(list).getByRole('button', { name: 'Schedule SO-2026-000009 Replace the fan…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule order' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Technician/ }), TOR);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This technician is inactive and cannot be given work.',
    );
    // Rolled back: the card is in the list again, not on the board.
    expect(within(list).getByText('Replace the fan')).toBeInTheDocument();
    expect(within(grid).queryByText('Replace the fan')).not.toBeInTheDocument();

    // Another dispatcher's change: the poll sees it and the board loads again.
    const boardLoads = () => calls.filter((c) => c.url === '/api/schedule/board').length;
    const before = boardLoads();
    changed = true;
    await vi.waitFor(() => expect(boardLoads()).toBeGreaterThan(before), { timeout: 8_000 });
  });

  it("rolls a version conflict back to the server's card and says where the order is now", async () => {
    const now: ScheduleCard = {
      ...waiting,
      technicianId: TOR,
      date: '2026-11-23',
      start: '10:00',
      version: 5,
    };
    let attempts = 0;
    const { calls } = mockApi({
      'GET /api/user/profile': { status: 200, body: serviceManager },
      // After the refusal the server has the other dispatcher's move.
      'GET /api/schedule/board': () => ({
        status: 200,
        body: attempts === 0 ? board : { ...board, orders: [now] },
      }),
      'GET /api/schedule/unscheduled': () => ({
        status: 200,
        body: {
          items: attempts === 0 ? [waiting] : [],
          total: 1 - Math.min(attempts, 1),
          page: 1,
          pageSize: 30,
        },
      }),
      'GET /api/schedule/changes': { status: 200, body: { cursor: 'c1', changed: false } },
      [`POST /api/schedule/orders/${ORDER}/assignment`]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 409, body: { ...problem(409, 'version_conflict'), card: now } }
          : {
              status: 200,
              body: { card: { ...now, start: '12:00', version: 6 }, cell: board.technicians[0]!.cells[0] },
            };
      },
    });
    const { user } = renderApp('/schedule?view=day&date=2026-11-23', {
      signedInAs: serviceManager,
      width: 1440,
    });
    const grid = await screen.findByRole('table', { name: 'Technicians and days' });
    const list = screen.getByRole('region', { name: /Unscheduled/ });
    await user.click(within(list).getByRole('button', { name: 'Schedule SO-2026-000009 Replace the fan…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule order' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Technician/ }), TOR);
    await user.type(within(dialog).getByLabelText(/Start/), '12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Someone else moved SO-2026-000009 first\. It is now with Tor Teknikk on .*23/,
    );
    // The server's card: on the board in Tor's 10:00 slot, gone from the list.
    expect(within(grid).getByRole('cell', { name: /Tor Teknikk, 10:00/ })).toHaveTextContent(
      'Replace the fan',
    );
    expect(within(list).queryByText('Replace the fan')).not.toBeInTheDocument();
    // The dialog now holds the server's version: a retry is sent with it.
    expect(within(dialog).getByLabelText(/Start/)).toHaveValue('10:00');
    await user.clear(within(dialog).getByLabelText(/Start/));
    await user.type(within(dialog).getByLabelText(/Start/), '12:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await vi.waitFor(() => expect(attempts).toBe(2));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => (c.body as { version: number }).version)).toEqual([4, 5]);
  });

  it('lets staff who are not managers read the board, without drag handles or dialog buttons', async () => {
    mockApi({
      'GET /api/user/profile': { status: 200, body: technician },
      'GET /api/schedule/board': { status: 200, body: board },
      'GET /api/schedule/unscheduled': {
        status: 200,
        body: { items: [waiting], total: 1, page: 1, pageSize: 30 },
      },
      'GET /api/schedule/changes': { status: 200, body: { cursor: 'c1', changed: false } },
    });
    renderApp('/schedule?view=day&date=2026-11-23', { signedInAs: technician, width: 1440 });
    const grid = await screen.findByRole('table', { name: 'Technicians and days' });
    expect(within(grid).getByText('9 / 8 h booked')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: /Unscheduled/ });
    expect(within(list).getByText('Replace the fan')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Schedule SO-2026-000009/ })).not.toBeInTheDocument();
  });
});
