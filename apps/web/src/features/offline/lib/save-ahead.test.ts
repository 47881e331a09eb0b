import { describe, expect, it } from 'vitest';
import { lastSaved, readKeptOrder, saveAhead, THUMBNAIL_BYTES, THUMBNAILS_PER_ORDER } from './save-ahead.ts';
import type { KeptRecord, KeptStore, SaveAheadSources } from './save-ahead.ts';

function memoryKept(): KeptStore & { records: Map<string, KeptRecord> } {
  const records = new Map<string, KeptRecord>();
  return {
    records,
    all: () => Promise.resolve([...records.values()]),
    put: (r) => {
      records.set(r.id, r);
      return Promise.resolve();
    },
    remove: (id) => {
      records.delete(id);
      return Promise.resolve();
    },
  };
}

function sources(
  orders: Record<string, number>,
  thumbBytes = 100,
): SaveAheadSources & { downloads: string[] } {
  const downloads: string[] = [];
  return {
    downloads,
    orderIds: () => Promise.resolve(Object.keys(orders)),
    workLogs: (id) => Promise.resolve([{ id: `log-${id}` }]),
    photos: (id) =>
      Promise.resolve(
        Array.from({ length: orders[id] ?? 0 }, (_, i) => ({
          id: `${id}-img${i}`,
          thumbnailUrl: `/t/${id}/${i}`,
        })),
      ),
    download: (url) => {
      downloads.push(url);
      return Promise.resolve(new Blob([new Uint8Array(thumbBytes)]));
    },
  };
}

describe('the saved day', () => {
  it("keeps each order's work logs and its newest thumbnails, at most six", async () => {
    const store = memoryKept();
    const result = await saveAhead(sources({ a: 8, b: 1 }), store, () => 1000);
    expect(result).toEqual({ orders: 2, thumbnails: THUMBNAILS_PER_ORDER + 1, bytes: 700 });
    const a = await readKeptOrder('a', store);
    expect(a.workLogs).toEqual([{ id: 'log-a' }]);
    expect(a.photos.map((p) => (p.image as { id: string }).id).sort()).toEqual(
      ['a-img2', 'a-img3', 'a-img4', 'a-img5', 'a-img6', 'a-img7'].sort(),
    );
    expect(await lastSaved(store)).toEqual({ at: 1000, orders: 2 });
  });

  it('drops what belongs to orders no longer on the list and reuses kept thumbnails', async () => {
    const store = memoryKept();
    await saveAhead(sources({ a: 2, b: 2 }), store);
    const again = sources({ b: 2 });
    await saveAhead(again, store);
    expect(again.downloads).toEqual([]);
    expect((await readKeptOrder('a', store)).workLogs).toBeUndefined();
    expect((await readKeptOrder('a', store)).photos).toEqual([]);
    expect((await readKeptOrder('b', store)).photos).toHaveLength(2);
  });

  it('stays within the byte bound', async () => {
    const store = memoryKept();
    const big = THUMBNAIL_BYTES / 4 + 1;
    const result = await saveAhead(sources({ a: 6 }, big), store);
    expect(result.thumbnails).toBe(3);
    expect(result.bytes).toBeLessThanOrEqual(THUMBNAIL_BYTES);
  });

  it('keeps the earlier copy when a read fails', async () => {
    const store = memoryKept();
    await saveAhead(sources({ a: 1 }), store);
    const failing = { ...sources({ a: 1 }), workLogs: () => Promise.reject(new Error('offline')) };
    await expect(saveAhead(failing, store)).rejects.toThrow('offline');
    expect((await readKeptOrder('a', store)).workLogs).toEqual([{ id: 'log-a' }]);
  });
});
