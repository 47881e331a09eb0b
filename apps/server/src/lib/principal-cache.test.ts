import { describe, expect, it } from 'vitest';
import { createPrincipalCache, type SharedEpoch } from './principal-cache.ts';

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

  describe('with a shared epoch (several instances)', () => {
    /** Stands in for Redis: one counter that every cache sees; `down` makes it unreadable. */
    function sharedEpoch() {
      const state = { value: 0, down: false, reads: 0 };
      const epoch: SharedEpoch = {
        read: async () => {
          state.reads += 1;
          return state.down ? null : String(state.value);
        },
        bump: async () => {
          if (state.down) throw new Error('down');
          state.value += 1;
        },
      };
      return { state, epoch };
    }

    it("reloads on every instance once one instance's change moved the epoch on", async () => {
      const { epoch } = sharedEpoch();
      const a = createPrincipalCache<string>({ epoch });
      const b = createPrincipalCache<string>({ epoch });
      a.setLive(true);
      b.setLive(true);
      const onA = counter('alice');
      const onB = counter('alice');
      await a.get('t1', onA.load);
      await b.get('t1', onB.load);
      expect(await b.get('t1', onB.load)).toBe('alice#1');

      await a.changed(); // no notification reached b yet
      expect(await b.get('t1', onB.load)).toBe('alice#2');
      expect(await a.get('t1', onA.load)).toBe('alice#2');
      expect(await b.get('t1', onB.load)).toBe('alice#2');
    });

    it('trusts nothing cached while the epoch cannot be read', async () => {
      const { state, epoch } = sharedEpoch();
      const cache = createPrincipalCache<string>({ epoch });
      cache.setLive(true);
      const { calls, load } = counter('alice');
      await cache.get('t1', load);
      state.down = true;
      await cache.get('t1', load);
      await cache.get('t1', load);
      expect(calls.n).toBe(3);
      state.down = false;
      await cache.get('t1', load);
      await cache.get('t1', load);
      expect(calls.n).toBe(4);
    });

    it('reports a change it could not share, and still forgets locally', async () => {
      const { state, epoch } = sharedEpoch();
      const errors: unknown[] = [];
      const cache = createPrincipalCache<string>({ epoch, onBumpError: (err) => errors.push(err) });
      cache.setLive(true);
      const { calls, load } = counter('alice');
      await cache.get('t1', load);
      state.down = true;
      await cache.changed();
      expect(errors).toHaveLength(1);
      state.down = false;
      await cache.get('t1', load);
      expect(calls.n).toBe(2);
    });
  });
});
