import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { AlertSettingsCard } from './alert-settings-card.tsx';

describe('alert settings (issue 31 item 12)', () => {
  it('shows the days, refuses a value out of range and saves a valid one with the version read', async () => {
    const api = mockApi({
      'GET /api/alerts/settings': { status: 200, body: { stalledAfterDays: 7, version: 0 } },
      'PUT /api/alerts/settings': { status: 200, body: { stalledAfterDays: 0, version: 1 } },
    });
    renderWithProviders(<AlertSettingsCard canEdit />);
    const input = await screen.findByRole('textbox', { name: /Days before an order counts as stalled/ });
    expect(input).toHaveValue('7');
    expect(screen.getByText('0 turns these alerts off. Default: 7 days.')).toBeTruthy();
    const user = userEvent.setup();
    for (const bad of ['400', '-1', 'x']) {
      await user.clear(input);
      await user.type(input, bad);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Enter 0 to 365 days (0 turns these alerts off)')).toBeTruthy();
    }
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ stalledAfterDays: 0, version: 0 }),
    );
    expect(screen.queryByText('Enter 0 to 365 days (0 turns these alerts off)')).toBeNull();
  }, 30_000);

  it('is read-only for those who are not the Administrator', async () => {
    mockApi({ 'GET /api/alerts/settings': { status: 200, body: { stalledAfterDays: 5, version: 3 } } });
    renderWithProviders(<AlertSettingsCard canEdit={false} />);
    const input = await screen.findByRole('textbox', { name: /Days before an order counts as stalled/ });
    expect(input).toHaveValue('5');
    expect(input).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText("Only the partner's Administrator can change this.")).toBeTruthy();
  }, 30_000);

  it('offers a retry when the settings cannot be read', async () => {
    mockApi({ 'GET /api/alerts/settings': { status: 500, body: problem(500, 'internal_error') } });
    renderWithProviders(<AlertSettingsCard canEdit />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  }, 30_000);
});
