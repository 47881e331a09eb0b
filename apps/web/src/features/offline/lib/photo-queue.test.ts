import { describe, expect, it } from 'vitest';
import { fitWithin } from './compress-photo.ts';
import { memoryPhotoStore, PhotoQueue } from './photo-queue.ts';
import type { QueuedPhoto } from './photo-queue.ts';
import type { SendResult } from './outbox.ts';

const photo = (orderId: string, name: string) => ({
  orderId,
  blob: new Blob([name], { type: 'image/jpeg' }),
  name,
  category: 'other',
  moment: 'during_repair',
  description: '',
});

/** A fake server that stores each key once and answers a repeated key with the first answer. */
function server() {
  const stored = new Map<string, string>();
  const calls: string[] = [];
  let failNext: 'throw' | 'lost' | null = null;
  const send = (p: QueuedPhoto): Promise<SendResult> => {
    calls.push(p.id);
    if (failNext === 'throw') {
      failNext = null;
      return Promise.reject(new Error('offline'));
    }
    if (!stored.has(p.id)) stored.set(p.id, p.name);
    if (failNext === 'lost') {
      failNext = null;
      return Promise.reject(new Error('answer lost'));
    }
    return Promise.resolve({ status: 201, body: [{ id: p.id }] });
  };
  return { stored, calls, send, fail: (how: 'throw' | 'lost') => (failNext = how) };
}

describe('PhotoQueue', () => {
  it('keeps photos until sent, one by one and oldest first', async () => {
    let clock = 1;
    const queue = new PhotoQueue(memoryPhotoStore(), () => clock++);
    await queue.add(photo('o1', 'a.jpg'));
    await queue.add(photo('o1', 'b.jpg'));
    expect(queue.photos().map((p) => p.name)).toEqual(['a.jpg', 'b.jpg']);
    const s = server();
    expect(await queue.flush(s.send)).toEqual({ sent: 2, refused: 0, interrupted: false });
    expect([...s.stored.values()]).toEqual(['a.jpg', 'b.jpg']);
    expect(queue.photos()).toEqual([]);
  });

  it('stops without a network and resumes later without storing a photo twice', async () => {
    const store = memoryPhotoStore();
    const queue = new PhotoQueue(store);
    await queue.add(photo('o1', 'a.jpg'));
    await queue.add(photo('o1', 'b.jpg'));
    const s = server();
    s.fail('throw');
    expect(await queue.flush(s.send)).toMatchObject({ sent: 0, interrupted: true });
    expect(queue.photos()).toHaveLength(2);
    expect(queue.photos()[0]?.attempts).toBe(1);

    // The upload arrived but its answer was lost: the retry carries the same key.
    s.fail('lost');
    expect(await queue.flush(s.send)).toMatchObject({ sent: 0, interrupted: true });
    // A queue read back from the store after a reload goes on where it stopped.
    const reopened = new PhotoQueue(store);
    await reopened.load();
    expect(await reopened.flush(s.send)).toMatchObject({ sent: 2, interrupted: false });
    expect(s.stored.size).toBe(2);
    expect(new Set(s.calls).size).toBe(2);
    expect(reopened.photos()).toEqual([]);
  });

  it('keeps a refused photo with its reason and sends the others', async () => {
    const queue = new PhotoQueue(memoryPhotoStore());
    const bad = await queue.add(photo('cancelled', 'a.jpg'));
    await queue.add(photo('o2', 'b.jpg'));
    const send = (p: QueuedPhoto): Promise<SendResult> =>
      Promise.resolve(
        p.orderId === 'cancelled'
          ? { status: 409, body: { code: 'order_closed', detail: 'The order is cancelled.' } }
          : { status: 201 },
      );
    expect(await queue.flush(send)).toEqual({ sent: 1, refused: 1, interrupted: false });
    expect(queue.photos()).toHaveLength(1);
    expect(queue.photos()[0]?.refused).toEqual({
      status: 409,
      code: 'order_closed',
      message: 'The order is cancelled.',
    });
    await queue.retry(bad.id);
    expect(queue.photos()[0]?.refused).toBeUndefined();
    await queue.discard(bad.id);
    expect(queue.photos()).toEqual([]);
  });

  it('runs one upload at a time', async () => {
    const queue = new PhotoQueue(memoryPhotoStore());
    await queue.add(photo('o1', 'a.jpg'));
    const s = server();
    const [first, second] = await Promise.all([queue.flush(s.send), queue.flush(s.send)]);
    expect(first).toBe(second);
    expect(s.calls).toHaveLength(1);
  });
});

describe('fitWithin', () => {
  it('shrinks the longest edge to 2000 px and keeps the ratio', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3000, 4032)).toEqual({ width: 1488, height: 2000 });
  });
  it('never enlarges', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
