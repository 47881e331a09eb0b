import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '@service-portal/shared/dashboard';
import { globalAdmin, serviceManager } from '../../../../test/fixtures.ts';
import { mockApi, problem, type Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

const TECH = '7c1e4b2a-1111-4a4b-9e43-2b1f9c1d0a01';
const FROM = '2026-02-28T23:00:00.000Z';
const TO = '2026-03-15T12:00:00.000Z';

const figures: Dashboard = {
  period: 'this_month',
  timeZone: 'Europe/Oslo',
  from: FROM,
  to: TO,
  bucket: 'day',
  totalOrders: 5,
  waitingForService: 2,
  completedOrders: 2,
  countedOrders: 4,
  completionRate: 0.5,
  resolvedOrders: 3,
  averageResolutionHours: 22,
  revenue: [
    { currency: 'NOK', amountMinor: 35_000 },
    { currency: 'EUR', amountMinor: 5_000 },
  ],
  technicians: [
    {
      technicianId: TECH,
      name: 'Tore Tekniker',
      assigned: 2,
      completed: 1,
      completionRate: 0.5,
      averageResolutionHours: 48,
      rating: null,
    },
  ],
  trend: [
    { from: FROM, to: '2026-03-01T23:00:00.000Z', total: 1, completed: 0, inProgress: 0, pending: 0 },
    { from: '2026-03-01T23:00:00.000Z', to: TO, total: 4, completed: 2, inProgress: 1, pending: 1 },
  ],
  serviceTypes: [
    { serviceType: 'repair', count: 3 },
    { serviceType: 'maintenance', count: 1 },
    { serviceType: 'warranty', count: 1 },
  ],
};

function start(dashboard: Handler = { status: 200, body: figures }, user = serviceManager) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: user },
    'GET /api/dashboard': dashboard,
  });
  return { ...renderApp('/', { signedInAs: user }), ...api };
}

const hrefOf = (testId: string) => screen.getByTestId(`${testId}-value`).getAttribute('href');

describe('dashboard', () => {
  it("shows the partner's figures, each a link to the orders it counts", async () => {
    start();
    expect(await screen.findByTestId('metric-total-value')).toHaveTextContent('5');
    expect(screen.getByTestId('metric-waiting-value')).toHaveTextContent('2');
    expect(screen.getByTestId('metric-completion-value')).toHaveTextContent('50%');
    expect(screen.getByTestId('metric-resolution-value')).toHaveTextContent('22 h');
    expect(screen.getByTestId('metric-revenue-value')).toHaveTextContent('NOK 350.00');
    expect(screen.getByTestId('metric-revenue-value')).toHaveTextContent('EUR 50.00');
    expect(screen.getByText('Monthly revenue')).toBeInTheDocument();

    expect(hrefOf('metric-total')).toBe(
      `/service-orders?createdFrom=${encodeURIComponent(FROM)}&createdTo=${encodeURIComponent(TO)}`,
    );
    expect(hrefOf('metric-waiting')).toBe(
      '/service-orders?status=created%2Cscheduled%2Cwaiting_for_parts%2Con_hold',
    );
    expect(hrefOf('metric-resolution')).toContain('status=completed&completedFrom=');
  });

  it('lists technicians with "—" for the rating until customers rate', async () => {
    start();
    const table = within(await screen.findByTestId('technician-table'));
    const row = table.getByRole('row', { name: /Tore Tekniker/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '1', '50%', '2 d', '—']);
    expect(table.getByRole('link', { name: 'Tore Tekniker: 2 orders assigned' })).toHaveAttribute(
      'href',
      expect.stringContaining(`technician=${TECH}`),
    );
  });

  it('offers each chart as a table', async () => {
    const { user } = start();
    const trend = within(await screen.findByTestId('trend-chart'));
    await user.click(trend.getByRole('button', { name: 'Show as table' }));
    const pending = await trend.findByRole('link', { name: /Pending: 1$/ });
    expect(pending.getAttribute('href')).toContain('status=created%2Cscheduled%2Con_hold');
    const categories = within(screen.getByTestId('category-chart'));
    await user.click(categories.getByRole('button', { name: 'Show as table' }));
    expect(await categories.findByRole('link', { name: 'Repair: 3' })).toBeInTheDocument();
  });

  it('asks again for another period', async () => {
    const { user, calls } = start();
    await screen.findByTestId('metric-total-value');
    await user.click(screen.getByRole('radio', { name: 'This year' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/dashboard').map((c) => c.params.period)).toContain(
        'this_year',
      ),
    );
  });

  it('tells a global administrator to choose a partner', async () => {
    start({ status: 400, body: problem(400, 'partner_required') }, globalAdmin);
    expect(
      await screen.findByText('Choose a service partner in the top bar to see its dashboard.'),
    ).toBeInTheDocument();
  });

  it('says "Failed to load data." with a retry when the figures fail', async () => {
    start({ status: 404, body: problem(404, 'not_found') });
    expect(await screen.findByText(/Failed to load data\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
