import { screen, within } from '@testing-library/react';
import type { SparePartWorklistItem } from '@service-portal/shared/spare-parts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ID, serviceManager } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/spare-parts.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const line: SparePartWorklistItem = {
  id: 'b0000000-0000-4000-8000-000000000001',
  serviceOrderId: ORDER_ID,
  partNumber: 'FAN-12',
  partName: 'Fan 12V',
  quantity: 2,
  unitCost: 12550,
  currency: 'NOK',
  supplier: 'Acme',
  notes: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  orderNumber: 'SO-2026-000042',
  orderTitle: 'Broken fan',
  orderStatus: 'in_progress',
  orderCreatedAt: '2026-01-01T00:00:00.000Z',
  customerName: 'Kari Kunde',
  lineTotal: 25100,
};

function start(routes: Record<string, Handler> = {}, path = '/spare-parts') {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: serviceManager },
    'GET /api/spare-parts': { status: 200, body: { items: [line], total: 1, page: 1, pageSize: 20 } },
    'GET /api/spare-parts/summary': (request) => ({
      status: 200,
      body: {
        lineCount: 3,
        totals:
          request.params.supplier === 'Acme'
            ? [{ currency: 'NOK', amount: 25100, lineCount: 1 }]
            : [
                { currency: 'EUR', amount: 1999, lineCount: 1 },
                { currency: 'NOK', amount: 125000, lineCount: 2 },
              ],
        suppliers: ['Acme', 'Bolt AS'],
      },
    }),
    ...routes,
  });
  return { ...api, ...renderApp(path, { signedInAs: serviceManager }) };
}

describe('spare parts list', { timeout: 20_000 }, () => {
  it('shows the lines with a link to their order and the totals per currency, narrowed by supplier', async () => {
    const { user, calls } = start();
    expect(await screen.findByRole('link', { name: 'SO-2026-000042' })).toHaveAttribute(
      'href',
      `/service-orders/${ORDER_ID}`,
    );
    expect(await screen.findByTestId('total-EUR')).toHaveTextContent('19.99');
    expect(screen.getByTestId('total-NOK')).toHaveTextContent('1,250.00');
    expect(screen.getByTestId('total-NOK')).toHaveTextContent('2 lines');

    await user.click(screen.getByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: 'Acme' }));
    await expect.poll(() => screen.queryByTestId('total-EUR')).toBeNull();
    expect(screen.getByTestId('total-NOK')).toHaveTextContent('251.00');
    expect(calls.some((call) => call.url === '/api/spare-parts' && call.params.supplier === 'Acme')).toBe(
      true,
    );
  });

  it('keeps supplier, part and order status filters and the page in the URL', async () => {
    const { user, router, calls } = start(
      {
        'GET /api/spare-parts': (request) => ({
          status: 200,
          body: { items: [line], total: 45, page: Number(request.params.page), pageSize: 20 },
        }),
      },
      '/spare-parts?supplier=Acme&q=fan&status=waiting_for_parts&page=2',
    );
    expect(await screen.findByText('Showing 21 to 40 of 45 results')).toBeInTheDocument();
    const listCall = () => calls.filter((call) => call.url === '/api/spare-parts').at(-1)?.params;
    expect(listCall()).toEqual({
      supplier: 'Acme',
      search: 'fan',
      status: 'waiting_for_parts',
      page: '2',
      pageSize: '20',
    });
    expect(calls.find((call) => call.url === '/api/spare-parts/summary')?.params).toEqual({
      supplier: 'Acme',
      search: 'fan',
      status: 'waiting_for_parts',
    });
    expect(screen.getByRole('combobox', { name: 'Supplier' })).toHaveValue('Acme');
    expect(screen.getByRole('textbox', { name: 'Part number or name' })).toHaveValue('fan');
    expect(screen.getByRole('combobox', { name: 'Order status' })).toHaveValue('Waiting for parts');

    // Changing a filter goes back to page 1 and keeps the others.
    await user.click(screen.getByRole('combobox', { name: 'Order status' }));
    await user.click(await screen.findByRole('option', { name: 'In progress' }));
    await expect.poll(() => router.state.location.search).toBe('?supplier=Acme&q=fan&status=in_progress');
    await expect.poll(() => listCall()).toMatchObject({ status: 'in_progress', page: '1' });

    expect(await screen.findByText('Showing 1 to 20 of 45 results')).toBeInTheDocument();

    // Back shows the list as it was (from the cache: no new request needed).
    await router.navigate(-1);
    expect(await screen.findByText('Showing 21 to 40 of 45 results')).toBeInTheDocument();
    await expect
      .poll(() => screen.getByRole('combobox', { name: 'Order status' }))
      .toHaveValue('Waiting for parts');
  });

  it('removes a line and says "Deleted successfully"; a failure says "Failed to delete spare parts."', async () => {
    let fail = false;
    const { user, calls } = start({
      [`DELETE /api/service-orders/${ORDER_ID}/spare-parts/${line.id}`]: () =>
        fail ? { status: 404, body: problem(404, 'not_found', 'Gone') } : { status: 204 },
    });
    const remove = await screen.findByRole('button', { name: 'Remove FAN-12 (SO-2026-000042)' });
    await user.click(remove);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Remove FAN-12 (SO-2026-000042)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/Failed to delete spare parts\./)).toBeInTheDocument();
  });

  it('shows "Failed to load spare parts." when the list fails', async () => {
    start({ 'GET /api/spare-parts': { status: 403, body: problem(403, 'forbidden') } });
    expect(
      await screen.findByText(/Failed to load spare parts\./, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });
});
