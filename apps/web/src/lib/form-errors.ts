import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { validationKey } from '@service-portal/shared/validation';
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
export function schemaErrors(schema: z.ZodType, payload: unknown): FormErrorMap {
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const errors: FormErrorMap = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
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
  const id = validationKey(error);
  if (id !== undefined) return t(`validation.${id}`);
  if (error.startsWith('validation.')) return t(error as TranslationKey);
  return t('validation.invalidValue');
}
