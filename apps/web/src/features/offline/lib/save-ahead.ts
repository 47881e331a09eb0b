/**
 * The saved day (issue 28 §2, decision 076): while there is a network, today's and tomorrow's
 * orders of the technician are read ahead, and for each order its earlier work logs and the
 * thumbnails of its newest photos are kept in IndexedDB (`kept`), so that with no network the
 * order still shows them. The day itself is kept by the day's own query (store `day`).
 *
 * Bounded: at most {@link THUMBNAILS_PER_ORDER} thumbnails per order and {@link THUMBNAIL_BYTES}
 * bytes of thumbnails in all (a thumbnail is ~10–40 kB, so a full day fits with room to spare);
 * what belongs to orders no longer on today's or tomorrow's list is removed on each run.
 */
import { readAll, removeOne, writeOne } from '../../../lib/phone-db.ts';

export const THUMBNAILS_PER_ORDER = 6;
export const THUMBNAIL_BYTES = 8 * 1024 * 1024;

/** A kept record: an order's work logs, one photo (its list entry and thumbnail), or the run's mark. */
export type KeptRecord =
  | { id: string; kind: 'logs'; orderId: string; value: unknown }
  | { id: string; kind: 'photo'; orderId: string; image: unknown; thumbnail: Blob; bytes: number }
  | { id: 'saved'; kind: 'saved'; at: number; orders: number };

export interface KeptStore {
  all(): Promise<KeptRecord[]>;
  put(record: KeptRecord): Promise<void>;
  remove(id: string): Promise<void>;
}

export function indexedDbKeptStore(): KeptStore {
  return {
    all: () => readAll<KeptRecord>('kept'),
    put: (record) => writeOne('kept', record),
    remove: (id) => removeOne('kept', id),
  };
}

/** What the route gives: the feature reads nothing of other features itself. */
export interface SaveAheadSources {
  /** The order ids of today and tomorrow (the day queries keep the days themselves). */
  orderIds: () => Promise<string[]>;
  workLogs: (orderId: string) => Promise<unknown>;
  /** The order's photos, oldest first, each with a thumbnail URL. */
  photos: (orderId: string) => Promise<{ id: string; thumbnailUrl: string }[]>;
  /** Downloads one thumbnail. */
  download: (url: string) => Promise<Blob>;
}

export interface SaveAheadResult {
  orders: number;
  thumbnails: number;
  bytes: number;
}

const logsId = (orderId: string) => `logs:${orderId}`;
const photoId = (imageId: string) => `photo:${imageId}`;

/**
 * One run: reads everything first, then writes; a failed read stops the run before anything kept
 * is removed (the phone keeps the last good copy). Thumbnails already kept are not downloaded again.
 */
export async function saveAhead(
  sources: SaveAheadSources,
  store: KeptStore = indexedDbKeptStore(),
  now: () => number = Date.now,
): Promise<SaveAheadResult> {
  const orderIds = [...new Set(await sources.orderIds())];
  const before = await store.all();
  const keptPhotos = new Map(before.flatMap((r) => (r.kind === 'photo' ? [[r.id, r] as const] : [])));
  const wanted = new Set<string>(['saved']);
  let bytes = 0;
  let thumbnails = 0;
  for (const orderId of orderIds) {
    const [logs, photos] = await Promise.all([sources.workLogs(orderId), sources.photos(orderId)]);
    await store.put({ id: logsId(orderId), kind: 'logs', orderId, value: logs });
    wanted.add(logsId(orderId));
    // The newest photos: the list is oldest first.
    for (const image of photos.slice(-THUMBNAILS_PER_ORDER).reverse()) {
      const id = photoId(image.id);
      const kept = keptPhotos.get(id);
      const thumbnail = kept?.thumbnail ?? (await sources.download(image.thumbnailUrl));
      const size = kept?.bytes ?? thumbnail.size;
      if (bytes + size > THUMBNAIL_BYTES) continue;
      bytes += size;
      thumbnails += 1;
      await store.put({ id, kind: 'photo', orderId, image, thumbnail, bytes: size });
      wanted.add(id);
    }
  }
  for (const record of before) {
    if (!wanted.has(record.id)) await store.remove(record.id);
  }
  await store.put({ id: 'saved', kind: 'saved', at: now(), orders: orderIds.length });
  return { orders: orderIds.length, thumbnails, bytes };
}

export interface KeptOrder {
  workLogs: unknown;
  /** The photos' list entries as kept, newest first, with their thumbnails. */
  photos: { image: unknown; thumbnail: Blob }[];
}

/** What is kept for one order (undefined work logs: none kept). */
export async function readKeptOrder(
  orderId: string,
  store: KeptStore = indexedDbKeptStore(),
): Promise<KeptOrder> {
  const all = await store.all();
  const logs = all.find((r) => r.id === logsId(orderId));
  return {
    workLogs: logs?.kind === 'logs' ? logs.value : undefined,
    photos: all.flatMap((r) =>
      r.kind === 'photo' && r.orderId === orderId ? [{ image: r.image, thumbnail: r.thumbnail }] : [],
    ),
  };
}

/** When the day was last saved ahead, and how many orders (null: never on this phone). */
export async function lastSaved(
  store: KeptStore = indexedDbKeptStore(),
): Promise<{ at: number; orders: number } | null> {
  const mark = (await store.all()).find((r) => r.kind === 'saved');
  return mark?.kind === 'saved' ? { at: mark.at, orders: mark.orders } : null;
}
