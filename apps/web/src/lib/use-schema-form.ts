import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { parse } from 'zod/v4/core';
import type { $ZodType } from 'zod/v4/core';
import type { ProblemSubject } from './api-errors.ts';
import { applyProblem, schemaErrors, translateFormError, withCatalogue } from './form-errors.ts';
import type { FormErrorMap, ProblemOutcome } from './form-errors.ts';
import { formDraftKey, registerFormDraft, takeFormDraft } from './form-drafts.ts';
import type { TranslationKey } from './i18n.ts';

export interface SchemaFormOptions<Values extends Record<string, unknown>, Payload> {
  initialValues: Values;
  /** The shared schema the server validates with; the form checks `toPayload(values)` against it. */
  /** Classic or mini (the sign-in page's schemas, decision 032): both are zod core schemas. */
  schema: $ZodType<Payload>;
  /** What is sent, built from the inputs' values (strings to numbers, …). Defaults to the values. */
  toPayload?: (values: Values) => unknown;
  /** Checks only the browser can make (an amount that does not parse); they win over the schema's. */
  check?: (values: Values) => FormErrorMap;
  /** The screen's message for a refused save ("Failed to save customer."). */
  fallback: TranslationKey;
  /** Whose conflicts these are, for the catalogue's own messages (a taken e-mail, a stale version). */
  subject?: ProblemSubject;
  /** How a stored message reads; the shared `validation.*` texts unless the screen has its own. */
  translate?: (t: TFunction, error: string) => ReactNode;
  mode?: 'controlled' | 'uncontrolled';
  /**
   * The form's name on its screen for keeping what was typed across an expired session (a 401:
   * lib/form-drafts.ts); `fallback` unless named; `false` for forms that must never be kept.
   */
  draft?: string | false;
}

export type SchemaForm<Values extends Record<string, unknown>, Payload> = UseFormReturnType<
  Values,
  Payload,
  (values: Values) => FormErrorMap
> & {
  /** The last failed save, until the next submit. */
  failure: ProblemOutcome | null;
  /** Puts a failed save's problem+json on the form (see `applyProblem`) and returns what it did. */
  fail: (error: unknown) => ProblemOutcome;
  /** A `<form onSubmit>` handler: validates with the schema, then hands over the parsed payload. */
  submit: (send: (payload: Payload, values: Values) => void) => (event?: FormEvent) => void;
};

/**
 * The one way to build a form: Mantine's form, checked with the shared zod schema, messages kept
 * in English (or as catalogue keys) and translated as each input renders, so a language switch
 * re-translates them; a failed save goes through `applyProblem`.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Payload>({
  initialValues,
  schema,
  toPayload = (values) => values,
  check,
  fallback,
  subject,
  translate = translateFormError,
  mode = 'controlled',
  draft = fallback,
}: SchemaFormOptions<Values, Payload>): SchemaForm<Values, Payload> {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<ProblemOutcome | null>(null);
  const shown = withCatalogue(translate);
  const form = useForm<Values, Payload, FormErrorMap>({
    mode,
    initialValues,
    validate: (values) => ({ ...schemaErrors(schema, toPayload(values)), ...check?.(values) }),
    // Only reached after `validate` passed, so the parse succeeds.
    transformValues: (values) => parse(schema, toPayload(values)),
    enhanceGetInputProps: ({ inputProps }) =>
      inputProps.error ? { error: shown(t, inputProps.error as ReactNode) } : undefined,
  });
  // A session that expires while the form is open keeps what was typed; back on this screen after
  // signing in again, the form takes it back once (lib/form-drafts.ts).
  const live = useRef(form);
  useEffect(() => {
    live.current = form;
  });
  useEffect(() => {
    if (draft === false) return undefined;
    const key = formDraftKey(draft);
    const kept = takeFormDraft(key);
    if (kept !== null) live.current.setValues(kept as Partial<Values>);
    return registerFormDraft(key, () => (live.current.isDirty() ? live.current.getValues() : null));
  }, [draft]);
  const { setErrors } = form;
  const fail = useCallback(
    (error: unknown) => {
      const outcome = applyProblem({ setErrors }, error, { fallback, subject });
      setFailure(outcome);
      return outcome;
    },
    [setErrors, fallback, subject],
  );
  const submit: SchemaForm<Values, Payload>['submit'] = (send) => (event) => {
    setFailure(null);
    form.onSubmit((payload) => send(payload, form.getValues()))(
      event as FormEvent<HTMLFormElement> | undefined,
    );
  };
  return { ...form, failure, fail, submit };
}
