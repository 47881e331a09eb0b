/**
 * Parts and notes changed on the phone (issue 28 §2, decision 076). Each change is one outbox op
 * sent to an idempotent endpoint under the op id: a new line is `POST …/spare-parts`, a quantity
 * is the line's `PUT` (with the line's version), a removal its `DELETE`, and the serial number and
 * notes go with the order's `PUT` (with the order's version, chained like the status).
 */
import type { MyDayOrder } from '@service-portal/shared/schedule';
import type { SparePartInput } from '@service-portal/shared/service-orders';
import type { NewOp, OutboxOp } from './outbox.ts';

type Line = MyDayOrder['spareParts'][number];
type OrderRef = Pick<MyDayOrder, 'id' | 'orderNumber' | 'version' | 'currency'>;

export function partsPath(orderId: string): string {
  return `/service-orders/${encodeURIComponent(orderId)}/spare-parts`;
}

export function partPath(orderId: string, partId: string): string {
  return `${partsPath(orderId)}/${encodeURIComponent(partId)}`;
}

/**
 * A part the technician adds: no cost on the phone (the office prices it from the catalogue), in
 * the order's currency.
 */
export function addPartOp(
  order: OrderRef,
  part: { partNumber: string; partName: string; quantity: number },
): NewOp {
  const body: SparePartInput = {
    partNumber: part.partNumber.trim(),
    partName: part.partName.trim(),
    quantity: part.quantity,
    unitCost: 0,
    currency: order.currency,
  };
  return {
    scope: order.id,
    method: 'POST',
    path: partsPath(order.id),
    body,
    label: {
      key: 'offline.op.partAdd',
      values: { order: order.orderNumber, name: body.partName, count: part.quantity },
    },
  };
}

/** The whole line with a new quantity and the version the phone last read. */
export function changePartOp(order: OrderRef, line: Line, quantity: number): NewOp {
  return {
    scope: order.id,
    method: 'PUT',
    path: partPath(order.id, line.id),
    body: {
      partNumber: line.partNumber,
      partName: line.partName,
      quantity,
      unitCost: line.unitCost,
      currency: line.currency,
      supplier: line.supplier,
      notes: line.notes,
      version: line.version,
    },
    label: {
      key: 'offline.op.partChange',
      values: { order: order.orderNumber, name: line.partName, count: quantity },
    },
  };
}

export function removePartOp(order: OrderRef, line: Line): NewOp {
  return {
    scope: order.id,
    method: 'DELETE',
    path: partPath(order.id, line.id),
    label: { key: 'offline.op.partRemove', values: { order: order.orderNumber, name: line.partName } },
  };
}

/** The serial number and the notes, with the order's version (a later op takes the answered one). */
export function orderNotesOp(
  order: OrderRef,
  fields: { serialNumber: string; internalNotes: string },
): NewOp {
  return {
    scope: order.id,
    method: 'PUT',
    path: `/service-orders/${encodeURIComponent(order.id)}`,
    body: {
      serialNumber: fields.serialNumber.trim(),
      internalNotes: fields.internalNotes.trim(),
      version: order.version,
    },
    label: { key: 'offline.op.notes', values: { order: order.orderNumber } },
  };
}

export interface QueuedPart {
  /** The op's id (the line has none until the server makes it). */
  opId: string;
  partNumber: string;
  partName: string;
  quantity: number;
  refused: boolean;
}

/** Parts added on the phone that the server does not have yet (waiting or refused), in order. */
export function queuedParts(ops: readonly OutboxOp[], orderId: string): QueuedPart[] {
  const path = partsPath(orderId);
  return ops.flatMap((op) => {
    if (op.method !== 'POST' || op.path !== path) return [];
    const body = (op.body ?? {}) as Partial<SparePartInput>;
    return [
      {
        opId: op.id,
        partNumber: body.partNumber ?? '',
        partName: body.partName ?? '',
        quantity: body.quantity ?? 0,
        refused: op.refused !== undefined,
      },
    ];
  });
}

/** The waiting (not refused) op that changes this line, if any: a second change amends it. */
export function waitingLineChange(
  ops: readonly OutboxOp[],
  orderId: string,
  partId: string,
): OutboxOp | undefined {
  const path = partPath(orderId, partId);
  return ops.find((op) => op.path === path && op.method === 'PUT' && op.refused === undefined);
}

/** Lines whose change or removal waits in the outbox (shown with a "waiting to send" badge). */
export function waitingLineIds(ops: readonly OutboxOp[], orderId: string): Set<string> {
  const prefix = `${partsPath(orderId)}/`;
  return new Set(
    ops
      .filter((op) => op.path.startsWith(prefix))
      .map((op) => decodeURIComponent(op.path.slice(prefix.length))),
  );
}
