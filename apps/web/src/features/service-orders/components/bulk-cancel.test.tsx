import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { listPage, lookupRoutes, serviceManager, serviceOrderRows } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import type { Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

// Issue 31 item 8: a bulk cancel shows which orders and how many before it happens, and can be undone.
beforeAll(async () => {
  await import('../../../app/routes/service-orders.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

function start(routes: Record<string, Handler> = {}) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: serviceManager },
    ...lookupRoutes,
    'GET /api/service-orders': listPage(serviceOrderRows(3, 1), 3, 1, 20),
    'POST /api/service-orders/bulk-update-status': { status: 200, body: { updated: 2 } },
    ...routes,
  });
  return { ...api, ...renderApp('/service-orders', { signedInAs: serviceManager }) };
}

async function selectTwoAndCancel(user: ReturnType<typeof start>['user']) {
  await screen.findByRole('table');
  await user.click(screen.getByRole('checkbox', { name: 'Select SO-2026-000001' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select SO-2026-000003' }));
  const bar = within(await screen.findByRole('region', { name: 'Bulk actions' }));
  await user.click(bar.getByRole('button', { name: 'Change status' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Cancelled' }));
  return within(await screen.findByRole('dialog', { name: 'Cancel 2 orders?' }));
}

const IDS = ['b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000003'];

describe('bulk cancel', { timeout: 20_000 }, () => {
  it('previews the orders, changes nothing when kept, and cancels only when confirmed', async () => {
    const { user, calls } = start();
    const dialog = await selectTwoAndCancel(user);
    expect(dialog.getByText('These 2 orders will be cancelled:')).toBeInTheDocument();
    expect(dialog.getByText('SO-2026-000001')).toBeInTheDocument();
    expect(dialog.getByText('SO-2026-000003')).toBeInTheDocument();
    expect(dialog.queryByText('SO-2026-000002')).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Keep them' }));
    expect(calls.some((c) => c.url === '/api/service-orders/bulk-update-status')).toBe(false);

    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', {
        name: 'Change status',
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Cancelled' }));
    const again = within(await screen.findByRole('dialog', { name: 'Cancel 2 orders?' }));
    await user.click(again.getByRole('button', { name: 'Cancel the orders' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/service-orders/bulk-update-status')?.body).toEqual({
        orderIds: IDS,
        status: 'cancelled',
      }),
    );
    // Its answer handled before the test ends: the notice with its Undo.
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('undoes the cancel from the notice', async () => {
    const { user, calls } = start({
      'POST /api/service-orders/bulk-undo-status': { status: 200, body: { updated: 2 } },
    });
    const dialog = await selectTwoAndCancel(user);
    await user.click(dialog.getByRole('button', { name: 'Cancel the orders' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/service-orders/bulk-undo-status')?.body).toEqual({
        orderIds: IDS,
        status: 'cancelled',
      }),
    );
    expect(await screen.findByText('Undone: 2 orders are back as they were.')).toBeInTheDocument();
  });

  it('says why an undo is refused', async () => {
    const { user } = start({
      'POST /api/service-orders/bulk-undo-status': {
        status: 409,
        body: problem(
          409,
          'invalid_transition',
          'The change of order SO-2026-000001 can no longer be undone.',
        ),
      },
    });
    const dialog = await selectTwoAndCancel(user);
    await user.click(dialog.getByRole('button', { name: 'Cancel the orders' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText(/Could not undo: the orders changed since, or the time to undo is over\./),
    ).toBeInTheDocument();
  });
});
