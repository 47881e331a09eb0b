import { describe, expect, it } from 'vitest';
import { workLogCreateSchema } from '@service-portal/shared/work-logs';
import { Outbox, memoryStore } from './outbox.ts';
import type { OutboxOp, SendResult } from './outbox.ts';
import { queuedWorkLogs, timerMinutes, workLogOp } from './phone-work-log.ts';

const ORDER = { id: '7b7e2c1a-3f4d-4b8e-9a21-5c6d7e8f9a0b', orderNumber: 'SO-2026-0042' };
const OTHER = { id: '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5', orderNumber: 'SO-2026-0043' };

/** A fake work-logs endpoint keyed by Idempotency-Key, like the server's plugin. */
function workLogsServer(refuse: (op: OutboxOp) => boolean = () => false) {
  const made = new Map<string, unknown>();
  const keys: string[] = [];
  const send = (op: OutboxOp): Promise<SendResult> => {
    keys.push(op.id);
    if (refuse(op)) {
      return Promise.resolve({
        status: 409,
        body: { code: 'conflict', detail: 'The service order is cancelled: no time can be logged on it.' },
      });
    }
    if (!made.has(op.id)) made.set(op.id, workLogCreateSchema.parse(op.body));
    return Promise.resolve({ status: 201, body: { id: op.id } });
  };
  return { made, keys, send };
}

describe('work logs from the phone', () => {
  it('makes an op the work-logs create endpoint accepts, labelled with the order and minutes', () => {
    const op = workLogOp(ORDER, 45, '  Changed the pump seal ');
    expect(op).toMatchObject({
      scope: ORDER.id,
      method: 'POST',
      path: `/service-orders/${ORDER.id}/work-logs`,
      label: { key: 'offline.op.workLog', values: { order: 'SO-2026-0042', count: 45 } },
    });
    expect(workLogCreateSchema.parse(op.body)).toMatchObject({
      category: 'service_log',
      manualMinutes: 45,
      notes: 'Changed the pump seal',
      startTimer: false,
    });
    expect(workLogCreateSchema.parse(workLogOp(ORDER, 5, '   ').body).notes).toBeNull();
  });

  it('counts a timer in whole minutes, rounded up, at least one', () => {
    const start = Date.UTC(2026, 10, 27, 7, 0, 0);
    expect(timerMinutes(start, start + 5_000)).toBe(1);
    expect(timerMinutes(start, start + 60_000)).toBe(1);
    expect(timerMinutes(start, start + 61_000)).toBe(2);
    expect(timerMinutes(start, start + 95 * 60_000)).toBe(95);
  });

  it('keeps logs made offline across a reopened outbox and makes each once when sent', async () => {
    const store = memoryStore();
    const box = new Outbox(store);
    await box.enqueue(workLogOp(ORDER, 30, 'Morning'));
    await box.enqueue(workLogOp(ORDER, 12, ''));
    await box.enqueue(workLogOp(OTHER, 7, 'Other job'));
    expect(await box.flush(() => Promise.reject(new Error('offline')))).toMatchObject({ interrupted: true });

    const reopened = new Outbox(store);
    const kept = await reopened.load();
    expect(queuedWorkLogs(kept, ORDER.id).map((l) => [l.minutes, l.notes, l.refused])).toEqual([
      [30, 'Morning', false],
      [12, null, false],
    ]);
    const server = workLogsServer();
    expect(await reopened.flush(server.send)).toEqual({ sent: 3, refused: 0, interrupted: false });
    // A replay of the same ops (an answer lost) makes nothing more: one log per op id.
    for (const op of kept) await server.send(op);
    expect(server.made.size).toBe(3);
    expect(queuedWorkLogs(reopened.ops(), ORDER.id)).toEqual([]);
  });

  it('keeps a refused log with its reason until discarded; other orders go on', async () => {
    const box = new Outbox(memoryStore());
    const refusedOp = await box.enqueue(workLogOp(ORDER, 20, 'Cancelled meanwhile'));
    await box.enqueue(workLogOp(OTHER, 10, ''));
    const server = workLogsServer((op) => op.scope === ORDER.id);
    expect(await box.flush(server.send)).toEqual({ sent: 1, refused: 1, interrupted: false });
    const [left] = box.ops();
    expect(left?.id).toBe(refusedOp.id);
    expect(left?.refused).toEqual({
      status: 409,
      code: 'conflict',
      message: 'The service order is cancelled: no time can be logged on it.',
    });
    expect(queuedWorkLogs(box.ops(), ORDER.id)).toEqual([
      { id: refusedOp.id, minutes: 20, notes: 'Cancelled meanwhile', refused: true },
    ]);
    // A later run does not drop it on its own.
    await box.flush(server.send);
    expect(box.ops().map((o) => o.id)).toEqual([refusedOp.id]);
    await box.discard(refusedOp.id);
    expect(box.ops()).toEqual([]);
  });
});
