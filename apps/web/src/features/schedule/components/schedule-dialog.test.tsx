import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScheduleCard } from '@service-portal/shared/schedule';
import { loadAllTexts } from '../../../lib/i18n.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';

beforeAll(() => loadAllTexts());

const TOR = '11111111-1111-4111-8111-111111111111';
const ANNA = '22222222-2222-4222-8222-222222222222';
const ORDER = 'a1b2c3d4-0000-4000-8000-000000000001';

const unscheduled: ScheduleCard = {
  id: ORDER,
  orderNumber: 'SO-2026-000001',
  title: 'Burner fan',
  priority: 'high',
  serviceType: 'repair',
  status: 'created',
  customerName: 'Kari Nordmann',
  customerAddress: 'Storgata 1, 0155 Oslo',
  postcode: '0155',
  createdAt: '2026-11-20T08:00:00.000Z',
  technicianId: null,
  date: null,
  start: null,
  durationMinutes: 90,
  durationIsDefault: true,
  version: 2,
};

const technicians = [
  { id: TOR, fullName: 'Tor Teknikk', isActive: true },
  { id: ANNA, fullName: 'Anna Andersen', isActive: true },
  { id: '33333333-3333-4333-8333-333333333333', fullName: 'Ola Inaktiv', isActive: false },
];

function open(card: ScheduleCard, onScheduled = vi.fn(), onClose = vi.fn()) {
  const view = renderWithProviders(
    <ScheduleDialog
      card={card}
      technicians={technicians}
      today="2026-11-24"
      onClose={onClose}
      onScheduled={onScheduled}
    />,
  );
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Schedule order' }), onScheduled, onClose };
}

describe('the Schedule… dialog', () => {
  it('shows the duration, offers active technicians only and sends the assignment', async () => {
    const { calls } = mockApi({
      [`POST /api/schedule/orders/${ORDER}/assignment`]: () => ({
        status: 200,
        body: {
          card: { ...unscheduled, technicianId: ANNA, date: '2026-11-25', start: '10:15', version: 3 },
          cell: {
            date: '2026-11-25',
            off: false,
            offReason: null,
            availableMinutes: 480,
            bookedMinutes: 90,
            overbooked: false,
          },
        },
      }),
    });
    const { dialog, user, onScheduled, onClose } = open(unscheduled);
    expect(
      within(dialog).getByText("Takes 1 h 30 min of the technician's day (the service type's default)."),
    ).toBeInTheDocument();
    const select = within(dialog).getByRole('combobox', { name: /Technician/ });
    expect(within(select).queryByRole('option', { name: 'Ola Inaktiv' })).not.toBeInTheDocument();
    // Nothing is sent without a technician.
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('Choose a technician.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.selectOptions(select, ANNA);
    const date = within(dialog).getByLabelText(/Date/);
    await user.clear(date);
    await user.type(date, '2026-11-25');
    await user.type(within(dialog).getByLabelText(/Start time/), '10:15');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    await vi.waitFor(() => expect(onScheduled).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      technicianId: ANNA,
      date: '2026-11-25',
      start: '10:15',
      version: 2,
    });
    expect(onScheduled.mock.calls[0]?.[0]).toMatchObject({ technicianId: ANNA, start: '10:15', version: 3 });
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the dialog open with the translated reason when the server refuses', async () => {
    mockApi({
      [`POST /api/schedule/orders/${ORDER}/assignment`]: {
        status: 409,
        body: problem(409, 'technician_off', 'Technician is off'),
      },
    });
    const { dialog, user, onScheduled, onClose } = open({
      ...unscheduled,
      technicianId: TOR,
      date: '2026-11-28',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The technician is off or does not work that day.',
    );
    expect(onScheduled).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses to send an order without a duration and says where to set one', () => {
    const { dialog } = open({ ...unscheduled, durationMinutes: null, durationIsDefault: false });
    expect(within(dialog).getByText('This order has no duration')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Schedule' })).toBeDisabled();
  });

  it('unschedules a scheduled order with its version', async () => {
    const { calls } = mockApi({
      [`DELETE /api/schedule/orders/${ORDER}/assignment`]: { status: 204 },
    });
    const { dialog, user, onClose } = open({
      ...unscheduled,
      technicianId: TOR,
      date: '2026-11-25',
      version: 7,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Unschedule' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'DELETE')?.params).toEqual({ version: '7' });
  });
});
