import { FORM_DRAFT_PREFIX, formDraftKey } from './form-drafts.ts';

/** The kept drafts' storage keys. */
function keptKeys(): string[] {
  try {
    return Object.keys(sessionStorage).filter((key) => key.startsWith(FORM_DRAFT_PREFIX));
  } catch {
    return [];
  }
}

/** Whether a draft waits for form `name` on this screen (a screen may open that form by itself). */
export const hasFormDraft = (name: string) => keptKeys().includes(FORM_DRAFT_PREFIX + formDraftKey(name));

/** Whether any draft waits (the sign-in page says the typing is kept). */
export const hasKeptFormDrafts = () => keptKeys().length > 0;

/** Drops every draft (a deliberate sign-out: whoever signs in next may be someone else). */
export function clearFormDrafts(): void {
  for (const key of keptKeys()) sessionStorage.removeItem(key);
}
