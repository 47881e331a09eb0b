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
    'GET /api/customers/duplicates': { status: 200, body: { items: [] } },
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
  it('creates a customer from the list, warning of one with the same e-mail first', async () => {
    const created = customer(9, { name: 'Nora New', email: 'nora@example.com' });
    const { user, calls, router } = start('/customers', {
      'GET /api/customers/duplicates': (request) => ({
        status: 200,
        body: { items: request.params.email === 'c1@example.com' ? [kari] : [] },
      }),
      'POST /api/customers': { status: 201, body: created },
      [`GET /api/customers/${created.id}`]: { status: 200, body: created },
      [`GET /api/customers/${created.id}/serial-numbers`]: { status: 200, body: [] },
    });
    await user.click(await screen.findByRole('button', { name: 'New customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer' });
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'c1@example.com');
    expect(await within(dialog).findByText('1 customer has this e-mail or phone')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Kari Kunde/ })).toHaveAttribute(
      'href',
      `/customers/${kari.id}`,
    );

    await user.clear(within(dialog).getByRole('textbox', { name: /^E-mail/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'nora@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Nora New');
    await user.click(within(dialog).getByRole('button', { name: 'Create customer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${created.id}`));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Nora New',
      email: 'nora@example.com',
    });
  });

  it("starts an order or a rental from the customer's page, with the customer chosen", async () => {
    start(`/customers/${kari.id}`);
    expect(await screen.findByRole('link', { name: 'New order' })).toHaveAttribute(
      'href',
      `/service-orders/new?customer=${kari.id}`,
    );
    expect(screen.getByRole('link', { name: 'New rental' })).toHaveAttribute(
      'href',
      `/rentals/active?customer=${kari.id}`,
    );
  });

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

  const dupFull = { ...dup, email: 'kari@work.example.com', phone: '912 34 567', version: 7 };
  const preview = {
    survivor: kari,
    source: dupFull,
    differing: ['name', 'email', 'phone'],
    moves: [
      { kind: 'serviceOrders', count: 2 },
      { kind: 'communications', count: 1 },
      { kind: 'rentals', count: 0 },
    ],
  };

  async function openPreview(user: ReturnType<typeof start>['user']) {
    await screen.findByText('SN-778');
    await user.click(screen.getByRole('combobox', { name: 'Other customer' }));
    await user.click(await screen.findByRole('option', { name: 'Customer 2 · c2@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Merge with…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge customers' });
    await within(dialog).findByText('Choose the details to keep');
    return dialog;
  }

  it('merges after a preview: both records, a choice per differing field, what moves', async () => {
    const { user, calls } = start(`/customers/${kari.id}`, {
      [`GET /api/customers/${kari.id}/merge-preview`]: { status: 200, body: preview },
      [`POST /api/customers/${kari.id}/merge`]: { status: 200, body: { ...kari, orderCount: 3 } },
    });
    const dialog = await openPreview(user);
    expect(calls.find((c) => c.url.endsWith('/merge-preview'))?.params).toEqual({ sourceId: dup.id });
    expect(within(dialog).getByText('2 service orders')).toBeInTheDocument();
    expect(within(dialog).getByText('1 message')).toBeInTheDocument();
    expect(within(dialog).queryByText(/rentals and bookings/)).not.toBeInTheDocument();
    // Defaults: the kept record's values, and the other's where the kept one has none.
    const phone = within(dialog).getByRole('group', { name: 'Phone' });
    expect(within(phone).getByRole('radio', { name: /912 34 567/ })).toBeChecked();
    const name = within(dialog).getByRole('group', { name: /^Name/ });
    expect(within(name).getByRole('radio', { name: /Kari Kunde/ })).toBeChecked();
    const email = within(dialog).getByRole('group', { name: 'E-mail' });
    await user.click(within(email).getByRole('radio', { name: /kari@work\.example\.com/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Merge customers' }));
    expect(await screen.findByText('Customers merged successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      sourceId: dup.id,
      version: 3,
      sourceVersion: 7,
      take: { name: 'survivor', email: 'source', phone: 'source' },
    });
  });

  it('says so when either customer changed since the preview, and shows the preview again', async () => {
    const { user, calls } = start(`/customers/${kari.id}`, {
      [`GET /api/customers/${kari.id}/merge-preview`]: { status: 200, body: preview },
      [`POST /api/customers/${kari.id}/merge`]: {
        status: 409,
        body: problem(409, 'version_conflict', 'Stale'),
      },
    });
    const dialog = await openPreview(user);
    await user.click(within(dialog).getByRole('button', { name: 'Merge customers' }));
    expect(await within(dialog).findByText(/was changed since the preview/)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/merge-preview')).length).toBeGreaterThanOrEqual(2),
    );
    // Still open, to be confirmed again.
    expect(within(dialog).getByRole('button', { name: 'Merge customers' })).toBeEnabled();
  });

  it('warns of another customer with the same phone while editing, and offers to open it', async () => {
    const { user, calls } = start(`/customers/${kari.id}`, {
      'GET /api/customers/duplicates': (request) => ({
        status: 200,
        body: { items: request.params.phone === '+47 912 34 567' ? [dupFull] : [] },
      }),
    });
    await screen.findByText('SN-778');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(await screen.findByRole('textbox', { name: 'Phone' }), '+47 912 34 567');
    expect(await screen.findByText('1 customer has this e-mail or phone')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open Kari K\./ })).toHaveAttribute(
      'href',
      `/customers/${dup.id}`,
    );
    // The server compares the numbers (its phone rules); the customer edited is not its own duplicate.
    expect(calls.find((c) => c.params.phone === '+47 912 34 567')?.params).toMatchObject({
      exceptId: kari.id,
    });
  });

  it('offers no merge to technicians', async () => {
    start(`/customers/${kari.id}`, {}, technician);
    await screen.findByText('SN-778');
    expect(screen.queryByText('Merge with another customer')).not.toBeInTheDocument();
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
