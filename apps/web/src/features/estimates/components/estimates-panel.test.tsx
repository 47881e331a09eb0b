import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { computeEstimateTotals, type Estimate } from '@service-portal/shared/estimates';
import { ORDER_ID } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { EstimatesPanel } from './estimates-panel.tsx';

const pricing = { hourlyRateMinor: 100_000, vatRate: 25, currency: 'NOK' as const };
const parts = [{ partNumber: 'P-1', partName: 'Pump', quantity: 2, unitCost: 12_500 }];

function estimate(over: Partial<Estimate> = {}): Estimate {
  const lines = over.lines ?? [
    { partNumber: 'P-1', description: 'Pump', quantity: 2, unitPriceMinor: 12_500 },
  ];
  const labourMinutes = over.labourMinutes ?? 90;
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    serviceOrderId: ORDER_ID,
    version: 1,
    status: 'draft',
    superseded: false,
    lines,
    labourMinutes,
    labourRateMinor: 100_000,
    vatRate: 25,
    currency: 'NOK',
    totals: computeEstimateTotals({ lines, labourMinutes, labourRateMinor: 100_000, vatRate: 25 }),
    validUntil: '2026-12-27',
    noteToCustomer: null,
    sentAt: null,
    sentVia: null,
    openedAt: null,
    decidedAt: null,
    approvedName: null,
    declineComment: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    ...over,
  };
}

describe('estimates panel', { timeout: 30_000 }, () => {
  it('composes from the order’s spare parts and labour, previews the totals with VAT, saves and sends', async () => {
    let list: Estimate[] = [];
    const onSent = vi.fn();
    const url = `/api/service-orders/${ORDER_ID}/estimates`;
    const draft = estimate();
    const { calls } = mockApi({
      [`GET ${url}`]: () => ({ status: 200, body: list }),
      [`POST ${url}`]: () => {
        list = [draft];
        return { status: 201, body: draft };
      },
      [`POST ${url}/${draft.id}/send`]: () => {
        const sent = {
          ...draft,
          status: 'sent' as const,
          sentAt: '2026-11-27T10:05:00.000Z',
          sentVia: 'sms' as const,
        };
        list = [sent];
        return { status: 200, body: sent };
      },
    });
    const { user } = renderWithProviders(
      <EstimatesPanel orderId={ORDER_ID} pricing={pricing} parts={parts} onSent={onSent} />,
    );
    expect(await screen.findByText('No estimate yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New estimate' }));
    // Nothing to price yet: saving says what is missing and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Add at least one line or some labour.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add 1 spare part from the order' }));
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Pump');
    const labour = screen.getByLabelText(/^Labour \(minutes\)/);
    await user.clear(labour);
    await user.type(labour, '90');
    // 2 × 125.00 + 90 min at 1 000.00/h = 1 750.00; VAT 25 % = 437.50; total 2 187.50.
    expect(await screen.findByText(/2,187\.50/)).toBeInTheDocument();
    expect(screen.getByText(/437\.50/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/estimates'))).toBe(true),
    );
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      lines: [{ partNumber: 'P-1', description: 'Pump', quantity: 2, unitPriceMinor: 12_500 }],
      labourMinutes: 90,
    });

    expect(await screen.findByText('Version 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send by SMS' }));
    expect(await screen.findByText(/Sent .* by SMS/)).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/send'))?.body).toEqual({ method: 'sms' });
    expect(onSent).toHaveBeenCalledWith(ORDER_ID);
  });

  it('shows the customer’s approval and keeps the replaced version readable', async () => {
    const v1 = estimate({
      status: 'sent',
      superseded: true,
      sentAt: '2026-11-20T10:00:00.000Z',
      sentVia: 'email',
    });
    const v2 = estimate({
      id: '00000000-0000-4000-8000-0000000000e2',
      version: 2,
      status: 'approved',
      labourMinutes: 30,
      sentAt: '2026-11-26T10:00:00.000Z',
      sentVia: 'email',
      decidedAt: '2026-11-26T12:00:00.000Z',
      approvedName: 'Kari Nordmann',
    });
    mockApi({ [`GET /api/service-orders/${ORDER_ID}/estimates`]: { status: 200, body: [v2, v1] } });
    const { user } = renderWithProviders(
      <EstimatesPanel orderId={ORDER_ID} pricing={pricing} parts={parts} />,
    );
    expect(await screen.findByText(/Approved by Kari Nordmann/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change (new version)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Version 1/ }));
    expect(await screen.findByText('Replaced')).toBeInTheDocument();
    expect(screen.getAllByText(/2,187\.50/).length).toBeGreaterThan(0);
  });
});
