import { useEffect, useSyncExternalStore } from 'react';
import { sendOp } from '../api/send-op.ts';
import { Outbox, memoryStore } from './outbox.ts';
import type { FlushResult, NewOp, OutboxOp, OutboxStore } from './outbox.ts';
import { askPersistentStorage, readAll, removeOne, writeOne } from '../../../lib/phone-db.ts';

/** The outbox kept in IndexedDB. */
function indexedDbOutboxStore(): OutboxStore {
  return {
    all: () => readAll<OutboxOp>('outbox'),
    put: (op) => writeOne('outbox', op),
    remove: (id) => removeOne('outbox', id),
  };
}

let outbox: Outbox | null = null;

/** The phone's one outbox, kept in IndexedDB (memory where the browser has none). */
export function phoneOutbox(): Outbox {
  if (outbox === null) {
    outbox = new Outbox(typeof indexedDB === 'undefined' ? memoryStore() : indexedDbOutboxStore());
    void outbox.load().catch(() => undefined);
  }
  return outbox;
}

/** Sends what waits; called when the network returns and when the day screen opens. */
export function flushPhoneOutbox() {
  return phoneOutbox().flush(sendOp);
}

/**
 * A change made on the phone: kept in the outbox first (so closing the page loses nothing), then
 * sent at once when the browser thinks it is online. Resolves when it is kept; `sent` settles with
 * the run that tried to send it.
 */
export async function enqueueChange(op: NewOp): Promise<{ op: OutboxOp; sent: Promise<FlushResult> }> {
  const kept = await phoneOutbox().enqueue(op);
  const sent = navigator.onLine
    ? flushPhoneOutbox()
    : Promise.resolve({ sent: 0, refused: 0, interrupted: true });
  return { op: kept, sent };
}

/** The kept ops, live; sends them whenever the browser reports it is online again. */
export function useOutbox(): OutboxOp[] {
  const box = phoneOutbox();
  const ops = useSyncExternalStore(
    (listener) => box.subscribe(listener),
    () => box.ops(),
  );
  useEffect(() => {
    void askPersistentStorage();
    const send = () => void flushPhoneOutbox().catch(() => undefined);
    if (navigator.onLine) send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, []);
  return ops;
}
