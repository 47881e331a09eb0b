import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_ID, serviceManager } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/http.ts';
import type { Handler } from '../../../test/http.ts';
import { renderApp } from '../../../test/render.tsx';
import type { Alert } from '@service-portal/shared/alerts';
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

const NO_ALERTS: Record<string, Handler> = {
  'GET /api/alerts/unread-count': { status: 200, body: { count: 0 } },
  'GET /api/alerts': { status: 200, body: { items: [], nextCursor: null, unreadCount: 0 } },
};

function start(routes: Record<string, Handler>) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: serviceManager },
    ...NO_ALERTS,
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
    expect(await screen.findByText(/^No alerts\./)).toBeInTheDocument();
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

const RENTAL_ID = '7d4a9c1e-2b3f-4a5d-8e6f-0a1b2c3d4e5f';
const alertsFixture: Alert[] = [
  {
    id: 'a1000000-0000-4000-8000-000000000001',
    kind: 'customer_photos',
    subjectType: 'order',
    subjectId: ORDER_ID,
    createdAt: '2026-03-05T09:15:00.000Z',
    readAt: null,
    data: { orderNumber: 'SO-2026-000042', photoCount: 3 },
  },
  {
    id: 'a1000000-0000-4000-8000-000000000002',
    kind: 'customer_rating',
    subjectType: 'order',
    subjectId: ORDER_ID,
    createdAt: '2026-03-05T08:00:00.000Z',
    readAt: null,
    data: { orderNumber: 'SO-2026-000042', rating: 2, comment: 'Took a long time' },
  },
  {
    id: 'a1000000-0000-4000-8000-000000000003',
    kind: 'rental_overdue',
    subjectType: 'rental',
    subjectId: RENTAL_ID,
    createdAt: '2026-03-04T23:29:00.000Z',
    readAt: null,
    data: {
      customerName: 'Festivalkompaniet Sør-Trøndelag AS',
      productName: 'Event toilet Deluxe',
      serialNumber: 'RT-0007',
      dueDate: '2026-03-03',
    },
  },
  {
    id: 'a1000000-0000-4000-8000-000000000004',
    kind: 'order_stalled',
    subjectType: 'order',
    subjectId: ORDER_ID,
    createdAt: '2026-03-04T10:29:00.000Z',
    readAt: '2026-03-04T12:00:00.000Z',
    data: {
      orderNumber: 'SO-2026-000041',
      status: 'on_hold',
      since: '2026-02-25T10:00:00.000Z',
      afterDays: 7,
    },
  },
];

describe('alerts in the notification popover', () => {
  it('adds unread alerts to the badge and lists every kind, newest first, with its line and time', async () => {
    const { user } = start({
      'GET /api/communications/unread': { status: 200, body: { count: 1, items: [first] } },
      'GET /api/communications/unassigned': {
        status: 200,
        body: { items: [], total: 0, page: 1, pageSize: 1 },
      },
      'GET /api/alerts/unread-count': { status: 200, body: { count: 3 } },
      'GET /api/alerts': { status: 200, body: { items: alertsFixture, nextCursor: null, unreadCount: 3 } },
    });
    const bell = await screen.findByRole('button', { name: 'Notifications: 4 unread' });
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('4');
    await user.click(bell);
    const list = within(await screen.findByRole('list', { name: 'Alerts' }));
    const items = list.getAllByTestId('alert-item');
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual([
      'customer_photos',
      'customer_rating',
      'rental_overdue',
      'order_stalled',
    ]);
    expect(items[0]).toHaveTextContent('New customer photos');
    expect(items[0]).toHaveTextContent('The customer added 3 photos to SO-2026-000042.');
    // In the partner's zone (Europe/Oslo): 09:15 UTC is 10:15.
    expect(items[0]).toHaveTextContent('Mar 5, 2026 10:15 AM');
    expect(items[1]).toHaveTextContent('SO-2026-000042 was rated 2 of 5.');
    expect(items[1]).toHaveTextContent('Took a long time');
    expect(items[2]).toHaveTextContent(
      'Event toilet Deluxe (RT-0007), rented to Festivalkompaniet Sør-Trøndelag AS, was due back Mar 3, 2026.',
    );
    // 23:29 UTC on the 4th is the 5th in Oslo.
    expect(items[2]).toHaveTextContent('Mar 5, 2026 12:29 AM');
    expect(items[3]).toHaveTextContent(
      'SO-2026-000041 has been “On hold” since Feb 25, 2026 (more than 7 days).',
    );
    // Unread ones say so to a screen reader; the read one does not.
    expect(within(items[0]!).getByText('Unread')).toBeInTheDocument();
    expect(within(items[3]!).queryByText('Unread')).not.toBeInTheDocument();
    // Issue 31 item 5: the customer's name is whole, never cut.
    expect(list.getByText(/Festivalkompaniet Sør-Trøndelag AS/)).not.toHaveAttribute('data-truncate');
    // The messages follow below.
    expect(await screen.findByRole('list', { name: 'Unread messages' })).toBeInTheDocument();
  });

  it('opens the record and marks the alert read; "Mark all read" clears the count', async () => {
    let alerts = alertsFixture;
    const { user, calls, router } = start({
      'GET /api/communications/unread': { status: 200, body: { count: 0, items: [] } },
      'GET /api/communications/unassigned': {
        status: 200,
        body: { items: [], total: 0, page: 1, pageSize: 1 },
      },
      'GET /api/alerts/unread-count': () => ({
        status: 200,
        body: { count: alerts.filter((a) => a.readAt === null).length },
      }),
      'GET /api/alerts': () => ({
        status: 200,
        body: {
          items: alerts,
          nextCursor: null,
          unreadCount: alerts.filter((a) => a.readAt === null).length,
        },
      }),
      [`POST /api/alerts/${alertsFixture[2]!.id}/read`]: () => {
        alerts = alerts.map((a) =>
          a.id === alertsFixture[2]!.id ? { ...a, readAt: '2026-03-05T10:00:00.000Z' } : a,
        );
        return { status: 200, body: alerts[2] };
      },
      'POST /api/alerts/read-all': () => {
        alerts = alerts.map((a) => ({ ...a, readAt: a.readAt ?? '2026-03-05T10:05:00.000Z' }));
        return { status: 200, body: { unreadCount: 0 } };
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Notifications: 3 unread' }));
    const list = within(await screen.findByRole('list', { name: 'Alerts' }));
    await user.click(list.getByText(/Event toilet Deluxe/));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rentals/active'));
    expect(router.state.location.search).toBe('?q=RT-0007');
    expect(
      calls.some((c) => c.method === 'POST' && c.url === `/api/alerts/${alertsFixture[2]!.id}/read`),
    ).toBe(true);
    expect(await screen.findByRole('button', { name: 'Notifications: 2 unread' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Notifications: 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/alerts/read-all')).toBe(true);

    // An order's alert opens the order.
    const orderAlert = within(await screen.findByRole('list', { name: 'Alerts' })).getByText(
      /added 3 photos/,
    );
    await user.click(orderAlert);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/service-orders/${ORDER_ID}`));
  });

  it('shows older alerts page by page along the cursor', async () => {
    const { user, calls } = start({
      'GET /api/communications/unread': { status: 200, body: { count: 0, items: [] } },
      'GET /api/communications/unassigned': {
        status: 200,
        body: { items: [], total: 0, page: 1, pageSize: 1 },
      },
      'GET /api/alerts/unread-count': { status: 200, body: { count: 2 } },
      'GET /api/alerts': (req) =>
        req.params.cursor === 'c1'
          ? { status: 200, body: { items: alertsFixture.slice(2), nextCursor: null, unreadCount: 2 } }
          : { status: 200, body: { items: alertsFixture.slice(0, 2), nextCursor: 'c1', unreadCount: 2 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications: 2 unread' }));
    const list = await screen.findByRole('list', { name: 'Alerts' });
    expect(within(list).getAllByTestId('alert-item')).toHaveLength(2);
    await user.click(within(list).getByRole('button', { name: 'Show older alerts' }));
    await waitFor(() => expect(within(list).getAllByTestId('alert-item')).toHaveLength(4));
    expect(within(list).queryByRole('button', { name: 'Show older alerts' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/alerts' && c.params.cursor === 'c1')).toBe(true);
  });

  it('says when there are no alerts, and when they fail to load', async () => {
    const { user } = start({
      'GET /api/communications/unread': { status: 200, body: { count: 0, items: [] } },
      'GET /api/communications/unassigned': {
        status: 200,
        body: { items: [], total: 0, page: 1, pageSize: 1 },
      },
      'GET /api/alerts': {
        status: 500,
        body: { status: 500, title: 'Internal Server Error', code: 'internal_error' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Failed to load alerts.')).toBeInTheDocument();
  });
});
