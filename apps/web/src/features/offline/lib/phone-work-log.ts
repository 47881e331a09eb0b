/**
 * Time logged on the phone (issue 28 §2): a work log is its own outbox op (`POST
 * /service-orders/:id/work-logs`, the op id as its `Idempotency-Key`), so it is kept before it is
 * sent and made once however often it is replayed. The phone's timer runs on the phone: its start
 * is kept in IndexedDB (so it survives a reload and a closed page with no network), and stopping it
 * queues one log of the minutes it ran. Decision 074.
 */
import type { WorkLogCreateInput } from '@service-portal/shared/work-logs';
import { readOne, removeOne, writeOne } from '../../../lib/phone-db.ts';
import type { NewOp, OutboxOp } from './outbox.ts';

/** The category of time logged from the day screen: the technician's own service work. */
export const PHONE_WORK_LOG_CATEGORY = 'service_log' satisfies WorkLogCreateInput['category'];

export function workLogsPath(orderId: string): string {
  return `/service-orders/${encodeURIComponent(orderId)}/work-logs`;
}

/** The op that creates one work log of `minutes` (with the technician's note) on the order. */
export function workLogOp(order: { id: string; orderNumber: string }, minutes: number, note: string): NewOp {
  const notes = note.trim();
  const body: WorkLogCreateInput = {
    category: PHONE_WORK_LOG_CATEGORY,
    manualMinutes: minutes,
    notes: notes === '' ? null : notes,
  };
  return {
    scope: order.id,
    method: 'POST',
    path: workLogsPath(order.id),
    body,
    label: { key: 'offline.op.workLog', values: { order: order.orderNumber, count: minutes } },
  };
}

/** Whole minutes a phone timer ran, rounded up, at least one (a started job is billed). */
export function timerMinutes(startedAt: number, stoppedAt: number): number {
  return Math.max(1, Math.ceil((stoppedAt - startedAt) / 60_000));
}

export interface QueuedWorkLog {
  id: string;
  minutes: number;
  notes: string | null;
  refused: boolean;
}

/** The work logs of an order still in the outbox (waiting or refused), in queue order. */
export function queuedWorkLogs(ops: readonly OutboxOp[], orderId: string): QueuedWorkLog[] {
  const path = workLogsPath(orderId);
  return ops.flatMap((op) => {
    if (op.method !== 'POST' || op.path !== path) return [];
    const body = (op.body ?? {}) as WorkLogCreateInput;
    return [
      {
        id: op.id,
        minutes: body.manualMinutes ?? 0,
        notes: body.notes ?? null,
        refused: op.refused !== undefined,
      },
    ];
  });
}

/** A running phone timer, kept with the day (sign-out empties it with the rest). */
export interface PhoneTimer {
  id: string;
  orderId: string;
  startedAt: number;
}

const timerId = (orderId: string) => `timer:${orderId}`;

export async function readPhoneTimer(orderId: string, factory?: IDBFactory): Promise<PhoneTimer | null> {
  if (factory === undefined && typeof indexedDB === 'undefined') return null;
  return (await readOne<PhoneTimer>('day', timerId(orderId), factory)) ?? null;
}

export async function startPhoneTimer(
  orderId: string,
  at: number,
  factory?: IDBFactory,
): Promise<PhoneTimer> {
  const timer: PhoneTimer = { id: timerId(orderId), orderId, startedAt: at };
  await writeOne('day', timer, factory);
  return timer;
}

export async function clearPhoneTimer(orderId: string, factory?: IDBFactory): Promise<void> {
  await removeOne('day', timerId(orderId), factory);
}
