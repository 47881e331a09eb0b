import { screen, within } from '@testing-library/react';
import type { AdminServicePartner, AdminUser } from '@service-portal/shared/admin';
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

function adminUser(n: number): AdminUser {
  return {
    id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `user${n}@example.com`,
    firstName: 'User',
    lastName: String(n).padStart(2, '0'),
    roles: ['ServiceManager'],
    isActive: true,
    isGlobalAdmin: false,
    servicePartnerId: nordic.id,
    servicePartnerName: nordic.name,
    department: null,
    jobTitle: null,
    phoneNumber: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  };
}

/** 45 users, answered a page at a time like the server. */
const pagedUsers: Handler = (request) => {
  const page = Number(request.params.page);
  const pageSize = Number(request.params.pageSize);
  const total = request.params.search ? 3 : 45;
  const first = (page - 1) * pageSize + 1;
  const items = Array.from({ length: Math.max(0, Math.min(pageSize, total - first + 1)) }, (_, i) =>
    adminUser(first + i),
  );
  return { status: 200, body: { items, total, page, pageSize } };
};

describe('administration', { timeout: 20_000 }, () => {
  it('pages the users with "Showing X to Y of Z results"; search and page stay in the URL', async () => {
    const { user, router, calls } = start(
      { 'GET /api/admin/users': pagedUsers },
      globalAdmin,
      '/admin?page=2',
    );
    expect(await screen.findByText('Showing 21 to 40 of 45 results')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'user21@example.com' })).toBeInTheDocument();
    const usersCalls = () => calls.filter((call) => call.url === '/api/admin/users');
    expect(usersCalls()[0]?.params).toEqual({ page: '2', pageSize: '20' });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 41 to 45 of 45 results')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'user45@example.com' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');

    await user.type(screen.getByRole('textbox', { name: 'Search name or e-mail' }), 'user1');
    expect(await screen.findByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=user1');
    expect(usersCalls().at(-1)?.params).toEqual({ page: '1', pageSize: '20', search: 'user1' });

    // The partners tab is in the URL too; back on Users, the search is still there.
    await user.click(screen.getByRole('tab', { name: 'Service partners' }));
    expect(router.state.location.search).toBe('?tab=partners&q=user1');
    await router.navigate(-1);
    expect(await screen.findByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search name or e-mail' })).toHaveValue('user1');
  });

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

  it('on a phone, keeps the switcher behind an icon so the search box has room', async () => {
    mockApi({
      'GET /api/user/profile': { status: 200, body: globalAdmin },
      'GET /api/admin/acting-partners': { status: 200, body: [{ id: nordic.id, name: nordic.name }] },
    });
    const { user } = renderApp('/', { signedInAs: globalAdmin, width: 375 });
    const button = await screen.findByRole('button', {
      name: 'Acting for service partner: Choose a partner',
    });
    expect(screen.queryByRole('combobox', { name: 'Acting for service partner' })).not.toBeInTheDocument();
    // A short placeholder on a phone (issue 18): the full one would be cut.
    expect(screen.getByPlaceholderText('Search…')).toBeInTheDocument();

    await user.click(button);
    await user.click(await screen.findByRole('combobox', { name: 'Acting for service partner' }));
    await user.click(await screen.findByRole('option', { name: 'Nordic Service AS' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.actingPartner)).toBe(nordic.id);
    expect(
      await screen.findByRole('button', { name: 'Acting for service partner: Nordic Service AS' }),
    ).toBeInTheDocument();
    await expect
      .poll(() => screen.queryByRole('combobox', { name: 'Acting for service partner' }))
      .toBeNull();
  });

  it('shows no switcher to partner users', async () => {
    start({}, serviceManager, '/');
    expect((await screen.findAllByText('Dashboard')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('acting-partner-switcher')).not.toBeInTheDocument();
  });
});
