/**
 * Signed-in callers kept in memory between requests, keyed by their bearer token
 * (docs/decisions/008-principal-cache.md). A hit skips the JWT signature check and the session
 * lookup; anything that changes who a caller is clears the whole cache:
 * - this server's own writes call `changed()` right after they commit, so its next request
 *   already sees them;
 * - every other write (another server, SQL by hand) reaches us as a database notification;
 * - while that notification channel is down, nothing is cached at all (`setLive(false)`).
 * Entries also expire with their session and after `maxAgeMs` at the latest.
 *
 * With several instances a notification can arrive a moment after the caller's next request
 * (docs/decisions/017-shared-rate-limit.md). A shared epoch closes that gap: every entry
 * remembers the epoch it was read under and is used only while the epoch is unchanged; an
 * instance's own writes bump it before they answer, so every instance's next request reloads.
 */
export interface SharedEpoch {
  /** The current epoch, or null when it cannot be read (then no cached entry is trusted). */
  read(): Promise<string | null>;
  /** Moves the epoch on: every instance's entries are stale from now. */
  bump(): Promise<void>;
}

export interface PrincipalCache<T> {
  /** The cached value for `token`, or what `load` answers (kept unless invalidated meanwhile). */
  get(token: string, load: () => Promise<{ value: T; expiresAt: number } | null>): Promise<T | null>;
  /** Forgets this instance's entries (a notification of someone else's change). */
  invalidate: () => void;
  /** After this instance's own change commits: forgets here and moves the shared epoch on. */
  changed: () => Promise<void>;
  /** Whether the channel that reports other writers' changes is live; false disables the cache. */
  setLive: (live: boolean) => void;
  readonly size: number;
}

export interface PrincipalCacheOptions {
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
  /** Shared by every instance (Redis); without it a single instance is assumed. */
  epoch?: SharedEpoch;
  /** Told when the shared epoch cannot be moved on (other instances rely on notifications then). */
  onBumpError?: (err: unknown) => void;
}

export function createPrincipalCache<T>(options: PrincipalCacheOptions = {}): PrincipalCache<T> {
  const maxEntries = options.maxEntries ?? 10_000;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  const epoch = options.epoch;
  const entries = new Map<string, { value: T; until: number; epoch: string | null }>();
  // Bumped by every invalidation: a load that started before one must not store what it read.
  let generation = 0;
  let live = false;

  const invalidate = () => {
    generation += 1;
    entries.clear();
  };

  return {
    async get(token, load) {
      // One small read of the shared epoch per request replaces the database round trip.
      const current = live && epoch ? await epoch.read() : null;
      const usable = live && (!epoch || current !== null);
      // Changes made while the epoch is unreadable cannot be told apart later: forget everything.
      if (live && epoch && current === null) invalidate();
      if (usable) {
        const hit = entries.get(token);
        if (hit) {
          if (hit.until > now() && hit.epoch === current) return hit.value;
          entries.delete(token);
        }
      }
      const started = generation;
      const loaded = await load();
      if (!loaded) return null;
      if (usable && started === generation) {
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        entries.set(token, {
          value: loaded.value,
          until: Math.min(loaded.expiresAt, now() + maxAgeMs),
          epoch: current,
        });
      }
      return loaded.value;
    },
    invalidate,
    async changed() {
      invalidate();
      if (!epoch) return;
      try {
        await epoch.bump();
      } catch (err) {
        options.onBumpError?.(err);
      }
    },
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
