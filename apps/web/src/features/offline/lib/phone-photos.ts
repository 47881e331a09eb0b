import { useEffect, useSyncExternalStore } from 'react';
import { sendPhoto } from '../api/send-photo.ts';
import { memoryPhotoStore, PhotoQueue } from './photo-queue.ts';
import type { PhotoStore, QueuedPhoto } from './photo-queue.ts';
import { readAll, removeOne, writeOne } from '../../../lib/phone-db.ts';

function indexedDbPhotoStore(): PhotoStore {
  return {
    all: () => readAll<QueuedPhoto>('photos'),
    put: (photo) => writeOne('photos', photo),
    remove: (id) => removeOne('photos', id),
  };
}

let queue: PhotoQueue | null = null;

/** The phone's one photo queue, kept in IndexedDB's `photos` store (memory where there is none). */
export function phonePhotoQueue(): PhotoQueue {
  if (queue === null) {
    queue = new PhotoQueue(typeof indexedDB === 'undefined' ? memoryPhotoStore() : indexedDbPhotoStore());
    void queue.load().catch(() => undefined);
  }
  return queue;
}

export function flushPhonePhotos() {
  return phonePhotoQueue().flush(sendPhoto);
}

/** The kept photos, live; uploads them now if online and whenever the network returns. */
export function usePhotoQueue(): QueuedPhoto[] {
  const photos = phonePhotoQueue();
  const list = useSyncExternalStore(
    (listener) => photos.subscribe(listener),
    () => photos.photos(),
  );
  useEffect(() => {
    const send = () => void flushPhonePhotos().catch(() => undefined);
    if (navigator.onLine) send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, []);
  return list;
}
