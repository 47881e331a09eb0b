import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceManager, serviceOrderRows, technicianRecords } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/technician.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const tor = technicianRecords[0]!;

describe('technician detail', { timeout: 20_000 }, () => {
  it('shows the stats and the assigned orders, linking to each order', async () => {
    const { calls } = (() => {
      const api = mockApi({
        'GET /api/user/profile': { status: 200, body: serviceManager },
        [`GET /api/technicians/${tor.id}`]: { status: 200, body: tor },
        [`GET /api/technicians/${tor.id}/stats`]: {
          status: 200,
          body: {
            technicianId: tor.id,
            assignedOrders: 8,
            openOrders: 3,
            completedOrders: 4,
            cancelledOrders: 1,
            completionRate: 4 / 7,
            averageResolutionHours: 26.5,
          },
        },
        'GET /api/service-orders': {
          status: 200,
          body: { items: serviceOrderRows(2), total: 2, page: 1, pageSize: 10 },
        },
      });
      renderApp(`/technicians/${tor.id}`, { signedInAs: serviceManager });
      return api;
    })();
    expect(await screen.findByRole('heading', { name: 'Tor Teknikk' })).toBeInTheDocument();
    expect(await screen.findByText('57.1 %')).toBeInTheDocument();
    expect(screen.getByText('26.5 h')).toBeInTheDocument();
    const first = serviceOrderRows(2)[0]!;
    expect(await screen.findByRole('link', { name: first.orderNumber })).toHaveAttribute(
      'href',
      `/service-orders/${first.id}`,
    );
    expect(calls.find((call) => call.url === '/api/service-orders')?.params.assignedTechnicianId).toBe(
      tor.id,
    );
  });
});
