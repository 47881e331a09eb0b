import { screen, waitFor, within } from '@testing-library/react';
import type { Customer } from '@service-portal/shared/customers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  lookupRoutes,
  ORDER_ID,
  serviceManager,
  serviceOrder,
  serviceOrderRows,
} from '../../test/fixtures.ts';
import { mockApi, problem } from '../../test/http.ts';
import { renderApp } from '../../test/render.tsx';

// Issue 31 item 6: a session that expires while a form is open must not lose what was typed.

beforeAll(async () => {
  await import('./routes/customer.tsx');
  await import('./routes/service-order-new.tsx');
  await import('./routes/service-order.tsx');
  await import('./routes/login.tsx');
  await import('./layout/app-layout.tsx');
});

const kari: Customer = {
  id: 'c0000000-0000-4000-8000-000000000001',
  name: 'Kari Kunde',
  email: 'kari@example.com',
  phone: null,
  address: null,
  notes: null,
  orderCount: 1,
  openOrderCount: 0,
  lastOrderAt: null,
  mergedIntoId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 3,
};

describe('an expired session while a form is open', { timeout: 30_000 }, () => {
  it('says so, signs in again, and gives the typing back to submit', async () => {
    let puts = 0;
    const { calls } = mockApi({
      'GET /api/user/profile': { status: 200, body: serviceManager },
      'GET /api/customers': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } },
      'GET /api/customers/duplicates': { status: 200, body: { items: [] } },
      [`GET /api/customers/${kari.id}`]: { status: 200, body: kari },
      [`GET /api/customers/${kari.id}/serial-numbers`]: { status: 200, body: [] },
      'GET /api/service-orders': {
        status: 200,
        body: { items: serviceOrderRows(0), total: 0, page: 1, pageSize: 10 },
      },
      // The session was deleted on the server: the first save is refused.
      [`PUT /api/customers/${kari.id}`]: (request) => {
        puts += 1;
        return puts === 1
          ? { status: 401, body: problem(401, 'unauthenticated', 'Session expired') }
          : { status: 200, body: { ...kari, ...(request.body as object), version: 4 } };
      },
      'POST /api/auth/otp/request': { status: 200, body: { message: 'sent', expiresInSeconds: 600 } },
      'POST /api/auth/otp/verify': {
        status: 200,
        body: { token: 'new-token', expiresAt: '2030-01-01T00:00:00.000Z', user: serviceManager },
      },
    });
    const { user, router } = renderApp(`/customers/${kari.id}`, { signedInAs: serviceManager });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Kari Typed');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Storgata 1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The sign-in page, saying why and that the typing is kept.
    expect(await screen.findByText('Your session has expired — sign in again')).toBeInTheDocument();
    expect(screen.getByText(/What you were typing is kept/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await user.type(await screen.findByLabelText(/e-mail address/i), 'manager@nordic.example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText(/one-time code/i), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // Back on the customer, the form open with what was typed.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${kari.id}`));
    expect(await screen.findByRole('textbox', { name: /Name/ })).toHaveValue('Kari Typed');
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('Storgata 1');
    expect(window.sessionStorage.length).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      expect.objectContaining({ name: 'Kari Typed', address: 'Storgata 1', version: 3 }),
      expect.objectContaining({ name: 'Kari Typed', address: 'Storgata 1', version: 3 }),
    ]);
    expect(within(document.body).queryByText('Your session has expired — sign in again')).toBeNull();
  });

  // The whole order form renders twice in jsdom: give a slow machine room.
  it(
    'keeps a new service order typed before the session ended, and creates it after signing in',
    { timeout: 90_000 },
    async () => {
      let posts = 0;
      const { calls } = mockApi({
        'GET /api/user/profile': { status: 200, body: serviceManager },
        ...lookupRoutes,
        'POST /api/service-orders': () => {
          posts += 1;
          return posts === 1
            ? { status: 401, body: problem(401, 'unauthenticated', 'Your session has ended.') }
            : { status: 201, body: serviceOrder() };
        },
        'POST /api/auth/otp/request': { status: 200, body: { message: 'sent', expiresInSeconds: 600 } },
        'POST /api/auth/otp/verify': {
          status: 200,
          body: { token: 'new-token', expiresAt: '2030-01-01T00:00:00.000Z', user: serviceManager },
        },
      });
      const { user, router } = renderApp('/service-orders/new', { signedInAs: serviceManager });
      const field = (label: RegExp) => screen.findByLabelText(label, { selector: 'input, textarea' });
      await user.type(await field(/^Customer name/), 'Kari Nordmann');
      await user.type(await field(/^Customer e-mail/), 'kari@example.no');
      await user.type(await field(/^Title/), 'Heater does not ignite');
      await user.click(screen.getByRole('button', { name: 'Create service order' }));

      expect(await screen.findByText('Your session has expired — sign in again')).toBeInTheDocument();
      expect(screen.getByText(/What you were typing is kept/)).toBeInTheDocument();
      await user.type(await screen.findByLabelText(/e-mail address/i), 'manager@nordic.example.com');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      await user.type(await screen.findByLabelText(/one-time code/i), '123456');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/service-orders/new'));
      await waitFor(async () => expect(await field(/^Title/)).toHaveValue('Heater does not ignite'));
      expect(await field(/^Customer name/)).toHaveValue('Kari Nordmann');
      expect(window.sessionStorage.length).toBe(0);

      await user.click(screen.getByRole('button', { name: 'Create service order' }));
      await waitFor(() => expect(posts).toBe(2));
      const sent = calls.filter((c) => c.method === 'POST' && c.url === '/api/service-orders');
      expect(sent.map((c) => c.body)).toEqual([
        expect.objectContaining({ customerName: 'Kari Nordmann', title: 'Heater does not ignite' }),
        expect.objectContaining({ customerName: 'Kari Nordmann', title: 'Heater does not ignite' }),
      ]);
    },
  );

  it(
    'keeps an order edit whose autosave met the expired session, and saves it after signing in',
    { timeout: 90_000 },
    async () => {
      let puts = 0;
      const order = serviceOrder();
      const { calls } = mockApi({
        'GET /api/user/profile': { status: 200, body: serviceManager },
        ...lookupRoutes,
        [`GET /api/service-orders/${ORDER_ID}`]: { status: 200, body: order },
        'GET /api/service-orders': {
          status: 200,
          body: { items: serviceOrderRows(0), total: 0, page: 1, pageSize: 10 },
        },
        'GET /api/customers': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } },
        [`PUT /api/service-orders/${ORDER_ID}`]: (request) => {
          puts += 1;
          return puts === 1
            ? { status: 401, body: problem(401, 'unauthenticated', 'Your session has ended.') }
            : { status: 200, body: { ...order, ...(request.body as object), version: order.version + 1 } };
        },
        'POST /api/auth/otp/request': { status: 200, body: { message: 'sent', expiresInSeconds: 600 } },
        'POST /api/auth/otp/verify': {
          status: 200,
          body: { token: 'new-token', expiresAt: '2030-01-01T00:00:00.000Z', user: serviceManager },
        },
      });
      const { user, router } = renderApp(`/service-orders/${ORDER_ID}`, { signedInAs: serviceManager });
      const field = (label: RegExp) => screen.findByLabelText(label, { selector: 'input, textarea' });
      const title = await field(/^Title/);
      await user.clear(title);
      await user.type(title, 'Typed before the session ended');

      // Autosave meets the 401: the sign-in page says why.
      expect(
        await screen.findByText('Your session has expired — sign in again', {}, { timeout: 10_000 }),
      ).toBeInTheDocument();
      await user.type(await screen.findByLabelText(/e-mail address/i), 'manager@nordic.example.com');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      await user.type(await screen.findByLabelText(/one-time code/i), '123456');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));

      await waitFor(() => expect(router.state.location.pathname).toBe(`/service-orders/${ORDER_ID}`));
      await waitFor(async () => expect(await field(/^Title/)).toHaveValue('Typed before the session ended'));
      // Given back, it is a change: autosave sends it, with the version it read.
      await waitFor(() => expect(puts).toBe(2), { timeout: 10_000 });
      const sent = calls.filter((c) => c.method === 'PUT');
      expect(sent.map((c) => c.body)).toEqual([
        expect.objectContaining({ title: 'Typed before the session ended', version: order.version }),
        expect.objectContaining({ title: 'Typed before the session ended', version: order.version }),
      ]);
    },
  );
});
