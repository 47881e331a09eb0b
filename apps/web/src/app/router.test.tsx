import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@service-portal/shared/auth';
import type { User } from '@service-portal/shared/auth';
import { describe, expect, it } from 'vitest';
import { administrator, globalAdmin, noPartner, serviceManager, technician } from '../../test/fixtures.ts';
import { deferred, mockApi, problem } from '../../test/http.ts';
import type { Reply } from '../../test/http.ts';
import { renderApp } from '../../test/render.tsx';

function profileIs(user: User) {
  return mockApi({
    'GET /api/user/profile': { status: 200, body: user },
    'POST /api/auth/logout': { status: 204 },
  });
}

async function navigation() {
  return within(await screen.findByRole('navigation', { name: 'Main navigation' }));
}

describe('route guard', () => {
  it('sends a signed-out visitor to /login and back to where they were going after sign-in', async () => {
    mockApi({
      'POST /api/auth/otp/request': { status: 200, body: { message: 'sent', expiresInSeconds: 600 } },
      'POST /api/auth/otp/verify': {
        status: 200,
        body: { token: 'jwt', expiresAt: '2030-01-01T00:00:00.000Z', user: serviceManager },
      },
    });
    const { router, user } = renderApp('/pricing?tab=category');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText(/e-mail address/i), 'manager@nordic.example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText(/one-time code/i), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pricing');
    expect(router.state.location.search).toBe('?tab=category');
  });

  it('shows "Loading..." while the stored token is being validated', async () => {
    const reply = deferred<Reply>();
    saveUserBeforeStart(serviceManager);
    mockApi({ 'GET /api/user/profile': () => reply.promise });
    renderApp('/', { signedInAs: serviceManager });

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    reply.resolve({ status: 200, body: serviceManager });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('denies a technician the pricing page', async () => {
    profileIs(technician);
    renderApp('/pricing', { signedInAs: technician });

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
  });

  it('denies a partner administrator the global administration page', async () => {
    profileIs(administrator);
    renderApp('/admin', { signedInAs: administrator });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  });

  it('lets a ServiceManager open pricing and warehouse locations', async () => {
    profileIs(serviceManager);
    const { user } = renderApp('/pricing', { signedInAs: serviceManager });

    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Access Denied' })).not.toBeInTheDocument();

    await user.click((await navigation()).getByRole('link', { name: 'Warehouse Locations' }));
    expect(await screen.findByRole('heading', { name: 'Warehouse Locations' })).toBeInTheDocument();
  });

  it('shows "User not properly configured." with a working Sign Out to a user without a partner', async () => {
    const { calls } = profileIs(noPartner);
    const { user, router } = renderApp('/service-orders', { signedInAs: noPartner });

    expect(await screen.findByRole('heading', { name: 'User not properly configured.' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/auth/logout')).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(router.state.location.state).toBeNull();
  });

  it('redirects unknown paths to the dashboard', async () => {
    profileIs(serviceManager);
    const { router } = renderApp('/no/such/page', { signedInAs: serviceManager });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Welcome, Mona Manager')).toBeInTheDocument();
    expect(screen.getByText('You are working for Nordic Service AS.')).toBeInTheDocument();
  });

  it('serves the public routes without signing in', async () => {
    mockApi({
      'GET /api/customer-upload/some-token': {
        status: 404,
        body: problem(404, 'invalid_upload_link', 'Invalid Upload Link.'),
      },
    });
    renderApp('/customer-upload/some-token');
    expect(await screen.findByRole('heading', { name: 'Invalid Upload Link.' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});

function saveUserBeforeStart(user: User) {
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

describe('start-up validation of a stored token (spec §4)', () => {
  it('keeps the stored user when the server cannot be reached', async () => {
    mockApi({ 'GET /api/user/profile': 'network-error' });
    renderApp('/', { signedInAs: serviceManager });

    expect(await screen.findByText('Welcome, Mona Manager')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');
  });

  it('keeps the stored user when the server fails', async () => {
    mockApi({ 'GET /api/user/profile': { status: 503, body: problem(503, 'internal_error') } });
    renderApp('/', { signedInAs: serviceManager });
    expect(await screen.findByText('Welcome, Mona Manager')).toBeInTheDocument();
  });

  it('signs out when the server rejects the token', async () => {
    mockApi({ 'GET /api/user/profile': { status: 401, body: problem(401, 'unauthenticated') } });
    const { router } = renderApp('/customers', { signedInAs: serviceManager });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(router.state.location.state).toEqual({ from: '/customers' });
  });

  it('refreshes the stored user from the profile', async () => {
    const renamed = { ...serviceManager, firstName: 'Monika' };
    mockApi({ 'GET /api/user/profile': { status: 200, body: renamed } });
    renderApp('/', { signedInAs: serviceManager });

    expect(await screen.findByText('Welcome, Monika Manager')).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(renamed),
    );
  });
});

describe('side menu', () => {
  const allItems = [
    'Dashboard',
    'Service Orders',
    'Schedule',
    'Technicians',
    'Spare Parts List',
    'Customers',
    'Rental Toilets',
    'Products',
    'Catalogue sync',
    'Warehouse Locations',
    'Pricing',
    'API tokens',
    'Webhooks',
    'Documentation',
    'Administration',
  ];

  async function menuItems(user: User) {
    profileIs(user);
    renderApp('/', { signedInAs: user });
    const nav = await navigation();
    return nav.getAllByRole('link').map((link) => link.textContent);
  }

  it('shows a technician the items without role requirements, in order', async () => {
    expect(await menuItems(technician)).toEqual(
      allItems.filter(
        (item) =>
          ![
            'Catalogue sync',
            'Warehouse Locations',
            'Pricing',
            'API tokens',
            'Webhooks',
            'Administration',
          ].includes(item),
      ),
    );
  });

  it('shows "My day" after Schedule to a user who is one of the partner\'s technicians', async () => {
    const { calls } = mockApi({
      'GET /api/user/profile': { status: 200, body: technician },
      'GET /api/my-day': { status: 200, body: {} },
    });
    renderApp('/', { signedInAs: technician });
    const nav = await navigation();
    await waitFor(() =>
      expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Dashboard',
        'Service Orders',
        'Schedule',
        'My day',
        'Technicians',
        'Spare Parts List',
        'Customers',
        'Rental Toilets',
        'Products',
        'Documentation',
      ]),
    );
    expect(calls.filter((call) => call.url === '/api/my-day')).toHaveLength(1);
  });

  it('shows a ServiceManager Pricing and Warehouse Locations but not Administration', async () => {
    expect(await menuItems(serviceManager)).toEqual(
      allItems.filter(
        (item) => !['Catalogue sync', 'API tokens', 'Webhooks', 'Administration'].includes(item),
      ),
    );
  });

  it('shows an Administrator what a ServiceManager sees, and API tokens and webhooks', async () => {
    expect(await menuItems(administrator)).toEqual(allItems.filter((item) => item !== 'Administration'));
  });

  it('shows a global administrator everything, Administration included (they pass role gates)', async () => {
    expect(await menuItems(globalAdmin)).toEqual(allItems);
  });

  it('marks the item of the current path and of paths below it as current', async () => {
    profileIs(serviceManager);
    renderApp('/service-orders/1234', { signedInAs: serviceManager });
    const nav = await navigation();

    expect(nav.getByRole('link', { name: 'Service Orders' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });
});
