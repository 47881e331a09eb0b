import type { SerialEvent } from '@service-portal/shared/serial-history';
import { describe, expect, it } from 'vitest';
import { earlierOrders } from './earlier-orders.ts';

const A = 'a0000000-0000-4000-8000-00000000000a';
const B = 'b0000000-0000-4000-8000-00000000000b';

function event(kind: SerialEvent['kind'], at: string, extra: Partial<SerialEvent> = {}): SerialEvent {
  return { kind, at, title: '', detail: null, serviceOrderId: A, orderNumber: 'SO-2026-000001', ...extra };
}

describe('earlierOrders', () => {
  // Newest first, as the server sends them.
  const events: SerialEvent[] = [
    event('rental', '2026-05-01T00:00:00.000Z', { serviceOrderId: null, orderNumber: null }),
    event('status_changed', '2026-04-03T00:00:00.000Z', { title: 'completed', toStatus: 'completed' }),
    event('status_changed', '2026-04-02T00:00:00.000Z', { title: 'in_progress', toStatus: 'in_progress' }),
    event('work_log', '2026-04-02T00:00:00.000Z', { title: 'service_log' }),
    event('order_created', '2026-04-01T00:00:00.000Z', { title: 'Leak' }),
    event('order_created', '2025-01-01T00:00:00.000Z', {
      title: 'Check',
      serviceOrderId: B,
      orderNumber: 'SO-2025-000009',
    }),
  ];

  it('gives each order once, newest first, with its latest status', () => {
    expect(earlierOrders(events)).toEqual([
      {
        id: A,
        orderNumber: 'SO-2026-000001',
        title: 'Leak',
        createdAt: '2026-04-01T00:00:00.000Z',
        status: 'completed',
      },
      {
        id: B,
        orderNumber: 'SO-2025-000009',
        title: 'Check',
        createdAt: '2025-01-01T00:00:00.000Z',
        status: 'created',
      },
    ]);
  });

  it('leaves out the order being edited, and events of no order', () => {
    expect(earlierOrders(events, A).map((o) => o.id)).toEqual([B]);
    expect(earlierOrders(events.slice(0, 1))).toEqual([]);
  });
});
