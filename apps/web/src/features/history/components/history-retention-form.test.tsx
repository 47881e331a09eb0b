import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { HistoryRetentionCard } from './history-retention-form.tsx';

describe('history retention (issue 26)', () => {
  it('shows the months kept, refuses a value out of range and saves a valid one', async () => {
    const api = mockApi({
      'GET /api/history/retention': { status: 200, body: { months: 24 } },
      'PUT /api/history/retention': { status: 200, body: { months: 12 } },
    });
    renderWithProviders(<HistoryRetentionCard />);
    const input = await screen.findByRole('textbox', { name: /Months to keep/ });
    expect(input).toHaveValue('24');
    expect(screen.getByText('24 months by default (two years); 1 to 120.')).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '200');
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('Keep the history for 1 to 120 months.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ months: 12 }));
    expect(screen.queryByText('Keep the history for 1 to 120 months.')).toBeNull();
  }, 30_000);

  it('offers a retry when the setting cannot be read', async () => {
    mockApi({ 'GET /api/history/retention': { status: 500, body: problem(500, 'internal_error') } });
    renderWithProviders(<HistoryRetentionCard />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  }, 30_000);
});
