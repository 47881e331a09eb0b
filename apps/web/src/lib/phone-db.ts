/**
 * The phone's own database (IndexedDB, no wrapper library: four stores and four calls). `outbox`
 * holds the waiting changes, `photos` the compressed photos apart from them, `day` the technician's
 * day as last read, `kept` what the day's orders show besides (earlier work logs, photo
 * thumbnails; bounded, see the offline feature's save-ahead). Nothing here expires; `persist()`
 * asks the browser not to evict it.
 */
const DB_NAME = 'service-portal-phone';
/** 2 added `kept` (issue 28 §2); an upgrade only adds the stores that are missing. */
const VERSION = 2;
export const STORES = ['outbox', 'photos', 'day', 'kept'] as const;
export type StoreName = (typeof STORES)[number];

let opening: Promise<IDBDatabase> | null = null;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

export function openPhoneDb(factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  if (opening !== null) return opening;
  const request = factory.open(DB_NAME, VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    for (const name of STORES) {
      if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath: 'id' });
    }
  };
  opening = promised(request);
  opening.catch(() => {
    opening = null;
  });
  return opening;
}

/** Tests only: forget the open connection (a fresh factory follows). */
export function resetPhoneDb(): void {
  opening = null;
}

async function inStore<T>(
  name: StoreName,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
  factory?: IDBFactory,
): Promise<T> {
  const db = await openPhoneDb(factory);
  const tx = db.transaction(name, mode);
  const result = await promised(act(tx.objectStore(name)));
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  return result;
}

export function readAll<T>(name: StoreName, factory?: IDBFactory): Promise<T[]> {
  return inStore(name, 'readonly', (s) => s.getAll() as IDBRequest<T[]>, factory);
}

export function readOne<T>(name: StoreName, id: string, factory?: IDBFactory): Promise<T | undefined> {
  return inStore(name, 'readonly', (s) => s.get(id) as IDBRequest<T | undefined>, factory);
}

export async function writeOne<T extends { id: string }>(
  name: StoreName,
  value: T,
  factory?: IDBFactory,
): Promise<void> {
  await inStore(name, 'readwrite', (s) => s.put(value), factory);
}

export async function removeOne(name: StoreName, id: string, factory?: IDBFactory): Promise<void> {
  await inStore(name, 'readwrite', (s) => s.delete(id), factory);
}

/** Asks the browser to keep our data under storage pressure (a week offline loses nothing). */
export async function askPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (storage === undefined || typeof storage.persist !== 'function') return false;
  try {
    return (await storage.persisted()) || (await storage.persist());
  } catch {
    return false;
  }
}

/**
 * Sign-out (issue 28 §4): the day, the waiting changes and the photos are personal data of the one
 * who signed out, so every store is emptied. Without IndexedDB there is nothing to clear.
 */
export async function clearPhoneDb(factory?: IDBFactory): Promise<void> {
  if (factory === undefined && typeof indexedDB === 'undefined') return;
  const db = await openPhoneDb(factory);
  const tx = db.transaction([...STORES], 'readwrite');
  for (const name of STORES) tx.objectStore(name).clear();
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}
