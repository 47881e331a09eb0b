import type { ReactNode } from 'react';
import { schemaResolver } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { $ZodType } from 'zod/v4/core';
import { validationKey } from '@service-portal/shared/validation';
import { apiErrorMessage, codeMessage, toApiFailure } from './api-errors.ts';
import type { ProblemSubject, UiMessage } from './api-errors.ts';
import type { TranslationKey } from './i18n.ts';

/**
 * Form errors hold the shared schemas' English messages (or a `validation.*` key for rules only the
 * browser checks) and are translated when shown, so switching the language re-translates them.
 */
export type FormErrorMap = Record<string, string>;

/**
 * Runs a shared zod schema the way the server will and keys its messages by form path, such as
 * spareParts.0.quantity.
 */
export function schemaErrors(schema: $ZodType, payload: unknown): FormErrorMap {
  return schemaResolver(schema, { sync: true })(payload) as FormErrorMap;
}

/** A problem+json `errors` list (400 validation_failed) as form errors. */
export function problemErrors(list: readonly { path: string; message: string }[] | undefined): FormErrorMap {
  const errors: FormErrorMap = {};
  for (const { path, message } of list ?? [])
    errors[path.replace(/^body\./, '').replaceAll('/', '.')] ??= message;
  return errors;
}

/** The reader's text for a stored form error. Messages that are not the spec's get a generic text. */
export function translateFormError(t: TFunction, error: ReactNode): ReactNode {
  if (typeof error !== 'string') return error;
  if (error.startsWith(KEY_MARK)) return t(error.slice(KEY_MARK.length) as TranslationKey);
  const id = validationKey(error);
  if (id !== undefined) return t(`validation.${id}`);
  if (error.startsWith('validation.')) return t(error as TranslationKey);
  return t('validation.invalidValue');
}

const KEY_MARK = 't:';

/** A form error that is a catalogue message (a translation key), not a schema's English text. */
export function catalogueError(key: TranslationKey): string {
  return `${KEY_MARK}${key}`;
}

/** `translate` for a stored form error, after catalogue messages (`catalogueError`) are taken care of. */
export function withCatalogue(translate: (t: TFunction, error: string) => ReactNode) {
  return (t: TFunction, error: ReactNode): ReactNode => {
    if (typeof error !== 'string') return error;
    if (error.startsWith(KEY_MARK)) return t(error.slice(KEY_MARK.length) as TranslationKey);
    return translate(t, error);
  };
}

/** What a failed save did to the form, and the message the form shows beside it. */
export type ProblemOutcome =
  /** 409 version_conflict: someone saved first. The form offers to reload. */
  | { kind: 'versionConflict'; message: UiMessage }
  /** The answer named fields (400 `errors[]`, a taken e-mail or name): they now show it. */
  | { kind: 'fields'; errors: FormErrorMap; message: UiMessage }
  | { kind: 'message'; message: UiMessage };

/**
 * The one way a form takes a problem+json answer: 400 `errors[]` and field codes (email_taken,
 * name_taken) go on the fields, a version conflict is reported as such, anything else becomes the
 * catalogue's message (api-errors.ts) with the screen's `fallback`.
 */
export function applyProblem(
  form: { setErrors: (errors: FormErrorMap) => void },
  error: unknown,
  { fallback, subject }: { fallback: TranslationKey; subject?: ProblemSubject },
): ProblemOutcome {
  const failure = toApiFailure(error);
  const message = apiErrorMessage(error, fallback);
  if (failure.kind !== 'http') return { kind: 'message', message };
  const own = codeMessage(error, subject);
  if (failure.problem?.code === 'version_conflict')
    return { kind: 'versionConflict', message: own ? { key: own.key } : message };
  let errors: FormErrorMap = {};
  if (failure.status === 400 && failure.problem?.errors?.length)
    errors = problemErrors(failure.problem.errors);
  else if (own?.field !== undefined) errors = { [own.field]: catalogueError(own.key) };
  if (Object.keys(errors).length === 0) return { kind: 'message', message: own ? { key: own.key } : message };
  form.setErrors(errors);
  return { kind: 'fields', errors, message };
}
