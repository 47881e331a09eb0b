// The zone every time on screen is shown in (product.md: the service partner's, default
// Europe/Oslo; decision 029). Kept apart from dates.ts so that setting it (the auth provider, in
// the entry chunk) does not pull dayjs and its locales into the sign-in page.

export const DEFAULT_TIME_ZONE = 'Europe/Oslo';

let displayZone = DEFAULT_TIME_ZONE;
const listeners = new Set<() => void>();

function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Sets the zone of every formatter in dates.ts: the signed-in user's partner's, or the one a global
 * administrator acts for. An unknown or empty zone means the default.
 */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  const next = zone && isKnownZone(zone) ? zone : DEFAULT_TIME_ZONE;
  if (next === displayZone) return;
  displayZone = next;
  for (const listener of listeners) listener();
}

/** The partner's zone: what "today" is, and the zone every time on screen is in. */
export function displayTimeZone(): string {
  return displayZone;
}

/** For useSyncExternalStore: screens that must redraw when the zone changes (a partner switch). */
export function subscribeDisplayTimeZone(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The reader's own time zone (the browser's). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
