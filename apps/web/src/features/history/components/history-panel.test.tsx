import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HistoryEvent, HistoryPage } from '@service-portal/shared/history';
import { mockApi, problem } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { HistoryPanel } from './history-panel.tsx';

const ORDER = '3b0c9c8e-5a43-4b8c-9a55-4d2f1a1f0c11';

function event(overrides: Partial<HistoryEvent>): HistoryEvent {
  return {
    id: 1,
    at: '2026-11-20T10:15:00.000Z',
    table: 'service_orders',
    recordId: ORDER,
    operation: 'update',
    field: 'title',
    oldValue: null,
    newValue: null,
    redacted: false,
    actor: { kind: 'user', id: 'u1', name: 'Marte Hansen' },
    requestId: 'r1',
    partnerId: 'p1',
    ...overrides,
  };
}

const page: HistoryPage = {
  items: [
    event({
      id: 5,
      field: 'estimated_cost_minor',
      oldValue: 150000,
      newValue: 195000,
      actor: { kind: 'user', id: 'u2', name: 'Olav Berg' },
    }),
    event({ id: 4, field: 'status', oldValue: 'scheduled', newValue: 'in_progress' }),
    event({ id: 3, field: 'scheduled_date', oldValue: null, newValue: '2026-12-01' }),
    event({ id: 2, field: 'internal_notes', redacted: true }),
    event({
      id: 1,
      table: 'service_order_spare_parts',
      operation: 'insert',
      field: 'part_name',
      newValue: 'Door gasket',
      actor: { kind: 'job', id: '9', name: 'communications.send' },
    }),
  ],
  total: 5,
  page: 1,
  pageSize: 25,
  fields: [
    { table: 'service_orders', field: 'estimated_cost_minor' },
    { table: 'service_order_spare_parts', field: 'part_name' },
  ],
  actors: [
    { kind: 'user', id: 'u2', name: 'Olav Berg' },
    { kind: 'job', id: '9', name: 'communications.send' },
  ],
};

describe('history panel', () => {
  it('shows who changed what as people read it: money, translated lists, days, hidden values', async () => {
    mockApi({ [`GET /api/history/service_orders/${ORDER}`]: { status: 200, body: page } });
    renderWithProviders(<HistoryPanel target={{ subject: 'service_orders', id: ORDER }} currency="NOK" />);
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows[0]).toContain('Olav Berg');
    expect(rows[0]).toContain('Estimated cost');
    expect(rows[0]).toMatch(/NOK\s?1,500\.00/);
    expect(rows[0]).toMatch(/NOK\s?1,950\.00/);
    expect(rows[1]).toContain('Scheduled');
    expect(rows[1]).toContain('In progress');
    expect(rows[2]).toContain('—');
    expect(rows[2]).toContain('Dec 1, 2026');
    expect(rows[3]).toContain('Hidden');
    expect(rows[4]).toContain('Spare part: Part name (added)');
    expect(rows[4]).toContain('Background job communications.send');
  });

  it('filters by field and by person through the API', async () => {
    const api = mockApi({ [`GET /api/history/service_orders/${ORDER}`]: { status: 200, body: page } });
    renderWithProviders(<HistoryPanel target={{ subject: 'service_orders', id: ORDER }} />);
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Field' }));
    await user.click(await screen.findByRole('option', { name: 'Spare part: Part name' }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.params).toMatchObject({
        field: 'service_order_spare_parts.part_name',
        page: '1',
      }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: 'Olav Berg' }));
    await waitFor(() => expect(api.calls.at(-1)?.params).toMatchObject({ actorId: 'u2' }));
  });

  it('says so when nothing was recorded, and offers a retry when loading fails', async () => {
    mockApi({ [`GET /api/history/technicians/${ORDER}`]: { status: 404, body: problem(404, 'not_found') } });
    renderWithProviders(<HistoryPanel target={{ subject: 'technicians', id: ORDER }} />);
    expect(
      await screen.findByText(
        'No changes recorded. This record was created before the history began and has not changed since; the page shows its current values.',
      ),
    ).toBeTruthy();

    mockApi({ 'GET /api/history/pricing': { status: 500, body: problem(500, 'internal_error') } });
    renderWithProviders(<HistoryPanel target={{ subject: 'pricing' }} />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('history search (global administrator)', () => {
  const PARTNER = '7d3a2c1b-1111-4c3b-8a55-4d2f1a1f0c22';

  it('searches across partners, picking the partner by name, and by table and record', async () => {
    const { globalAdmin } = await import('../../../../test/fixtures.ts');
    const { renderApp } = await import('../../../../test/render.tsx');
    await import('../../../app/routes/admin-history.tsx');
    const api = mockApi({
      'GET /api/user/profile': { status: 200, body: globalAdmin },
      'GET /api/admin/acting-partners': {
        status: 200,
        body: [
          { id: PARTNER, name: 'Nordic Service AS' },
          { id: ORDER, name: 'Bergen Repair' },
        ],
      },
      'GET /api/admin/history': { status: 200, body: page },
    });
    renderApp('/admin/history', { signedInAs: globalAdmin });
    await screen.findByRole('table');
    const user = userEvent.setup();
    const partner = await screen.findByRole('combobox', { name: 'Partner' });
    await waitFor(() => expect(partner).not.toBeDisabled());
    await user.click(partner);
    await user.click(await screen.findByRole('option', { name: 'Nordic Service AS' }));
    await user.click(screen.getByRole('textbox', { name: 'Record id' }));
    await user.paste(ORDER);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.params).toMatchObject({ partnerId: PARTNER, recordId: ORDER, page: '1' }),
    );
  }, 30_000);

  it('still searches all partners when the partners cannot be read', async () => {
    const { HistorySearchScreen } = await import('./history-search-screen.tsx');
    mockApi({ 'GET /api/admin/history': { status: 200, body: page } });
    renderWithProviders(<HistorySearchScreen partners={null} />);
    await screen.findByRole('table');
    expect(
      screen.getByText('The partners could not be loaded; the search covers all partners.'),
    ).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Partner' })).toBeDisabled();
  }, 30_000);
});

describe('history page', () => {
  it("shows a technician's history on a page of its own", async () => {
    const { serviceManager } = await import('../../../../test/fixtures.ts');
    const { renderApp } = await import('../../../../test/render.tsx');
    await import('../../../app/routes/history.tsx');
    mockApi({
      'GET /api/user/profile': { status: 200, body: serviceManager },
      [`GET /api/history/technicians/${ORDER}`]: { status: 200, body: page },
    });
    renderApp(`/history/technicians/${ORDER}`, { signedInAs: serviceManager });
    expect(await screen.findByRole('heading', { level: 1, name: 'History' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('Olav Berg').length).toBeGreaterThan(0);
  }, 30_000);
});
