import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { listPage, serviceOrderRows } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { inboxItem } from '../test/fixtures.ts';
import { UnassignedInbox } from './unassigned-inbox.tsx';

describe('unassigned messages', () => {
  it('files a message under an order found by number, and deletes spam', async () => {
    const message = inboxItem({
      serviceOrderId: null,
      orderNumber: null,
      customerName: null,
      fromAddress: 'stranger@example.com',
      subject: 'About my heater',
      message: 'Is it fixed?',
    });
    const spam = inboxItem({
      serviceOrderId: null,
      orderNumber: null,
      subject: 'Cheap watches',
      message: 'Buy now',
    });
    let items = [message, spam];
    const [order] = serviceOrderRows(1, 42);
    const { user, calls } = (() => {
      const api = mockApi({
        'GET /api/communications/unassigned': () => ({
          status: 200,
          body: { items, total: items.length, page: 1, pageSize: 20 },
        }),
        'GET /api/service-orders': listPage([order!]),
        [`POST /api/communications/${message.id}/assign`]: () => {
          items = items.filter((i) => i.id !== message.id);
          return {
            status: 200,
            body: { ...message, serviceOrderId: order!.id, orderNumber: order!.orderNumber },
          };
        },
        [`DELETE /api/communications/${spam.id}`]: () => {
          items = items.filter((i) => i.id !== spam.id);
          return { status: 204 };
        },
      });
      return { ...renderWithProviders(<UnassignedInbox />), ...api };
    })();

    const first = await screen.findByRole('article', { name: /stranger@example.com/ });
    expect(first).toHaveTextContent('About my heater');
    await user.type(within(first).getByRole('textbox', { name: 'Order number' }), '000042{Enter}');
    await user.click(await within(first).findByRole('button', { name: 'File under SO-2026-000042' }));
    const search = calls.find((c) => c.url === '/api/service-orders');
    expect(search?.params.search).toBe('000042');
    await waitFor(() => expect(calls.some((c) => c.url.endsWith(`${message.id}/assign`))).toBe(true));
    expect(calls.find((c) => c.url.endsWith(`${message.id}/assign`))?.body).toEqual({
      serviceOrderId: order!.id,
    });
    await waitFor(() => expect(screen.queryByText('About my heater')).not.toBeInTheDocument());

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalled();
    expect(await screen.findByText('No unassigned messages.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/communications/${spam.id}`)).toBe(true);
    confirm.mockRestore();
  });
});
