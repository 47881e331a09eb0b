import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeEstimateTotals, type Estimate } from '@service-portal/shared/estimates';
import { ORDER_ID } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { CustomerEstimate } from './customer-estimate.tsx';

const TOKEN = 'tok_customer_estimate_123';
const SESSION = 'session-abc';
const url = `/api/customer-upload/${TOKEN}/estimates`;
const lines = [{ partNumber: 'P-1', description: 'Pump', quantity: 2, unitPriceMinor: 12_500 }];
const sent: Estimate = {
  id: '00000000-0000-4000-8000-0000000000e1',
  serviceOrderId: ORDER_ID,
  version: 1,
  status: 'opened',
  superseded: false,
  lines,
  labourMinutes: 90,
  labourRateMinor: 100_000,
  vatRate: 25,
  currency: 'NOK',
  totals: computeEstimateTotals({ lines, labourMinutes: 90, labourRateMinor: 100_000, vatRate: 25 }),
  validUntil: '2099-12-31',
  noteToCustomer: 'The pump is worn out.',
  sentAt: '2026-11-27T10:00:00.000Z',
  sentVia: 'sms',
  openedAt: '2026-11-27T10:10:00.000Z',
  decidedAt: null,
  approvedName: null,
  declineComment: null,
  createdAt: '2026-11-27T09:00:00.000Z',
};

describe('the customer’s estimate behind the status link', { timeout: 30_000 }, () => {
  it('approves with a typed name, with the link session, and shows the approval', async () => {
    let list = [sent];
    const { calls } = mockApi({
      [`GET ${url}`]: () => ({ status: 200, body: list }),
      [`POST ${url}/approve`]: () => {
        list = [
          {
            ...sent,
            status: 'approved',
            approvedName: 'Kari Nordmann',
            decidedAt: '2026-11-27T11:00:00.000Z',
          },
        ];
        return { status: 200, body: list[0] };
      },
    });
    const { user } = renderWithProviders(<CustomerEstimate token={TOKEN} session={SESSION} />);
    expect(await screen.findByText('The pump is worn out.')).toBeInTheDocument();
    expect(screen.getByText(/2,187\.50/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve estimate' }));
    expect(await screen.findByText('Type your name to approve.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/^Your full name/), 'Kari Nordmann');
    await user.click(screen.getByRole('button', { name: 'Approve estimate' }));
    expect(await screen.findByText(/Approved by Kari Nordmann/)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ estimateId: sent.id, version: 1, name: 'Kari Nordmann' });
    expect(post?.headers.get('x-upload-session')).toBe(SESSION);
    expect(screen.queryByRole('button', { name: 'Approve estimate' })).not.toBeInTheDocument();
  });

  it('declines with a comment, and says so in words when the estimate expired meanwhile', async () => {
    const { calls } = mockApi({
      [`GET ${url}`]: { status: 200, body: [sent] },
      [`POST ${url}/decline`]: { status: 409, body: problem(409, 'estimate_expired', 'expired') },
    });
    const { user } = renderWithProviders(<CustomerEstimate token={TOKEN} session={SESSION} />);
    await user.click(await screen.findByRole('button', { name: 'I want to decline' }));
    await user.click(screen.getByRole('button', { name: 'Decline estimate' }));
    expect(await screen.findByText('Tell us why you decline.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Why do you decline/), 'Too expensive');
    await user.click(screen.getByRole('button', { name: 'Decline estimate' }));
    expect(await screen.findByText('This estimate has expired. Ask us for a new one.')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        estimateId: sent.id,
        version: 1,
        comment: 'Too expensive',
      }),
    );
  });

  it('shows nothing while no estimate has been sent', async () => {
    mockApi({ [`GET ${url}`]: { status: 200, body: [] } });
    const { container } = renderWithProviders(<CustomerEstimate token={TOKEN} session={SESSION} />);
    await waitFor(() => expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument());
    expect(container.querySelector('section')).toBeNull();
  });
});
