import { describe, expect, it } from 'vitest';
import { createPrincipalCache } from './principal-cache.ts';

function counter(value: string, expiresAt = Number.MAX_SAFE_INTEGER) {
  const calls = { n: 0 };
  const load = async () => {
    calls.n += 1;
    return { value: `${value}#${calls.n}`, expiresAt };
  };
  return { calls, load };
}

describe('principal cache', () => {
  it('loads once and answers later calls from memory while live', async () => {
    const cache = createPrincipalCache<string>();
    cache.setLive(true);
    const { calls, load } = counter('alice');
    expect(await cache.get('t1', load)).toBe('alice#1');
    expect(await cache.get('t1', load)).toBe('alice#1');
    expect(calls.n).toBe(1);
  });

  it('caches nothing while the change channel is down', async () => {
    const cache = createPrincipalCache<string>();
    const { calls, load } = counter('alice');
    await cache.get('t1', load);
    await cache.get('t1', load);
    expect(calls.n).toBe(2);
    cache.setLive(true);
    await cache.get('t1', load);
    cache.setLive(false);
    expect(await cache.get('t1', load)).toBe('alice#4');
    expect(cache.size).toBe(0);
  });

  it('forgets everything on invalidate and when the channel comes back', async () => {
    const cache = createPrincipalCache<string>();
    cache.setLive(true);
    const { calls, load } = counter('alice');
    await cache.get('t1', load);
    cache.invalidate();
    expect(await cache.get('t1', load)).toBe('alice#2');
    cache.setLive(true);
    expect(await cache.get('t1', load)).toBe('alice#3');
    expect(calls.n).toBe(3);
  });

  it('does not keep a value read before an invalidation that happened while it loaded', async () => {
    const cache = createPrincipalCache<string>();
    cache.setLive(true);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stale = cache.get('t1', async () => {
      await gate;
      return { value: 'old roles', expiresAt: Number.MAX_SAFE_INTEGER };
    });
    cache.invalidate(); // the change commits while the old row is on its way
    release();
    expect(await stale).toBe('old roles');
    expect(
      await cache.get('t1', async () => ({ value: 'new roles', expiresAt: Number.MAX_SAFE_INTEGER })),
    ).toBe('new roles');
  });

  it('never keeps a refusal', async () => {
    const cache = createPrincipalCache<string>();
    cache.setLive(true);
    let n = 0;
    const load = async () => (++n === 1 ? null : { value: 'ok', expiresAt: Number.MAX_SAFE_INTEGER });
    expect(await cache.get('t1', load)).toBeNull();
    expect(await cache.get('t1', load)).toBe('ok');
  });

  it('drops an entry when its session expires, and after the maximum age', async () => {
    let clock = 1_000;
    const cache = createPrincipalCache<string>({ now: () => clock, maxAgeMs: 60_000 });
    cache.setLive(true);
    const session = counter('alice', 5_000);
    await cache.get('t1', session.load);
    clock = 4_999;
    await cache.get('t1', session.load);
    expect(session.calls.n).toBe(1);
    clock = 5_000;
    await cache.get('t1', session.load);
    expect(session.calls.n).toBe(2);

    const long = counter('bob');
    await cache.get('t2', long.load);
    clock += 59_999;
    await cache.get('t2', long.load);
    expect(long.calls.n).toBe(1);
    clock += 1;
    await cache.get('t2', long.load);
    expect(long.calls.n).toBe(2);
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = createPrincipalCache<string>({ maxEntries: 2 });
    cache.setLive(true);
    const a = counter('a');
    await cache.get('a', a.load);
    await cache.get('b', counter('b').load);
    await cache.get('c', counter('c').load);
    expect(cache.size).toBe(2);
    await cache.get('a', a.load);
    expect(a.calls.n).toBe(2);
  });
});
