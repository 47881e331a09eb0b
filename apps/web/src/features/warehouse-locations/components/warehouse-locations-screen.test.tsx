import { screen, within } from '@testing-library/react';
import type { WarehouseLocation } from '@service-portal/shared/warehouse-locations';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceManager, technician, warehouseLocationRecords } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/warehouse-locations.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const inactive: WarehouseLocation = {
  ...warehouseLocationRecords[0]!,
  id: 'f0000000-0000-4000-8000-000000000002',
  name: 'Old van',
  description: 'Sold last year',
  isActive: false,
};

const list: Handler = (request) => {
  const items =
    request.params.includeInactive === 'true'
      ? [...warehouseLocationRecords, inactive]
      : warehouseLocationRecords;
  return { status: 200, body: { items, total: items.length, page: 1, pageSize: 20 } };
};

function start(routes: Record<string, Handler> = {}, width?: number, path = '/warehouse-locations') {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: serviceManager },
    'GET /api/warehouse-locations': list,
    ...routes,
  });
  const view = renderApp(path, { signedInAs: serviceManager, ...(width ? { width } : {}) });
  return { ...api, ...view };
}

describe('warehouse locations', { timeout: 20_000 }, () => {
  it('hides inactive locations unless "Show inactive" is chosen', async () => {
    const { user, calls } = start();
    expect(await screen.findByText('Shelf A1')).toBeInTheDocument();
    expect(screen.queryByText('Old van')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1 result')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Show inactive'));
    expect(await screen.findByText('Old van')).toBeInTheDocument();
    expect(calls.some((call) => call.params.includeInactive === 'true')).toBe(true);
  });

  it('keeps "Show inactive" in the URL, so a reload and Back show the same list', async () => {
    const { user, router, calls } = start({}, undefined, '/warehouse-locations?inactive=1');
    expect(await screen.findByText('Old van')).toBeInTheDocument();
    expect(screen.getByLabelText('Show inactive')).toBeChecked();
    expect(calls.find((call) => call.url === '/api/warehouse-locations')?.params).toMatchObject({
      includeInactive: 'true',
    });

    await user.click(screen.getByLabelText('Show inactive'));
    await expect.poll(() => screen.queryByText('Old van')).toBeNull();
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Show inactive')).not.toBeChecked();

    await router.navigate(-1);
    expect(await screen.findByText('Old van')).toBeInTheDocument();
    expect(screen.getByLabelText('Show inactive')).toBeChecked();
  });

  it('offers the first page when the page in the URL is past the end', async () => {
    const { user, router } = start(
      {
        'GET /api/warehouse-locations': (request) => ({
          status: 200,
          body: {
            items: request.params.page === '1' ? warehouseLocationRecords : [],
            total: 1,
            page: Number(request.params.page),
            pageSize: 20,
          },
        }),
      },
      undefined,
      '/warehouse-locations?page=4',
    );
    expect(await screen.findByText('There are no results on this page.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByText('Shelf A1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('validates name ≥ 2 and description ≥ 5 with the spec messages before sending', async () => {
    const { user, calls } = start({
      'POST /api/warehouse-locations': (request) => ({
        status: 201,
        body: { ...warehouseLocationRecords[0]!, ...(request.body as object), id: inactive.id },
      }),
    });
    await screen.findByText('Shelf A1');
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'B');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Van');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Description must be at least 5 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '2');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), ' two');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Warehouse location created successfully')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ name: 'B2', description: 'Van two', isActive: true });
  });

  it('shows the spec message when the server refuses to delete a referenced location', async () => {
    const { user } = start({
      [`DELETE /api/warehouse-locations/${warehouseLocationRecords[0]!.id}`]: {
        status: 409,
        body: problem(
          409,
          'in_use',
          'Cannot delete warehouse location that is referenced by service orders.',
        ),
      },
    });
    await screen.findByText('Shelf A1');
    await user.click(screen.getByRole('button', { name: 'Delete Shelf A1' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Cannot delete warehouse location that is referenced by service orders.'),
    ).toBeInTheDocument();
  });

  it('deactivates with the version last read and reports a failure', async () => {
    const { user, calls } = start({
      [`PATCH /api/warehouse-locations/${warehouseLocationRecords[0]!.id}/status`]: {
        status: 403,
        body: problem(403, 'forbidden', 'No'),
      },
    });
    await screen.findByText('Shelf A1');
    await user.click(screen.getByRole('button', { name: 'Deactivate Shelf A1' }));
    expect(await screen.findByText(/Failed to update warehouse location status\./)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isActive: false, version: 1 });
  });

  it('shows cards instead of a table on a phone', async () => {
    start({}, 375);
    expect(await screen.findAllByTestId('warehouse-card')).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is not open to technicians', async () => {
    mockApi({ 'GET /api/user/profile': { status: 200, body: technician } });
    renderApp('/warehouse-locations', { signedInAs: technician });
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByText('Add location')).not.toBeInTheDocument();
  });
});
