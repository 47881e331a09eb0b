import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@service-portal/shared/auth';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  listPage,
  lookupRoutes,
  serviceManager,
  serviceOrderRows,
  technician,
} from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import type { Handler, RecordedRequest } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';
import { displayTimeZone } from '../../../lib/time-zone.ts';
import { endOfDay, startOfDay } from '../lib/day-range.ts';

// Loads the lazy screen before the first test, so no test pays for compiling it.
beforeAll(async () => {
  await import('../../../app/routes/service-orders.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const TOTAL = 45;

/** Answers the list like the server: `total` orders, the page asked for. */
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

function start(
  path = '/service-orders',
  options: { as?: User; width?: number; routes?: Record<string, Handler> } = {},
) {
  const as = options.as ?? serviceManager;
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: as },
    ...lookupRoutes,
    'GET /api/service-orders': pagedList,
    'GET /api/service-order-views': { status: 200, body: { items: [] } },
    ...options.routes,
  });
  const view = renderApp(path, { signedInAs: as, ...(options.width ? { width: options.width } : {}) });
  return { ...api, ...view };
}

const listCalls = (calls: RecordedRequest[]) =>
  calls.filter((call) => call.method === 'GET' && call.url === '/api/service-orders');

describe('service order list', { timeout: 20_000 }, () => {
  it('shows the spec §2 columns and "Showing X to Y of Z results", and pages with Previous / Next page', async () => {
    const { user, router, calls } = start();

    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      '',
      'Order number',
      'Title',
      'Customer',
      'Status',
      'Priority',
      'Technician',
      'Created',
      'Actions',
    ]);
    expect(screen.getByText('Showing 1 to 20 of 45 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 21 to 40 of 45 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(listCalls(calls).at(-1)?.params).toMatchObject({
      page: '2',
      pageSize: '20',
      sortDirection: 'desc',
    });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 41 to 45 of 45 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    // The back button goes back a page.
    await router.navigate(-1);
    expect(await screen.findByText('Showing 21 to 40 of 45 results')).toBeInTheDocument();
  });

  it('reads filters, sort and page from the URL, so a reload shows the same list', async () => {
    const { calls } = start(
      '/service-orders?q=heater&status=in_progress,completed&priority=critical&email=kari%40example.no&sort=asc&page=2',
    );

    await screen.findByText('Showing 21 to 40 of 45 results');
    expect(listCalls(calls)[0]?.params).toEqual({
      search: 'heater',
      status: 'in_progress,completed',
      priority: 'critical',
      customerEmail: 'kari@example.no',
      sortDirection: 'asc',
      page: '2',
      pageSize: '20',
    });
    expect(screen.getByRole('searchbox', { name: 'Search service orders' })).toHaveValue('heater');
    // The advanced panel opens by itself when it holds filters.
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveAttribute('aria-expanded', 'true');
    // Its inputs load with it (issue 18: weight).
    expect(await screen.findByDisplayValue('kari@example.no')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('takes a dashboard figure’s scope from the URL into the query, says so, and clears it', async () => {
    const technician = '0b5c8a3e-1f2d-4c6b-9a7e-3d2f1e0c9b8a';
    const { user, router, calls } = start(
      `/service-orders?serviceType=repair&technician=${technician}` +
        '&createdFrom=2026-01-01T00%3A00%3A00.000Z&createdTo=2026-02-01T00%3A00%3A00.000Z&completedFrom=not-a-date',
    );

    await screen.findByText('Showing 1 to 20 of 45 results');
    expect(listCalls(calls)[0]?.params).toMatchObject({
      serviceType: 'repair',
      assignedTechnicianId: technician,
      createdFrom: '2026-01-01T00:00:00.000Z',
      createdTo: '2026-02-01T00:00:00.000Z',
    });
    expect(listCalls(calls)[0]?.params).not.toHaveProperty('completedFrom');
    const notice = screen.getByTestId('list-scope');
    expect(notice).toHaveTextContent('Showing the orders that a dashboard figure counts.');

    await user.click(within(notice).getByRole('button', { name: 'Clear' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByTestId('list-scope')).not.toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).at(-1)?.params).not.toHaveProperty('serviceType'));
  });

  it(
    'filters by type, technician and created and completed days, from the filter panel',
    { timeout: 60_000 },
    async () => {
      const { user, router, calls } = start();
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: 'Filters' }));

      await user.click(screen.getByLabelText('Type', { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'Warranty' }));
      await user.click(screen.getByLabelText('Assigned technician', { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: 'Tor Teknikk' }));
      fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-03-04' } });
      fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2026-03-31' } });
      fireEvent.change(screen.getByLabelText('Completed from'), { target: { value: '2026-04-01' } });

      const zone = displayTimeZone();
      await waitFor(() =>
        expect(listCalls(calls).at(-1)?.params).toMatchObject({
          serviceType: 'warranty',
          assignedTechnicianId: 'e0000000-0000-4000-8000-000000000001',
          createdFrom: startOfDay('2026-03-04', zone),
          createdTo: endOfDay('2026-03-31', zone),
          completedFrom: startOfDay('2026-04-01', zone),
        }),
      );
      // The panel shows the days back, and the filter count includes them.
      expect(screen.getByLabelText('Created to')).toHaveValue('2026-03-31');
      expect(screen.getByLabelText('Active filters: 4')).toBeInTheDocument();
      expect(new URLSearchParams(router.state.location.search).get('serviceType')).toBe('warranty');

      fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '' } });
      await waitFor(() => expect(listCalls(calls).at(-1)?.params).not.toHaveProperty('createdFrom'));
    },
  );

  it('searches 300 ms after typing stops, from page 1, without a request per keystroke', async () => {
    const { user, router, calls } = start('/service-orders?page=2');
    await screen.findByText('Showing 21 to 40 of 45 results');
    const before = listCalls(calls).length;

    await user.type(screen.getByRole('searchbox', { name: 'Search service orders' }), 'kari');

    await waitFor(() => expect(router.state.location.search).toBe('?q=kari'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.params).toMatchObject({ search: 'kari', page: '1' }));
    expect(listCalls(calls).length - before).toBe(1);
  });

  it('filters by status and priority, and sorts by the created date', async () => {
    const { user, router, calls } = start();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Waiting for parts' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=waiting_for_parts'));

    await user.click(screen.getByLabelText('Priority', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Critical' }));
    await user.click(screen.getByRole('button', { name: 'Created' }));

    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.params).toMatchObject({
        status: 'waiting_for_parts',
        priority: 'critical',
        sortDirection: 'asc',
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('asc');
  });

  it('offers to clear the filters when nothing matches', async () => {
    const { user, router } = start('/service-orders?q=nothing', {
      routes: { 'GET /api/service-orders': listPage([], 0) },
    });

    expect(await screen.findByText('No service orders match your search and filters.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('brings a page past the end back to the first page', async () => {
    const { user, router } = start('/service-orders?page=9');
    expect(await screen.findByText('There are no results on this page.')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByText('Showing 1 to 20 of 45 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('shows the catalogue message and retries when the search fails', async () => {
    let fail = true;
    const { user } = start('/service-orders', {
      routes: {
        'GET /api/service-orders': (request) =>
          fail
            ? { status: 400, body: problem(400, 'validation_failed', 'status: Invalid option') }
            : pagedList(request),
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to search service orders.');
    expect(alert).toHaveTextContent('400: status: Invalid option');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1 to 20 of 45 results')).toBeInTheDocument();
  });

  it('shows cards instead of a table on a phone', async () => {
    start('/service-orders', { width: 375 });
    expect(await screen.findByRole('link', { name: 'SO-2026-000001' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select SO-2026-000001' })).toBeInTheDocument();
  });
});

describe('bulk actions', { timeout: 20_000 }, () => {
  it('changes the status of the selected orders', async () => {
    const { user, calls } = start('/service-orders', {
      routes: { 'POST /api/service-orders/bulk-update-status': { status: 200, body: { updated: 2 } } },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('checkbox', { name: 'Select SO-2026-000001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select SO-2026-000003' }));
    const bar = within(await screen.findByRole('region', { name: 'Bulk actions' }));
    expect(bar.getByText('Selected: 2')).toBeInTheDocument();

    await user.click(bar.getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Scheduled' }));

    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/service-orders/bulk-update-status')?.body).toEqual({
        orderIds: ['b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000003'],
        status: 'scheduled',
      }),
    );
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('offers only the statuses every selected order can take (issue 18)', async () => {
    const { user } = start('/service-orders');
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select all orders on this page' }));
    const bar = within(await screen.findByRole('region', { name: 'Bulk actions' }));
    await user.click(bar.getByRole('button', { name: 'Change status' }));
    await screen.findByRole('menu');
    // Every order is Created: it can be scheduled, started, cancelled or put on hold, not completed.
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Scheduled',
      'In progress',
      'Cancelled',
      'On hold',
    ]);
  });

  it('asks for completion notes when completing, and shows the server\u2019s refusal', async () => {
    const { user, calls } = start('/service-orders', {
      routes: {
        // Orders in progress may be completed, so the menu offers it; the server still refuses.
        'GET /api/service-orders': (request) => {
          const page = Number(request.params.page ?? 1);
          const rows = serviceOrderRows(20, (page - 1) * 20 + 1).map((row) => ({
            ...row,
            status: 'in_progress' as const,
          }));
          return listPage(rows, TOTAL, page, 20);
        },
        'POST /api/service-orders/bulk-update-status': {
          status: 409,
          body: problem(
            409,
            'invalid_transition',
            'Order SO-2026-000001 cannot move from in_progress to completed.',
          ),
        },
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select all orders on this page' }));
    const bar = within(await screen.findByRole('region', { name: 'Bulk actions' }));
    expect(bar.getByText('Selected: 20')).toBeInTheDocument();

    await user.click(bar.getByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Completed' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Completion notes'), 'Season service done');
    await user.click(dialog.getByRole('button', { name: 'Mark as completed' }));

    expect(await bar.findByRole('alert')).toHaveTextContent(
      'Failed to update the selected service orders. (409: Order SO-2026-000001 cannot move from in_progress to completed.)',
    );
    const body = calls.find((call) => call.url === '/api/service-orders/bulk-update-status')?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ status: 'completed', completionNotes: 'Season service done' });
    expect(body.orderIds).toHaveLength(20);
    // The selection stays, so the user can try something else.
    expect(bar.getByText('Selected: 20')).toBeInTheDocument();
  });

  it('assigns a technician, or says the list of technicians could not be loaded', async () => {
    const { user, calls } = start('/service-orders', {
      routes: { 'POST /api/service-orders/bulk-assign-technician': { status: 200, body: { updated: 1 } } },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select SO-2026-000002' }));
    await user.click(await screen.findByRole('button', { name: 'Assign technician' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Tor Teknikk' }));

    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/service-orders/bulk-assign-technician')?.body).toEqual({
        orderIds: ['b0000000-0000-4000-8000-000000000002'],
        technicianId: 'e0000000-0000-4000-8000-000000000001',
      }),
    );
  });

  it('keeps working when technicians cannot be loaded', async () => {
    const { user } = start('/service-orders', {
      routes: { 'GET /api/technicians': { status: 404, body: problem(404, 'not_found') } },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select SO-2026-000002' }));
    await user.click(await screen.findByRole('button', { name: 'Assign technician' }));
    expect(await screen.findByText('Failed to load technicians.')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Remove technician' })).toBeInTheDocument();
  });
});

describe('export', { timeout: 20_000 }, () => {
  it('downloads the current filter as a workbook, with the session token', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user, calls } = start('/service-orders?status=completed', {
      as: technician,
      routes: {
        'GET /api/service-orders/export': {
          status: 200,
          body: new Blob(['xlsx']),
          headers: { 'content-disposition': 'attachment; filename="service-orders-2026-03-04.xlsx"' },
        },
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('service-orders-2026-03-04.xlsx');
    const request = calls.find((call) => call.url === '/api/service-orders/export');
    expect(request?.params).toEqual({
      status: 'completed',
      sortDirection: 'desc',
      includeInternalNotes: 'false',
    });
    expect(request?.headers.get('Authorization')).toBe('Bearer test-token');
    vi.unstubAllGlobals();
  });

  it('lets a manager include internal notes, and reports a failed export', async () => {
    const { user, calls } = start('/service-orders', {
      routes: {
        'GET /api/service-orders/export': {
          status: 403,
          body: new Blob([JSON.stringify(problem(403, 'forbidden', 'Not allowed'))], {
            type: 'application/problem+json',
          }),
        },
      },
    });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export with internal notes' }));

    expect(await screen.findByText('Failed to load data. (403: Not allowed)')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/service-orders/export')?.params).toMatchObject({
      includeInternalNotes: 'true',
    });
  });
});
