import { screen, within } from '@testing-library/react';
import type { OrderTotals } from '@service-portal/shared/work-logs';
import { describe, expect, it } from 'vitest';
import { ORDER_ID } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { OrderTotalsCard } from './order-totals-card.tsx';

function totals(overrides: Partial<OrderTotals>): OrderTotals {
  return {
    serviceOrderId: ORDER_ID,
    labour: [],
    labourEstimate: [],
    openWorkLogs: 0,
    parts: [],
    total: [],
    ...overrides,
  };
}

describe('order totals card', { timeout: 20_000 }, () => {
  it('shows labour + parts = total per currency, and the open estimate apart', async () => {
    mockApi({
      [`GET /api/service-orders/${ORDER_ID}/totals`]: {
        status: 200,
        body: totals({
          labour: [{ currency: 'NOK', amountMinor: 50_000 }],
          parts: [
            { currency: 'NOK', amountMinor: 12_550 },
            { currency: 'EUR', amountMinor: 9_999 },
          ],
          total: [
            { currency: 'NOK', amountMinor: 62_550 },
            { currency: 'EUR', amountMinor: 9_999 },
          ],
          labourEstimate: [{ currency: 'NOK', amountMinor: 25_000 }],
          openWorkLogs: 1,
        }),
      },
    });
    renderWithProviders(<OrderTotalsCard orderId={ORDER_ID} />);
    expect(await screen.findByTestId('total-NOK')).toHaveTextContent('NOK 625.50');
    expect(screen.getByTestId('total-EUR')).toHaveTextContent('EUR 99.99');
    const labour = screen.getByRole('row', { name: /Labour/ });
    expect(within(labour).getByText('NOK 500.00')).toBeInTheDocument();
    expect(within(labour).getByText('EUR 0.00')).toBeInTheDocument();
    const parts = screen.getByRole('row', { name: /Parts/ });
    expect(within(parts).getByText('NOK 125.50')).toBeInTheDocument();
    expect(screen.getByText(/not in the total/)).toHaveTextContent('1 open work log');
    expect(screen.getByTestId('totals-estimate')).toHaveTextContent('NOK 250.00');
  });

  it('says when there is nothing yet, and when loading failed', async () => {
    mockApi({ [`GET /api/service-orders/${ORDER_ID}/totals`]: { status: 200, body: totals({}) } });
    const view = renderWithProviders(<OrderTotalsCard orderId={ORDER_ID} />);
    expect(await screen.findByText('Nothing yet')).toBeInTheDocument();
    view.unmount();
    mockApi({
      [`GET /api/service-orders/${ORDER_ID}/totals`]: {
        status: 404,
        body: { type: 'about:blank', title: 'Not found', status: 404, code: 'not_found' },
      },
    });
    renderWithProviders(<OrderTotalsCard orderId={ORDER_ID} />);
    expect(await screen.findByText('Failed to load totals (404: Not found)')).toBeInTheDocument();
  });
});
