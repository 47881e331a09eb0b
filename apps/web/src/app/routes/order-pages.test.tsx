import { screen, waitFor, within } from '@testing-library/react';
import type { Customer } from '@service-portal/shared/customers';
import type { ServiceOrderListItem } from '@service-portal/shared/service-orders';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  listPage,
  lookupRoutes,
  serviceManager,
  serviceOrderRows,
  technicianRecords,
} from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/http.ts';
import type { Handler } from '../../../test/http.ts';
import { renderApp } from '../../../test/render.tsx';
import { serviceOrderListsKey } from '../../features/service-orders/api/list-service-orders.ts';

beforeAll(async () => {
  await import('./service-orders.tsx');
  await import('./technician.tsx');
  await import('./customer.tsx');
  await import('../layout/app-layout.tsx');
});

const tor = technicianRecords[0]!;
const CUSTOMER_ID = serviceOrderRows(1)[0]!.customerId;
const kari: Customer = {
  id: CUSTOMER_ID,
  name: 'Kari Kunde',
  email: 'kari@example.com',
  phone: null,
  address: null,
  notes: null,
  orderCount: 3,
  openOrderCount: 3,
  lastOrderAt: null,
  mergedIntoId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

/** A small server: three orders of Kari's, none assigned; the bulk calls change them. */
function start(path: string) {
  let orders: ServiceOrderListItem[] = serviceOrderRows(3);
  const list: Handler = ({ params }) =>
    listPage(
      orders.filter(
        (order) =>
          (params.customerId === undefined || order.customerId === params.customerId) &&
          (params.assignedTechnicianId === undefined ||
            order.assignedTechnicianId === params.assignedTechnicianId) &&
          (params.status === undefined || params.status.split(',').includes(order.status)),
      ),
      undefined,
      Number(params.page ?? 1),
      Number(params.pageSize ?? 20),
    );
  const bulk =
    (change: (order: ServiceOrderListItem, body: Record<string, unknown>) => ServiceOrderListItem): Handler =>
    ({ body }) => {
      const { orderIds, ...rest } = body as { orderIds: string[] } & Record<string, unknown>;
      orders = orders.map((order) => (orderIds.includes(order.id) ? change(order, rest) : order));
      return { status: 200, body: { updated: orderIds.length } };
    };
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: serviceManager },
    ...lookupRoutes,
    'GET /api/service-orders': list,
    'POST /api/service-orders/bulk-assign-technician': bulk((order, { technicianId }) => ({
      ...order,
      assignedTechnicianId: technicianId as string,
      assignedTechnicianName: tor.fullName,
    })),
    'POST /api/service-orders/bulk-update-status': bulk((order, { status }) => ({
      ...order,
      status: status as ServiceOrderListItem['status'],
    })),
    [`GET /api/technicians/${tor.id}`]: { status: 200, body: tor },
    [`GET /api/technicians/${tor.id}/stats`]: {
      status: 200,
      body: {
        technicianId: tor.id,
        assignedOrders: 0,
        openOrders: 0,
        completedOrders: 0,
        cancelledOrders: 0,
        completionRate: 0,
        averageResolutionHours: null,
      },
    },
    [`GET /api/customers/${CUSTOMER_ID}`]: { status: 200, body: kari },
    [`GET /api/customers/${CUSTOMER_ID}/serial-numbers`]: { status: 200, body: [] },
  });
  return { ...api, ...renderApp(path, { signedInAs: serviceManager }) };
}

/** The list queries in the cache whose key carries this filter. */
function cachedLists(queryClient: ReturnType<typeof start>['queryClient'], filter: Record<string, string>) {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: serviceOrderListsKey })
    .filter((query) => {
      const params = query.queryKey[2] as Record<string, unknown>;
      return Object.entries(filter).every(([key, value]) => params[key] === value);
    });
}

describe('orders of a technician or a customer follow order changes', { timeout: 30_000 }, () => {
  it('shows orders assigned in bulk on the technician page without a reload', async () => {
    const { user, router, queryClient } = start(`/technicians/${tor.id}`);
    expect(await screen.findByText('No orders.')).toBeInTheDocument();
    const [technicianList] = cachedLists(queryClient, { assignedTechnicianId: tor.id });
    expect(technicianList?.state.data).toMatchObject({ total: 0 });

    await router.navigate('/service-orders');
    await user.click(await screen.findByRole('checkbox', { name: 'Select SO-2026-000002' }));
    await user.click(await screen.findByRole('button', { name: 'Assign technician' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Tor Teknikk' }));
    // The technician's list is cached (fresh for 5 minutes) and must not be trusted any more.
    await waitFor(() => expect(technicianList?.state.isInvalidated).toBe(true));

    await router.navigate(`/technicians/${tor.id}`);
    expect(await screen.findByRole('link', { name: 'SO-2026-000002' })).toHaveAttribute(
      'href',
      '/service-orders/b0000000-0000-4000-8000-000000000002',
    );
    expect(screen.queryByText('No orders.')).not.toBeInTheDocument();
  });

  it('shows a bulk status change on the customer page without a reload', async () => {
    const { user, router, queryClient } = start(`/customers/${CUSTOMER_ID}`);
    const row = (await screen.findByRole('link', { name: 'SO-2026-000001' })).closest('tr')!;
    expect(within(row).getByText('Created')).toBeInTheDocument();
    const [customerList] = cachedLists(queryClient, { customerId: CUSTOMER_ID });

    await router.navigate('/service-orders');
    await user.click(await screen.findByRole('checkbox', { name: 'Select SO-2026-000001' }));
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Scheduled' }));
    await waitFor(() => expect(customerList?.state.isInvalidated).toBe(true));

    await router.navigate(`/customers/${CUSTOMER_ID}`);
    await waitFor(() => {
      const updated = screen.getByRole('link', { name: 'SO-2026-000001' }).closest('tr')!;
      expect(within(updated).getByText('Scheduled')).toBeInTheDocument();
    });
  });
});
