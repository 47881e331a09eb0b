import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_ID, serviceManager } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/http.ts';
import type { Handler } from '../../../test/http.ts';
import { renderApp } from '../../../test/render.tsx';
import { inboxItem } from '../../features/communications/test/fixtures.ts';

const first = inboxItem({
  customerName: 'Kari Nordmann',
  subject: 'Re: Your order SO-2026-000042 is ready for pickup',
  message: 'Thanks, I will come on Friday.',
  occurredAt: '2026-03-04T10:20:00.000Z',
});
const second = inboxItem({
  method: 'sms',
  customerName: 'Per Hansen',
  orderNumber: 'SO-2026-000043',
  subject: null,
  message: 'When is it done?',
});

function start(routes: Record<string, Handler>) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: serviceManager },
    ...routes,
  });
  return { ...renderApp('/', { signedInAs: serviceManager }), ...api };
}

describe('notification badge', () => {
  it('counts the unread inbound messages and lists the newest with customer, order, subject and preview', async () => {
    const { user, calls } = start({
      'GET /api/communications/unread': { status: 200, body: { count: 2, items: [first, second] } },
      'GET /api/communications/unassigned': {
        status: 200,
        body: { items: [], total: 0, page: 1, pageSize: 1 },
      },
    });

    const bell = await screen.findByRole('button', { name: 'Notifications: 2 unread' });
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('2');
    expect(calls.find((c) => c.url === '/api/communications/unread')?.params.limit).toBe('10');

    await user.click(bell);
    const list = within(await screen.findByRole('list', { name: 'Unread messages' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Kari Nordmann');
    expect(items[0]).toHaveTextContent('SO-2026-000042');
    expect(items[0]).toHaveTextContent('Re: Your order SO-2026-000042 is ready for pickup');
    expect(items[0]).toHaveTextContent('Thanks, I will come on Friday.');
    expect(items[0]).toHaveTextContent('Mar 4, 2026');
    expect(items[1]).toHaveTextContent('Per Hansen');
    expect(items[1]).toHaveTextContent('When is it done?');
    // Issue 31: the name is never cut to one line beside the date; it wraps on its own row.
    const name = list.getByText('Kari Nordmann');
    expect(name).not.toHaveAttribute('data-truncate');
    expect(name.parentElement).not.toHaveTextContent('Mar 4, 2026');
    // No unassigned messages: no link to the inbox.
    await waitFor(() => expect(calls.some((c) => c.url === '/api/communications/unassigned')).toBe(true));
    expect(screen.queryByRole('link', { name: /Unassigned messages/ })).not.toBeInTheDocument();
  });

  it('shows no number without unread messages', async () => {
    const { user } = start({
      'GET /api/communications/unread': { status: 200, body: { count: 0, items: [] } },
      'GET /api/communications/unassigned': {
        status: 200,
        body: { items: [], total: 0, page: 1, pageSize: 1 },
      },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.getByTestId('unread-badge')).not.toHaveTextContent('0');
    await user.click(bell);
    expect(await screen.findByText('No unread messages.')).toBeInTheDocument();
  });

  it("opens the order's conversation from the list, marks the message read and the count falls", async () => {
    let unread = [first, second];
    const { user, calls, router } = start({
      'GET /api/communications/unread': () => ({
        status: 200,
        body: { count: unread.length, items: unread },
      }),
      'GET /api/communications/unassigned': {
        status: 200,
        body: { items: [], total: 3, page: 1, pageSize: 1 },
      },
      [`POST /api/communications/${first.id}/read`]: () => {
        unread = [second];
        return { status: 200, body: { ...first, status: 'read', readAt: '2026-03-04T11:00:00.000Z' } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Notifications: 2 unread' }));
    const link = await screen.findByRole('link', { name: 'Unassigned messages (3)' });
    expect(link).toHaveAttribute('href', '/communications/unassigned');

    await user.click(
      within(await screen.findByRole('list', { name: 'Unread messages' })).getByText('Kari Nordmann'),
    );

    await waitFor(() => expect(router.state.location.pathname).toBe(`/service-orders/${ORDER_ID}`));
    expect(router.state.location.search).toBe(`?communication=${first.id}`);
    expect(calls.some((c) => c.method === 'POST' && c.url === `/api/communications/${first.id}/read`)).toBe(
      true,
    );
    expect(await screen.findByRole('button', { name: 'Notifications: 1 unread' })).toBeInTheDocument();
  });
});
