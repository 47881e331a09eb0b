/**
 * What was typed in a form, kept across an expired session (issue 31 item 6): when the server
 * answers 401, the open forms' changed values go to sessionStorage, keyed by the screen (path and
 * query) and the form; after signing in again the user is back on that screen, and the same form
 * takes its values back once, then the draft is gone. Only this tab sees it; a deliberate sign-out
 * drops it (form-drafts-kept.ts). Kept small: every screen loads it (scripts/bundle-budget.mjs).
 */

export const FORM_DRAFT_PREFIX = 'sp.formDraft:';

/** An open form's changed values, or null when nothing was changed. */
type Read = () => object | null;
const sources = new Map<string, Read>();

/** The key of form `name` on the screen at `at` (the current one by default). */
export const formDraftKey = (name: string, at: Pick<Location, 'pathname' | 'search'> = location) =>
  `${at.pathname}${at.search}|${name}`;

/** An open form offers its values while mounted; returns the function that withdraws them. */
export function registerFormDraft(key: string, read: Read): () => void {
  sources.set(key, read);
  return () => {
    if (sources.get(key) === read) sources.delete(key);
  };
}

/** Keeps the changed values of every open form (the session is ending). Files and dates stay out. */
export function keepFormDrafts(): void {
  for (const [key, read] of sources) {
    const values = read();
    try {
      if (values)
        sessionStorage.setItem(
          FORM_DRAFT_PREFIX + key,
          JSON.stringify(values, function (this: Record<string, unknown>, field, value: unknown) {
            const raw = this[field];
            return raw instanceof Blob || raw instanceof Date ? undefined : value;
          }),
        );
    } catch {
      /* no storage (private mode, a full quota): this form's typing cannot be kept */
    }
  }
}

/** The draft kept for `key`, removed as it is read (it comes back once). */
export function takeFormDraft(key: string): Record<string, unknown> | null {
  try {
    const raw = sessionStorage.getItem(FORM_DRAFT_PREFIX + key);
    if (raw === null) return null;
    sessionStorage.removeItem(FORM_DRAFT_PREFIX + key);
    const values: unknown = JSON.parse(raw);
    return values !== null && typeof values === 'object' ? (values as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
