/**
 * The technician's outbox (issue 28 §2): changes made on the phone, kept until the server has
 * them. Each operation has its own id, which is sent as its `Idempotency-Key`, so a replay after a
 * lost answer never makes a second record. Operations go out in the order they were made; a
 * change the server refuses (409/422, e.g. the order was cancelled meanwhile) is kept with its
 * reason until the technician discards or retries it, and the later changes of the same order wait
 * behind it. Nothing expires: a week offline loses nothing.
 */

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Refusal {
  status: number;
  /** The server's stable error code, when it sent one. */
  code: string | null;
  message: string;
}

export interface OutboxOp {
  /** A v4 UUID; also the `Idempotency-Key`. */
  id: string;
  /** Position in the queue: ops go out in ascending order. */
  seq: number;
  /** Ops of one scope (an order) depend on each other: a refused op holds the later ones back. */
  scope: string;
  method: OutboxMethod;
  path: string;
  body?: unknown;
  /** What the technician sees in the list (a translation key and its values). */
  label: { key: string; values?: Record<string, string | number> };
  createdAt: number;
  refused?: Refusal;
}

/** Where ops are kept: IndexedDB on the phone, memory in tests. */
export interface OutboxStore {
  all(): Promise<OutboxOp[]>;
  put(op: OutboxOp): Promise<void>;
  remove(id: string): Promise<void>;
}

/** The server's answer to one op; a thrown error means no answer (offline, timeout). */
export interface SendResult {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export type Sender = (op: OutboxOp) => Promise<SendResult>;

export interface FlushResult {
  sent: number;
  refused: number;
  /** True when the run stopped because there was no answer (or the server asked to wait). */
  interrupted: boolean;
}

/** A v4 UUID from `getRandomValues` (works over plain http too). */
export function newOpId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether an answer is final. No answer, a 5xx (the server released the key), 408/429 and 409 with
 * `Retry-After` ("still being processed") are not: the same op goes again later with the same key.
 */
export function isTransient(result: SendResult): boolean {
  const { status } = result;
  if (status >= 500 || status === 408 || status === 429) return true;
  if (status === 409 && result.headers !== undefined && 'retry-after' in result.headers) return true;
  return false;
}

function refusalOf(result: SendResult): Refusal {
  const body = (typeof result.body === 'object' && result.body !== null ? result.body : {}) as Record<
    string,
    unknown
  >;
  const code = typeof body['code'] === 'string' ? body['code'] : null;
  const message =
    typeof body['detail'] === 'string'
      ? body['detail']
      : typeof body['message'] === 'string'
        ? body['message']
        : typeof body['title'] === 'string'
          ? body['title']
          : `HTTP ${result.status}`;
  return { status: result.status, code, message };
}

export type NewOp = Omit<OutboxOp, 'id' | 'seq' | 'createdAt' | 'refused'> & { id?: string };

export class Outbox {
  private listeners = new Set<() => void>();
  private running: Promise<FlushResult> | null = null;
  /** The op being sent right now: it may no longer be changed or withdrawn. */
  private sending: string | null = null;
  private snapshot: OutboxOp[] = [];

  constructor(
    private readonly store: OutboxStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads the kept ops (call once at start). */
  async load(): Promise<OutboxOp[]> {
    this.snapshot = sortOps(await this.store.all());
    this.emit();
    return this.snapshot;
  }

  /** The ops as last known, in queue order (for `useSyncExternalStore`). */
  ops(): OutboxOp[] {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async enqueue(op: NewOp): Promise<OutboxOp> {
    const all = await this.store.all();
    const seq = all.reduce((max, o) => Math.max(max, o.seq), 0) + 1;
    const stored: OutboxOp = { ...op, id: op.id ?? newOpId(), seq, createdAt: this.now() };
    await this.store.put(stored);
    await this.load();
    return stored;
  }

  /**
   * Changes the body of an op that is still waiting (e.g. the quantity of a part added offline,
   * before the server has the line). False when it is being sent, gone, or refused: the caller
   * then queues a new op instead.
   */
  async amend(id: string, body: unknown): Promise<boolean> {
    if (this.sending === id) return false;
    const op = (await this.store.all()).find((o) => o.id === id);
    if (op === undefined || op.refused !== undefined || this.sending === id) return false;
    await this.store.put({ ...op, body });
    await this.load();
    return true;
  }

  /** Takes back a waiting op (a part added offline and removed again). False when it is being sent. */
  async withdraw(id: string): Promise<boolean> {
    if (this.sending === id) return false;
    await this.store.remove(id);
    await this.load();
    return true;
  }

  /** The technician gives up a refused change. */
  async discard(id: string): Promise<void> {
    await this.store.remove(id);
    await this.load();
  }

  /**
   * The technician asks to send a refused change again. The server keeps its refusal under the old
   * key for 24 hours, so the op goes again under a new id (nothing was made under the old one: a
   * refused op changed nothing), keeping its place in the queue.
   */
  async retry(id: string): Promise<void> {
    const op = (await this.store.all()).find((o) => o.id === id);
    if (op === undefined) return;
    const { refused: _refused, ...rest } = op;
    await this.store.put({ ...rest, id: newOpId() });
    await this.store.remove(id);
    await this.load();
  }

  /**
   * Sends the waiting ops in order, one at a time. A 2xx removes the op; a refusal marks it and
   * holds back the later ops of its scope; no answer stops the run (everything stays, in order).
   * Runs do not overlap: a second call while one runs gets the same run.
   */
  flush(send: Sender): Promise<FlushResult> {
    if (this.running !== null) return this.running;
    this.running = this.run(send).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(send: Sender): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, refused: 0, interrupted: false };
    const blocked = new Set<string>();
    for (const { id } of sortOps(await this.store.all())) {
      // Read again: an accepted op may have moved the version of the later ones (chainVersion).
      const op = (await this.store.all()).find((o) => o.id === id);
      if (op === undefined) continue;
      if (op.refused !== undefined || blocked.has(op.scope)) {
        blocked.add(op.scope);
        continue;
      }
      let answer: SendResult;
      this.sending = op.id;
      try {
        answer = await send(op);
      } catch {
        result.interrupted = true;
        break;
      } finally {
        this.sending = null;
      }
      if (answer.status >= 200 && answer.status < 300) {
        await this.store.remove(op.id);
        await this.chainVersion(op, answer);
        result.sent += 1;
      } else if (isTransient(answer)) {
        result.interrupted = true;
        break;
      } else {
        await this.store.put({ ...op, refused: refusalOf(answer) });
        blocked.add(op.scope);
        result.refused += 1;
      }
      await this.load();
    }
    await this.load();
    return result;
  }

  /**
   * Changes made offline to one record each carry the version the phone last read. Once one is
   * accepted, the later ops of that record (the same path: the order, or one of its part lines; not
   * sent yet, so their body may still change) take the version the server answered, so the second
   * change of a morning is not a false conflict. A line's version never moves the order's.
   */
  private async chainVersion(sent: OutboxOp, answer: SendResult): Promise<void> {
    // Adding, changing or removing a part line moves its order's version by one (the server's
    // rule, so a whole-list edit elsewhere cannot undo it): the order's later changes follow.
    for (const later of await this.store.all()) {
      if (!sent.path.startsWith(`${later.path}/spare-parts`) || later.method !== 'PUT') continue;
      if (later.seq <= sent.seq || later.refused !== undefined) continue;
      const current = versionOf(later.body);
      if (current !== null)
        await this.store.put({ ...later, body: { ...(later.body as object), version: current + 1 } });
    }
    const version = versionOf(answer.body);
    if (version === null) return;
    for (const later of await this.store.all()) {
      if (later.path !== sent.path || later.seq <= sent.seq || later.refused !== undefined) continue;
      if (versionOf(later.body) === null) continue;
      await this.store.put({ ...later, body: { ...(later.body as object), version } });
    }
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

function versionOf(body: unknown): number | null {
  if (typeof body !== 'object' || body === null || !('version' in body)) return null;
  const version = body.version;
  return typeof version === 'number' ? version : null;
}

function sortOps(ops: OutboxOp[]): OutboxOp[] {
  return [...ops].sort((a, b) => a.seq - b.seq);
}

/** A store in memory: tests, and the fallback where IndexedDB is missing. */
export function memoryStore(): OutboxStore {
  const ops = new Map<string, OutboxOp>();
  return {
    all: () => Promise.resolve([...ops.values()].map((o) => structuredClone(o))),
    put: (op) => {
      ops.set(op.id, structuredClone(op));
      return Promise.resolve();
    },
    remove: (id) => {
      ops.delete(id);
      return Promise.resolve();
    },
  };
}
