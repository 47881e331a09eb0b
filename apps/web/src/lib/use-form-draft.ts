import { useEffect, useRef } from 'react';
import { formDraftKey, registerFormDraft, takeFormDraft } from './form-drafts.ts';

/** What a form offers to be kept: Mantine's form in either mode. */
export interface DraftableForm<Values> {
  getValues: () => Values;
  setValues: (values: Partial<Values>) => void;
}

/**
 * Keeps what was typed in `form` across an expired session (lib/form-drafts.ts): while mounted the
 * form offers its values when `changed` says there is something to keep; mounted again on the same
 * screen after signing in, it takes them back once. `name` false: never kept. For forms built
 * without `useSchemaForm` (the service order's); that one does the same inline, so the sign-in
 * page, which loads it, stays within its bundle ceiling (scripts/bundle-budget.mjs).
 */
export function useFormDraft<Values>(
  name: string | false,
  form: DraftableForm<Values>,
  changed: (values: Values) => boolean,
): void {
  const live = useRef({ form, changed });
  useEffect(() => {
    live.current = { form, changed };
  });
  useEffect(() => {
    if (name === false) return undefined;
    const key = formDraftKey(name);
    const kept = takeFormDraft(key);
    if (kept !== null) live.current.form.setValues(kept as Partial<Values>);
    return registerFormDraft(key, () => {
      const values = live.current.form.getValues();
      return live.current.changed(values) ? (values as object) : null;
    });
  }, [name]);
}
