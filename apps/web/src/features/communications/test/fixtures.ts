import type { Communication, InboxItem } from '@service-portal/shared/communications';
import { ORDER_ID } from '../../../../test/fixtures.ts';

let n = 0;
/** A communication as the server returns it; ids are unique per call. */
export function communication(overrides: Partial<Communication> = {}): Communication {
  n += 1;
  return {
    id: `c1000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    serviceOrderId: ORDER_ID,
    customerId: 'c0000000-0000-4000-8000-000000000001',
    customerName: 'Kari Nordmann',
    subject: null,
    message: `Message ${n}`,
    deliveryNotes: null,
    method: 'email',
    direction: 'outbound',
    isInternal: false,
    status: 'read',
    readAt: null,
    createdBy: '22222222-2222-4222-8222-222222222222',
    createdByName: 'Mona Manager',
    customerResponse: null,
    fromAddress: null,
    toAddress: 'kari@example.no',
    deliveryStatus: 'sent',
    deliveryError: null,
    deliveryAttempts: 1,
    occurredAt: '2026-03-02T10:00:00.000Z',
    sentAt: '2026-03-02T10:00:00.000Z',
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function inboxItem(overrides: Partial<InboxItem> = {}): InboxItem {
  return {
    ...communication({
      direction: 'inbound',
      status: 'unread',
      createdBy: null,
      createdByName: null,
      fromAddress: 'kari@example.no',
      toAddress: null,
      deliveryStatus: 'received',
      sentAt: null,
    }),
    orderNumber: 'SO-2026-000042',
    ...overrides,
  };
}
