import { isTransient, newOpId } from './outbox.ts';
import type { Refusal, SendResult } from './outbox.ts';

/**
 * The phone's photo queue (issue 28 §2): photos taken on the phone, already compressed, kept in
 * IndexedDB apart from the outbox (a photo is megabytes, an op is bytes) and uploaded one by one
 * when online. Each photo's id is its `Idempotency-Key`: an upload cut off half way, or whose
 * answer was lost, goes again with the same key and the server answers with the first result
 * instead of storing a second copy. A photo the server refuses (the order was cancelled) is kept
 * with the reason until the technician discards or retries it.
 */
export interface QueuedPhoto {
  /** A v4 UUID; also the `Idempotency-Key` of its upload. */
  id: string;
  orderId: string;
  blob: Blob;
  name: string;
  category: string;
  moment: string;
  description: string;
  createdAt: number;
  /** Uploads tried without an answer (shown only as a hint). */
  attempts: number;
  refused?: Refusal;
}

export interface PhotoStore {
  all(): Promise<QueuedPhoto[]>;
  put(photo: QueuedPhoto): Promise<void>;
  remove(id: string): Promise<void>;
}

export type PhotoSender = (photo: QueuedPhoto) => Promise<SendResult>;

export interface PhotoFlushResult {
  sent: number;
  refused: number;
  interrupted: boolean;
}

export type NewPhoto = Pick<QueuedPhoto, 'orderId' | 'blob' | 'name' | 'category' | 'moment' | 'description'>;

function refusalOf(result: SendResult): Refusal {
  const body = (typeof result.body === 'object' && result.body !== null ? result.body : {}) as Record<
    string,
    unknown
  >;
  const code = typeof body['code'] === 'string' ? body['code'] : null;
  const message = typeof body['detail'] === 'string' ? body['detail'] : `HTTP ${result.status}`;
  return { status: result.status, code, message };
}

const byAge = (a: QueuedPhoto, b: QueuedPhoto) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1);

export class PhotoQueue {
  private listeners = new Set<() => void>();
  private running: Promise<PhotoFlushResult> | null = null;
  private snapshot: QueuedPhoto[] = [];

  constructor(
    private readonly store: PhotoStore,
    private readonly now: () => number = Date.now,
  ) {}

  async load(): Promise<QueuedPhoto[]> {
    this.snapshot = (await this.store.all()).sort(byAge);
    for (const listener of this.listeners) listener();
    return this.snapshot;
  }

  /** The kept photos, oldest first (for `useSyncExternalStore`). */
  photos(): QueuedPhoto[] {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Keeps a photo on the phone; it is stored before this resolves. */
  async add(photo: NewPhoto): Promise<QueuedPhoto> {
    const stored: QueuedPhoto = { ...photo, id: newOpId(), createdAt: this.now(), attempts: 0 };
    await this.store.put(stored);
    await this.load();
    return stored;
  }

  async discard(id: string): Promise<void> {
    await this.store.remove(id);
    await this.load();
  }

  /** Sends a refused photo again (same id, so the server still stores it at most once). */
  async retry(id: string): Promise<void> {
    const photo = (await this.store.all()).find((p) => p.id === id);
    if (photo === undefined) return;
    const { refused: _refused, ...rest } = photo;
    await this.store.put(rest);
    await this.load();
  }

  /**
   * Uploads the waiting photos one at a time, oldest first. No answer or a transient one stops
   * the run and keeps the photo for the next; a refusal keeps it aside and goes on with the rest.
   * Only one run at a time: a second call gets the running one.
   */
  flush(send: PhotoSender): Promise<PhotoFlushResult> {
    this.running ??= this.run(send).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(send: PhotoSender): Promise<PhotoFlushResult> {
    const result: PhotoFlushResult = { sent: 0, refused: 0, interrupted: false };
    const waiting = (await this.store.all()).filter((p) => p.refused === undefined).sort(byAge);
    for (const photo of waiting) {
      let answer: SendResult;
      try {
        answer = await send(photo);
      } catch {
        answer = { status: 0 };
      }
      if (answer.status === 0 || isTransient(answer)) {
        await this.store.put({ ...photo, attempts: photo.attempts + 1 });
        result.interrupted = true;
        break;
      }
      if (answer.status >= 200 && answer.status < 300) {
        await this.store.remove(photo.id);
        result.sent += 1;
      } else {
        await this.store.put({ ...photo, refused: refusalOf(answer) });
        result.refused += 1;
      }
      await this.load();
    }
    await this.load();
    return result;
  }
}

export function memoryPhotoStore(): PhotoStore {
  const photos = new Map<string, QueuedPhoto>();
  return {
    all: () => Promise.resolve([...photos.values()].map((p) => ({ ...p }))),
    put: (photo) => {
      photos.set(photo.id, { ...photo });
      return Promise.resolve();
    },
    remove: (id) => {
      photos.delete(id);
      return Promise.resolve();
    },
  };
}
