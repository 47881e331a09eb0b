/**
 * Signed-in callers kept in memory between requests, keyed by their bearer token
 * (docs/decisions/008-principal-cache.md). A hit skips the JWT signature check and the session
 * lookup; anything that changes who a caller is clears the whole cache:
 * - this server's own writes call `invalidate()` right after they commit, so its next request
 *   already sees them;
 * - every other write (another server, SQL by hand) reaches us as a database notification;
 * - while that notification channel is down, nothing is cached at all (`setLive(false)`).
 * Entries also expire with their session and after `maxAgeMs` at the latest.
 */
export interface PrincipalCache<T> {
  /** The cached value for `token`, or what `load` answers (kept unless invalidated meanwhile). */
  get(token: string, load: () => Promise<{ value: T; expiresAt: number } | null>): Promise<T | null>;
  invalidate: () => void;
  /** Whether the channel that reports other writers' changes is live; false disables the cache. */
  setLive: (live: boolean) => void;
  readonly size: number;
}

export interface PrincipalCacheOptions {
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export function createPrincipalCache<T>(options: PrincipalCacheOptions = {}): PrincipalCache<T> {
  const maxEntries = options.maxEntries ?? 10_000;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: T; until: number }>();
  // Bumped by every invalidation: a load that started before one must not store what it read.
  let generation = 0;
  let live = false;

  const invalidate = () => {
    generation += 1;
    entries.clear();
  };

  return {
    async get(token, load) {
      if (live) {
        const hit = entries.get(token);
        if (hit) {
          if (hit.until > now()) return hit.value;
          entries.delete(token);
        }
      }
      const started = generation;
      const loaded = await load();
      if (!loaded) return null;
      if (live && started === generation) {
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        entries.set(token, { value: loaded.value, until: Math.min(loaded.expiresAt, now() + maxAgeMs) });
      }
      return loaded.value;
    },
    invalidate,
    setLive(next) {
      // Whatever happened while the channel was down is unknown: start empty either way.
      invalidate();
      live = next;
    },
    get size() {
      return entries.size;
    },
  };
}
