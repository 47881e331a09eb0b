import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderListView } from '@service-portal/shared/service-order-views';
import { listPage, lookupRoutes, serviceManager, serviceOrderRows } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import type { Handler, RecordedRequest } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

// Issue 31 item 9: page size and page numbers, the column chooser, saved views.

beforeAll(async () => {
  await import('../../../app/routes/service-orders.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const TOTAL = 120;
const pagedList: Handler = (request) => {
  const page = Number(request.params.page ?? 1);
  const pageSize = Number(request.params.pageSize ?? 20);
  const first = (page - 1) * pageSize + 1;
  return listPage(
    serviceOrderRows(Math.max(0, Math.min(pageSize, TOTAL - first + 1)), first),
    TOTAL,
    page,
    pageSize,
  );
};

const saved: OrderListView = {
  id: '7d3c1d2e-6f1a-4c51-9b7e-1f2a3b4c5d6e',
  name: 'Urgent work',
  settings: {
    search: '',
    status: ['in_progress'],
    priority: ['critical'],
    customerEmail: '',
    technicianId: null,
    sortDirection: 'asc',
    pageSize: 50,
    columns: ['orderNumber', 'title', 'technician', 'scheduled'],
  },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function start(path = '/service-orders', views: OrderListView[] = []) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: serviceManager },
    ...lookupRoutes,
    'GET /api/service-orders': pagedList,
    'GET /api/service-order-views': { status: 200, body: { items: views } },
    'POST /api/service-order-views': (request) => ({
      status: 201,
      body: { ...saved, id: 'a1b2c3d4-0000-4000-8000-000000000001', ...(request.body as object) },
    }),
  });
  return { ...api, ...renderApp(path, { signedInAs: serviceManager, width: 1440 }) };
}

const lastList = (calls: RecordedRequest[]) =>
  calls.filter((c) => c.method === 'GET' && c.url === '/api/service-orders').at(-1);

const headers = async () =>
  within(await screen.findByRole('table'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('the order list as a working tool', { timeout: 30_000 }, () => {
  it('offers a page size and numbered pages', async () => {
    const { user, router, calls } = start();
    await screen.findByText('Showing 1 to 20 of 120 results');
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Showing 41 to 60 of 120 results')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(await screen.findByText('Showing 1 to 50 of 120 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?size=50');
    expect(lastList(calls)?.params).toMatchObject({ page: '1', pageSize: '50' });
  });

  it('shows and hides columns from the chooser, kept in the URL', async () => {
    const { user, router } = start();
    expect(await headers()).toContain('Customer');
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Customer' }));
    await user.click(screen.getByRole('checkbox', { name: 'Type' }));
    await waitFor(async () => expect(await headers()).not.toContain('Customer'));
    expect(await headers()).toContain('Type');
    expect(router.state.location.search).toBe(
      '?cols=orderNumber%2Ctitle%2Cstatus%2Cpriority%2Ctechnician%2Ccreated%2Ctype',
    );
  });

  it('opens a saved view: its filters, sort, page size and columns', async () => {
    const { user, router, calls } = start('/service-orders', [saved]);
    await screen.findByText('Showing 1 to 20 of 120 results');
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Urgent work' }));
    await screen.findByText('Showing 1 to 50 of 120 results');
    expect(lastList(calls)?.params).toMatchObject({
      status: 'in_progress',
      priority: 'critical',
      sortDirection: 'asc',
      pageSize: '50',
    });
    expect(await headers()).toEqual(['', 'Order number', 'Title', 'Technician', 'Scheduled', 'Actions']);
    expect(router.state.location.search).toContain(`view=${saved.id}`);
    expect(screen.getByRole('button', { name: 'Urgent work' })).toBeInTheDocument();
  });

  it('saves the current list as a new view on the server', async () => {
    const { user, calls } = start('/service-orders?status=completed&size=10&sort=asc');
    await screen.findByText('Showing 1 to 10 of 120 results');
    await user.click(screen.getByRole('button', { name: 'Views' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save as new view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: /View name/ }), 'Done this week');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/service-order-views')?.body).toEqual({
        name: 'Done this week',
        settings: {
          search: '',
          status: ['completed'],
          priority: [],
          customerEmail: '',
          technicianId: null,
          sortDirection: 'asc',
          pageSize: 10,
          columns: ['orderNumber', 'title', 'customer', 'status', 'priority', 'technician', 'created'],
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
