import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@service-portal/shared/auth';
import type { Technician } from '@service-portal/shared/technicians';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  serviceManager,
  serviceOrderRows,
  technician,
  technicianRecords,
} from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/technician.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const tor = technicianRecords[0]!;

const stats = {
  technicianId: tor.id,
  assignedOrders: 0,
  openOrders: 0,
  completedOrders: 0,
  cancelledOrders: 0,
  completionRate: 0,
  averageResolutionHours: null,
};

/** The detail page of `record` (GET answers with whatever `current()` holds at the time). */
function open(current: () => Technician, routes: Record<string, Handler> = {}, as: User = serviceManager) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: as },
    [`GET /api/technicians/${tor.id}`]: () => ({ status: 200, body: current() }),
    [`GET /api/technicians/${tor.id}/stats`]: { status: 200, body: stats },
    'GET /api/service-orders': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 10 } },
    ...routes,
  });
  return { ...api, ...renderApp(`/technicians/${tor.id}`, { signedInAs: as }) };
}

const field = (form: HTMLElement, name: RegExp) => within(form).getByRole('textbox', { name });

describe('technician detail', { timeout: 20_000 }, () => {
  it('shows the stats and the assigned orders, linking to each order', async () => {
    const { calls } = (() => {
      const api = mockApi({
        'GET /api/user/profile': { status: 200, body: serviceManager },
        [`GET /api/technicians/${tor.id}`]: { status: 200, body: tor },
        [`GET /api/technicians/${tor.id}/stats`]: {
          status: 200,
          body: {
            technicianId: tor.id,
            assignedOrders: 8,
            openOrders: 3,
            completedOrders: 4,
            cancelledOrders: 1,
            completionRate: 4 / 7,
            averageResolutionHours: 26.5,
          },
        },
        'GET /api/service-orders': {
          status: 200,
          body: { items: serviceOrderRows(2), total: 2, page: 1, pageSize: 10 },
        },
      });
      renderApp(`/technicians/${tor.id}`, { signedInAs: serviceManager });
      return api;
    })();
    expect(await screen.findByRole('heading', { name: 'Tor Teknikk' })).toBeInTheDocument();
    expect(await screen.findByText('57.1 %')).toBeInTheDocument();
    expect(screen.getByText('1 d 3 h')).toBeInTheDocument();
    const first = serviceOrderRows(2)[0]!;
    expect(await screen.findByRole('link', { name: first.orderNumber })).toHaveAttribute(
      'href',
      `/service-orders/${first.id}`,
    );
    expect(calls.find((call) => call.url === '/api/service-orders')?.params.assignedTechnicianId).toBe(
      tor.id,
    );
  });

  it('edits the contact data with the add form’s rules and messages, sending the version read', async () => {
    let stored: Technician = tor;
    const { user, calls } = open(() => stored, {
      [`PUT /api/technicians/${tor.id}`]: (request) => {
        const body = request.body as Partial<Technician>;
        stored = {
          ...stored,
          ...body,
          fullName: `${body.firstName} ${body.lastName}`,
          version: stored.version + 1,
        };
        return { status: 200, body: stored };
      },
    });
    await screen.findByRole('heading', { name: 'Tor Teknikk' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('button', { name: 'Save' }).closest('form')!;
    expect(field(form, /First name/)).toHaveValue('Tor');
    expect(field(form, /E-mail/)).toHaveValue('tech@nordic.example.com');

    await user.clear(field(form, /First name/));
    await user.clear(field(form, /E-mail/));
    await user.type(field(form, /E-mail/), 'tor at nordic');
    await user.type(field(form, /Phone/), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('This field is required')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(field(form, /First name/), 'Tore');
    await user.clear(field(form, /E-mail/));
    await user.type(field(form, /E-mail/), 'tore@nordic.example.com');
    await user.clear(field(form, /Phone/));
    await user.type(field(form, /Job title/), 'Lead technician');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      firstName: 'Tore',
      lastName: 'Teknikk',
      email: 'tore@nordic.example.com',
      phoneNumber: '',
      jobTitle: 'Lead technician',
      department: '',
      version: 1,
    });
    expect(await screen.findByRole('heading', { name: 'Tore Teknikk' })).toBeInTheDocument();
    expect(screen.getByText('Lead technician')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('shows the conflict message on 409 and starts over from the newer version when asked', async () => {
    let stored: Technician = tor;
    const { user, calls } = open(() => stored, {
      [`PUT /api/technicians/${tor.id}`]: (request) =>
        (request.body as { version: number }).version === stored.version
          ? { status: 200, body: { ...stored, ...(request.body as object), version: stored.version + 1 } }
          : {
              status: 409,
              body: problem(409, 'version_conflict', 'The technician was changed by someone else.'),
            },
    });
    await screen.findByRole('heading', { name: 'Tor Teknikk' });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    // Meanwhile someone else gives Tor a department.
    stored = { ...tor, department: 'Workshop', version: 2 };
    const form = screen.getByRole('button', { name: 'Save' }).closest('form')!;
    await user.type(field(form, /Job title/), 'Apprentice');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(
      await within(form).findByText(
        'Someone else changed this technician. Load the latest version and make your changes again.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({ version: 1 });
    // What was typed is still there until the user chooses to reload.
    expect(field(form, /Job title/)).toHaveValue('Apprentice');

    await user.click(within(form).getByRole('button', { name: 'Load latest version' }));
    const fresh = await waitForForm();
    await expect.poll(() => field(fresh, /Department/)).toHaveValue('Workshop');
    expect(field(fresh, /Job title/)).toHaveValue('');
    await user.type(field(fresh, /Job title/), 'Apprentice');
    await user.click(within(fresh).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Apprentice')).toBeInTheDocument();
    expect(screen.getByText('Workshop')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({
      department: 'Workshop',
      jobTitle: 'Apprentice',
      version: 2,
    });
  });

  it('offers no edit to technicians', async () => {
    open(() => tor, {}, technician);
    await screen.findByRole('heading', { name: 'Tor Teknikk' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});

async function waitForForm(): Promise<HTMLElement> {
  const save = await screen.findByRole('button', { name: 'Save' });
  return save.closest('form')!;
}

describe('working hours and days off on the technician page', { timeout: 20_000 }, () => {
  const workday = { start: '08:00', end: '16:00' };
  it('saves the hours per weekday with the version read, and adds a day off', async () => {
    const { user, calls } = open(() => tor, {
      [`GET /api/technicians/${tor.id}/working-hours`]: {
        status: 200,
        body: {
          technicianId: tor.id,
          workingHours: [workday, workday, workday, workday, workday, null, null],
          version: 4,
        },
      },
      [`PUT /api/technicians/${tor.id}/working-hours`]: (request) => ({
        status: 200,
        body: { technicianId: tor.id, ...(request.body as object), version: 5 },
      }),
      [`GET /api/technicians/${tor.id}/days-off`]: { status: 200, body: { items: [] } },
      [`POST /api/technicians/${tor.id}/days-off`]: {
        status: 409,
        body: problem(409, 'conflict', 'This technician already has that day off.'),
      },
    });
    const hours = await screen.findByRole('form', { name: 'Working hours' });
    await within(hours).findByRole('checkbox', { name: 'Friday' });
    await user.click(within(hours).getByRole('checkbox', { name: 'Friday' }));
    const saturday = within(hours).getByRole('checkbox', { name: 'Saturday' });
    await user.click(saturday);
    const end = within(hours).getByLabelText('Saturday end');
    await user.clear(end);
    await user.type(end, '07:00');
    await user.click(within(hours).getByRole('button', { name: 'Save working hours' }));
    expect(within(hours).getByText('The end must be after the start.')).toBeInTheDocument();
    await user.clear(end);
    await user.type(end, '12:00');
    await user.click(within(hours).getByRole('button', { name: 'Save working hours' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        workingHours: [workday, workday, workday, workday, null, { start: '08:00', end: '12:00' }, null],
        version: 4,
      }),
    );

    const daysOff = screen.getByRole('form', { name: 'Add day off' });
    await user.type(within(daysOff).getByLabelText(/Date/), '2026-12-24');
    await user.type(within(daysOff).getByLabelText(/Reason/), 'Christmas');
    await user.click(within(daysOff).getByRole('button', { name: 'Add day off' }));
    expect(await within(daysOff).findByText('This technician already has that day off.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ date: '2026-12-24', reason: 'Christmas' });
  });
});
