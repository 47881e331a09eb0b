import { z } from 'zod';

/**
 * The validation messages of the original spec §5, word for word where the spec gives them.
 * Schemas use the English text; the web app translates through `validationKey()`, and a test
 * checks that en.json carries exactly these texts under `validation.*`.
 */
export const VALIDATION_MESSAGES = {
  required: 'This field is required',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be less than 200 characters',
  customerNameRequired: 'Customer name is required',
  customerNameTooLong: 'Customer name must be less than 100 characters',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a valid phone number',
  estimatedCostNegative: 'Estimated cost cannot be negative',
  scheduledDateInPast: 'Scheduled date cannot be in the past',
  partNumberRequired: 'Part number is required',
  partNameRequired: 'Part name is required',
  quantityPositive: 'Quantity must be greater than 0',
  unitCostNegative: 'Unit cost cannot be negative',
  detailsRequired: 'Additional details are required when Other is selected',
  detailsTooLong: 'Additional details must be at most 2000 characters',
  tooLong: 'This text is too long',
  wholeNumber: 'Enter a whole number',
  numberTooLarge: 'This number is too large',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  uploadLookupRequired: 'Please fill in both phone number and serial number',
  fileTooLarge: 'File is too large',
  invalidFileType: 'Invalid file type',
  nulCharacter: 'This text contains a character that is not allowed',
  otpCode: 'Please enter the 6-digit code',
  urlInvalid: 'Enter a web address starting with https://',
  historyRetentionRange: 'Keep the history for 1 to 120 months',
  stalledAfterDaysRange: 'Enter 0 to 365 days (0 turns these alerts off)',
} as const;

export type ValidationMessageId = keyof typeof VALIDATION_MESSAGES;

const byText = new Map<string, ValidationMessageId>(
  Object.entries(VALIDATION_MESSAGES).map(([id, text]) => [text, id as ValidationMessageId]),
);

/** The id of a message produced by a shared schema, or undefined for a message of zod's own. */
export function validationKey(message: string): ValidationMessageId | undefined {
  return byText.get(message);
}

/** Spec §5 "phone valid": digits with the usual separators, an optional leading +, 7–15 digits. */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/**
 * Where a request's input holds a NUL character (U+0000): the paths of those strings (object keys
 * included). PostgreSQL cannot store NUL in text, so every input is refused with
 * `VALIDATION_MESSAGES.nulCharacter` before any schema or query sees it (docs/decisions/019).
 */
export function nulPaths(value: unknown, path: (string | number)[] = [], found: (string | number)[][] = []) {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulPaths(item, [...path, i], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push([...path, key]);
      else nulPaths(item, [...path, key], found);
    }
  }
  return found;
}

/** Plain decimal notation: what a form or `String(n)` writes; no exponent, hex, sign +, spaces. */
const DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;

/**
 * A number where the input may arrive as text (a query string) or as JSON: a JSON number, or a
 * string in plain decimal notation, then checked by `schema`. Replaces `z.coerce.number()`, which
 * took `true` as 1, `""` and `" "` as 0, `"1e3"`, `"0x10"`, `" 5 "` and `[5]` (issue 32): those
 * are 400 now. The one place query and body numbers are read; every schema uses it.
 */
export function strictNumber<T extends z.ZodType<number, number>>(schema: T) {
  return z.union([z.number(), z.string().regex(DECIMAL, 'Expected a number').transform(Number)]).pipe(schema);
}
