import { describe, expect, it } from 'vitest';
import { Outbox, memoryStore } from './outbox.ts';
import type { OutboxOp, SendResult } from './outbox.ts';

function op(scope: string, path: string) {
  return {
    scope,
    method: 'POST' as const,
    path,
    body: { path },
    label: { key: 'offline.test' },
  };
}

/** A fake server that records what reached it, keyed by op id like the idempotency plugin. */
function server(answer: (op: OutboxOp) => SendResult | 'offline' = () => ({ status: 201 })) {
  const applied = new Map<string, string>();
  const calls: string[] = [];
  const send = (o: OutboxOp): Promise<SendResult> => {
    calls.push(o.path);
    const a = answer(o);
    if (a === 'offline') return Promise.reject(new Error('offline'));
    if (a.status < 300) applied.set(o.id, o.path);
    return Promise.resolve(a);
  };
  return { applied, calls, send };
}

describe('outbox', () => {
  it('sends ops in the order they were made and empties itself', async () => {
    const box = new Outbox(memoryStore());
    await box.enqueue(op('a', '/1'));
    await box.enqueue(op('b', '/2'));
    await box.enqueue(op('a', '/3'));
    const s = server();
    const result = await box.flush(s.send);
    expect(result).toEqual({ sent: 3, refused: 0, interrupted: false });
    expect(s.calls).toEqual(['/1', '/2', '/3']);
    expect(box.ops()).toEqual([]);
  });

  it('stops at the first op with no answer, keeps everything and resends with the same id', async () => {
    const store = memoryStore();
    const box = new Outbox(store);
    const first = await box.enqueue(op('a', '/1'));
    await box.enqueue(op('a', '/2'));
    let online = false;
    const s = server(() => (online ? { status: 201 } : 'offline'));
    expect(await box.flush(s.send)).toEqual({ sent: 0, refused: 0, interrupted: true });
    expect(s.calls).toEqual(['/1']);

    // The page is closed and opened again: a new Outbox over the same store.
    const reopened = new Outbox(store);
    expect((await reopened.load()).map((o) => o.path)).toEqual(['/1', '/2']);
    online = true;
    expect(await reopened.flush(s.send)).toEqual({ sent: 2, refused: 0, interrupted: false });
    expect([...s.applied.keys()][0]).toBe(first.id);
  });

  it('treats 5xx and 409 with Retry-After as not final', async () => {
    const box = new Outbox(memoryStore());
    await box.enqueue(op('a', '/1'));
    let n = 0;
    const s = server(() => {
      n += 1;
      return n === 1
        ? { status: 503 }
        : n === 2
          ? { status: 409, headers: { 'retry-after': '1' } }
          : { status: 200 };
    });
    expect((await box.flush(s.send)).interrupted).toBe(true);
    expect((await box.flush(s.send)).interrupted).toBe(true);
    expect(await box.flush(s.send)).toEqual({ sent: 1, refused: 0, interrupted: false });
  });

  it('keeps a refused op with its reason and holds back only the later ops of its scope', async () => {
    const box = new Outbox(memoryStore());
    await box.enqueue(op('cancelled', '/status'));
    await box.enqueue(op('cancelled', '/work-log'));
    await box.enqueue(op('other', '/ok'));
    const s = server((o) =>
      o.path === '/status'
        ? { status: 409, body: { code: 'order_cancelled', detail: 'The order was cancelled' } }
        : { status: 201 },
    );
    expect(await box.flush(s.send)).toEqual({ sent: 1, refused: 1, interrupted: false });
    expect(s.calls).toEqual(['/status', '/ok']);
    const kept = box.ops();
    expect(kept.map((o) => o.path)).toEqual(['/status', '/work-log']);
    expect(kept[0]?.refused).toEqual({
      status: 409,
      code: 'order_cancelled',
      message: 'The order was cancelled',
    });

    // A later run does not send the refused op again on its own.
    await box.flush(s.send);
    expect(s.calls).toEqual(['/status', '/ok']);
  });

  it('discards or retries a refused op as the technician decides', async () => {
    const box = new Outbox(memoryStore());
    const refused = await box.enqueue(op('a', '/status'));
    await box.enqueue(op('a', '/after'));
    let accept = false;
    const s = server(() => (accept ? { status: 200 } : { status: 422, body: { title: 'Invalid' } }));
    await box.flush(s.send);
    expect(box.ops()[0]?.refused?.message).toBe('Invalid');

    accept = true;
    await box.retry(refused.id);
    expect(await box.flush(s.send)).toEqual({ sent: 2, refused: 0, interrupted: false });
    // The refusal is kept under the old key on the server: the retry goes under a new one.
    expect([...s.applied.keys()][0]).not.toBe(refused.id);
    expect([...s.applied.values()]).toEqual(['/status', '/after']);

    accept = false;
    const other = await box.enqueue(op('b', '/x'));
    await box.flush(s.send);
    await box.discard(other.id);
    expect(box.ops()).toEqual([]);
  });

  it('does not run two flushes at once', async () => {
    const box = new Outbox(memoryStore());
    await box.enqueue(op('a', '/1'));
    const s = server();
    const [x, y] = await Promise.all([box.flush(s.send), box.flush(s.send)]);
    expect(x).toBe(y);
    expect(s.calls).toEqual(['/1']);
  });

  it('gives the later changes of an order the version the server answered', async () => {
    const box = new Outbox(memoryStore());
    const put = (status: string) => ({
      scope: 'order-1',
      method: 'PUT' as const,
      path: '/service-orders/order-1',
      body: { status, version: 4 },
      label: { key: 'offline.test' },
    });
    await box.enqueue(put('in_progress'));
    await box.enqueue(put('completed'));
    let version = 4;
    const seen: unknown[] = [];
    const result = await box.flush((o) => {
      seen.push(o.body);
      const body = o.body as { version: number };
      if (body.version !== version) return Promise.resolve({ status: 409, body: { code: 'conflict' } });
      version += 1;
      return Promise.resolve({ status: 200, body: { version } });
    });
    expect(result).toEqual({ sent: 2, refused: 0, interrupted: false });
    expect(seen).toEqual([
      { status: 'in_progress', version: 4 },
      { status: 'completed', version: 5 },
    ]);
  });

  it("never gives a part line's version to the order, nor the order's to a line", async () => {
    const box = new Outbox(memoryStore());
    const line = { partNumber: 'P', partName: 'Seal', unitCost: 0, currency: 'NOK' };
    const order = '/service-orders/o1';
    const part = '/service-orders/o1/spare-parts/l1';
    const change = (path: string, body: object) => ({
      scope: 'o1',
      method: 'PUT' as const,
      path,
      body,
      label: { key: 'offline.test' },
    });
    await box.enqueue(change(part, { ...line, quantity: 2, version: 1 }));
    await box.enqueue(change(order, { status: 'in_progress', version: 7 }));
    await box.enqueue(change(part, { ...line, quantity: 3, version: 1 }));
    const versions = new Map([
      [order, 7],
      [part, 1],
    ]);
    const seen: unknown[] = [];
    const result = await box.flush((o) => {
      seen.push(o.body);
      const current = versions.get(o.path) ?? 0;
      if ((o.body as { version: number }).version !== current) return Promise.resolve({ status: 409 });
      versions.set(o.path, current + 1);
      // Like the server: a line's change moves its order's version too.
      if (o.path === part) versions.set(order, (versions.get(order) ?? 0) + 1);
      return Promise.resolve({ status: 200, body: { version: current + 1 } });
    });
    expect(result).toEqual({ sent: 3, refused: 0, interrupted: false });
    expect(seen).toEqual([
      { ...line, quantity: 2, version: 1 },
      { status: 'in_progress', version: 8 },
      { ...line, quantity: 3, version: 2 },
    ]);
  });

  it('changes or takes back a waiting op, but not one being sent', async () => {
    const box = new Outbox(memoryStore());
    const added = await box.enqueue(op('o1', '/parts'));
    expect(await box.amend(added.id, { quantity: 5 })).toBe(true);
    expect(box.ops()[0]?.body).toEqual({ quantity: 5 });

    let release: (r: SendResult) => void = () => undefined;
    const run = box.flush(() => new Promise<SendResult>((resolve) => (release = resolve)));
    await new Promise((r) => setTimeout(r, 0));
    expect(await box.amend(added.id, { quantity: 9 })).toBe(false);
    expect(await box.withdraw(added.id)).toBe(false);
    release({ status: 201 });
    await run;
    expect(box.ops()).toEqual([]);

    const other = await box.enqueue(op('o1', '/parts'));
    expect(await box.withdraw(other.id)).toBe(true);
    expect(box.ops()).toEqual([]);
  });

  it("moves the order's version of its later changes by one for each part line sent", async () => {
    const box = new Outbox(memoryStore());
    const order = '/service-orders/o1';
    await box.enqueue({
      scope: 'o1',
      method: 'POST',
      path: `${order}/spare-parts`,
      body: { quantity: 1 },
      label: { key: 't' },
    });
    await box.enqueue({
      scope: 'o1',
      method: 'PUT',
      path: order,
      body: { internalNotes: 'x', version: 3 },
      label: { key: 't' },
    });
    const seen: unknown[] = [];
    await box.flush((o) => {
      seen.push(o.body);
      return Promise.resolve(
        o.method === 'POST' ? { status: 201, body: { version: 1 } } : { status: 200, body: { version: 5 } },
      );
    });
    expect(seen).toEqual([{ quantity: 1 }, { internalNotes: 'x', version: 4 }]);
  });
});
