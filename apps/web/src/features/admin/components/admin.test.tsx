import { screen, within } from '@testing-library/react';
import type { AdminServicePartner } from '@service-portal/shared/admin';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { globalAdmin, serviceManager } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/admin.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const nordic: AdminServicePartner = {
  id: '5b1f0c1e-8a4d-4c2b-9e7f-1a2b3c4d5e6f',
  name: 'Nordic Service AS',
  isActive: true,
  timeZone: 'Europe/Oslo',
  userCount: 3,
  activeUserCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

function start(routes: Record<string, Handler> = {}, as = globalAdmin, path = '/admin') {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: as },
    'GET /api/admin/users': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } },
    'GET /api/admin/service-partners': {
      status: 200,
      body: { items: [nordic], total: 1, page: 1, pageSize: 100 },
    },
    'GET /api/admin/acting-partners': { status: 200, body: [{ id: nordic.id, name: nordic.name }] },
    ...routes,
  });
  return { ...api, ...renderApp(path, { signedInAs: as }) };
}

describe('administration', { timeout: 20_000 }, () => {
  it('invites a user: requires a partner unless global admin, and sends name, partner, roles and flags', async () => {
    const { user, calls } = start({
      'POST /api/admin/users': (request) => ({
        status: 201,
        body: {
          id: '66666666-6666-4666-8666-666666666666',
          roles: [],
          isActive: true,
          isGlobalAdmin: false,
          servicePartnerId: null,
          servicePartnerName: null,
          department: null,
          jobTitle: null,
          phoneNumber: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
          version: 1,
          ...(request.body as object),
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'bad');
    await user.click(within(dialog).getByRole('button', { name: 'Invite user' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);
    expect(
      within(dialog).getByText('Choose a service partner, or make the user a global administrator'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: /E-mail/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'new@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Nina');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Ny');
    await user.click(within(dialog).getByRole('combobox', { name: 'Service partner' }));
    await user.click(await screen.findByRole('option', { name: 'Nordic Service AS' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Service manager' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite user' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'new@example.com',
      firstName: 'Nina',
      lastName: 'Ny',
      servicePartnerId: nordic.id,
      roles: ['ServiceManager'],
      isActive: true,
      isGlobalAdmin: false,
    });
  });

  it('lets a global admin pick the partner they act for; later calls carry it', async () => {
    const { user, calls } = start();
    const switcher = await screen.findByRole('combobox', { name: 'Acting for service partner' });
    await user.click(switcher);
    await user.click(await screen.findByRole('option', { name: 'Nordic Service AS' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.actingPartner)).toBe(nordic.id);
    await expect
      .poll(() => calls.some((call) => call.headers.get('X-Service-Partner-Id') === nordic.id))
      .toBe(true);
  });

  it('shows no switcher to partner users', async () => {
    start({}, serviceManager, '/');
    expect((await screen.findAllByText('Dashboard')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('acting-partner-switcher')).not.toBeInTheDocument();
  });
});
