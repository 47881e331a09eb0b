import { screen, waitFor, within } from '@testing-library/react';
import type { Customer } from '@service-portal/shared/customers';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceOrderRows, serviceManager, technician } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/customers.tsx');
  await import('../../../app/routes/customer.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

function customer(n: number, overrides: Partial<Customer> = {}): Customer {
  return {
    id: `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Customer ${n}`,
    email: `c${n}@example.com`,
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
    ...overrides,
  };
}

const kari = customer(1, { name: 'Kari Kunde' });
const dup = customer(2, { name: 'Kari K.' });
const TOTAL = 45;

const list: Handler = (request) => {
  const page = Number(request.params.page ?? 1);
  const size = Number(request.params.pageSize ?? 20);
  const first = (page - 1) * size + 1;
  const items = request.params.search
    ? [kari, dup]
    : Array.from({ length: Math.max(0, Math.min(size, TOTAL - first + 1)) }, (_, i) => customer(first + i));
  return { status: 200, body: { items, total: request.params.search ? 2 : TOTAL, page, pageSize: size } };
};

function start(path: string, routes: Record<string, Handler> = {}, as = serviceManager) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: as },
    'GET /api/customers': list,
    [`GET /api/customers/${kari.id}`]: { status: 200, body: kari },
    'GET /api/service-orders': {
      status: 200,
      body: { items: serviceOrderRows(1), total: 1, page: 1, pageSize: 10 },
    },
    [`GET /api/customers/${kari.id}/serial-numbers`]: {
      status: 200,
      body: [
        {
          serialNumber: 'SN-778',
          orderCount: 2,
          lastOrderAt: '2026-02-01T00:00:00.000Z',
          lastOrderId: serviceOrderRows(1)[0]!.id,
        },
      ],
    },
    ...routes,
  });
  return { ...api, ...renderApp(path, { signedInAs: as }) };
}

describe('customers', { timeout: 20_000 }, () => {
  it('pages with "Showing X to Y of Z results", sorts and searches after a pause', async () => {
    const { user, calls } = start('/customers');
    expect(await screen.findByText('Showing 1 to 20 of 45 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Showing 41 to 45 of 45 results')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Newest first' }));
    await expect
      .poll(() =>
        calls.some(
          (c) => c.params.sort === 'createdAt' && c.params.sortDirection === 'desc' && c.params.page === '1',
        ),
      )
      .toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'kari');
    expect(await screen.findByRole('link', { name: 'Kari Kunde' })).toHaveAttribute(
      'href',
      `/customers/${kari.id}`,
    );
    expect(calls.filter((c) => c.params.search !== undefined).map((c) => c.params.search)).toEqual(['kari']);
  });

  it('keeps search, sort and page in the URL: a reload shows the same list, Back the one before', async () => {
    const { user, router, calls } = start('/customers?sort=createdAt:desc&page=2');
    expect(await screen.findByText('Showing 21 to 40 of 45 results')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/customers')?.params).toEqual({
      page: '2',
      pageSize: '20',
      sort: 'createdAt',
      sortDirection: 'desc',
    });
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Newest first');
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Showing 41 to 45 of 45 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=createdAt%3Adesc&page=3');

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'kari');
    expect(await screen.findByRole('link', { name: 'Kari Kunde' })).toBeInTheDocument();
    // A new search starts on page 1 and keeps the sort.
    expect(router.state.location.search).toBe('?q=kari&sort=createdAt%3Adesc');

    await router.navigate(-1);
    expect(await screen.findByText('Showing 21 to 40 of 45 results')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  it('edits contact data, refusing invalid values with the shared messages, and sends the version', async () => {
    const { user, calls } = start(`/customers/${kari.id}`, {
      [`PUT /api/customers/${kari.id}`]: (request) => ({
        status: 200,
        body: { ...kari, ...(request.body as object), version: 4 },
      }),
    });
    expect(await screen.findByText('SN-778')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: serviceOrderRows(1)[0]!.orderNumber })).toHaveAttribute(
      'href',
      `/service-orders/${serviceOrderRows(1)[0]!.id}`,
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    // The form loads on the click (issue 18: weight).
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nope');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Customer name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(name, 'Kari Nordmann');
    await user.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    await user.clear(screen.getByRole('textbox', { name: 'Phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '+47 912 34 567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      name: 'Kari Nordmann',
      phone: '+47 912 34 567',
      version: 3,
    });
  });

  it('lets a manager merge a picked duplicate after confirming', async () => {
    const { user, calls } = start(`/customers/${kari.id}`, {
      [`POST /api/customers/${kari.id}/merge`]: { status: 200, body: { ...kari, orderCount: 2 } },
    });
    await screen.findByText('SN-778');
    await user.click(screen.getByRole('combobox', { name: 'Duplicate customer' }));
    await user.click(await screen.findByRole('option', { name: 'Customer 2 · c2@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Customers merged successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ sourceId: dup.id });
  });

  it('offers no merge to technicians', async () => {
    start(`/customers/${kari.id}`, {}, technician);
    await screen.findByText('SN-778');
    expect(screen.queryByText('Merge a duplicate')).not.toBeInTheDocument();
  });

  it('shows a taken e-mail on the e-mail field, by the problem code', async () => {
    const { user } = start(`/customers/${kari.id}`, {
      [`PUT /api/customers/${kari.id}`]: { status: 409, body: problem(409, 'email_taken', 'Taken') },
    });
    await screen.findByText('SN-778');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Another customer already has this e-mail address.'),
    );
  });

  it("shows the server's version conflict", async () => {
    const { user } = start(`/customers/${kari.id}`, {
      [`PUT /api/customers/${kari.id}`]: { status: 409, body: problem(409, 'version_conflict', 'Stale') },
    });
    await screen.findByText('SN-778');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Someone else changed this customer. Reload and try again.'),
    ).toBeInTheDocument();
  });
});
