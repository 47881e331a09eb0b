import type { SerialEvent } from '@service-portal/shared/serial-history';

/** One order of a unit, as the scanned serial's dialog lists it. */
export interface EarlierOrder {
  id: string;
  orderNumber: string;
  title: string | null;
  createdAt: string | null;
  /** The latest status the history shows (`created` when it never changed); null when unknown. */
  status: string | null;
}

/**
 * The unit's orders from its history events (newest first, as the server sends them), newest order
 * first, without the order being edited: the one on screen is not an earlier one.
 */
export function earlierOrders(events: readonly SerialEvent[], exceptOrderId?: string): EarlierOrder[] {
  const byId = new Map<string, EarlierOrder>();
  for (const event of events) {
    const id = event.serviceOrderId;
    if (id === null || id === exceptOrderId) continue;
    let order = byId.get(id);
    if (order === undefined) {
      order = { id, orderNumber: event.orderNumber ?? '', title: null, createdAt: null, status: null };
      byId.set(id, order);
    }
    if (order.orderNumber === '' && event.orderNumber !== null) order.orderNumber = event.orderNumber;
    if (event.kind === 'order_created') {
      order.title = event.title;
      order.createdAt = event.at;
    } else if (event.kind === 'status_changed' && order.status === null) {
      order.status = event.toStatus ?? event.title;
    }
  }
  return [...byId.values()]
    .filter((order) => order.orderNumber !== '')
    .map((order) => ({ ...order, status: order.status ?? (order.createdAt === null ? null : 'created') }))
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}
