import type { Currency } from '@service-portal/shared/limits';

/**
 * Money travels as integer minor units beside an ISO currency (product.md "Wire conventions").
 * People read and type major units in their own language's notation, so this module converts
 * between the two with string arithmetic only: 0.1 + 0.2 never happens to an amount.
 */

/** The largest amount the shared schemas accept, in minor units. */
export const MAX_MINOR_UNITS = 2_000_000_000;

const fractionDigitsCache = new Map<string, number>();

/** Minor-unit digits of a currency (2 for all that are offered today, but Intl knows best). */
export function fractionDigits(currency: string): number {
  let digits = fractionDigitsCache.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    fractionDigitsCache.set(currency, digits);
  }
  return digits;
}

/** `125099` → `"1250.99"`: exact, for Intl to format without going through a float. */
export function minorToDecimalString(minor: number, digits: number): `${number}` {
  const negative = minor < 0;
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  const whole = digits === 0 ? text : text.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${text.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${fraction}` as `${number}`;
}

/** An amount with its currency code, in the reader's language: "NOK 1,250.00", "1 250,00 NOK". */
export function formatMoney(minor: number, currency: Currency, language: string): string {
  const digits = fractionDigits(currency);
  return new Intl.NumberFormat(language, { style: 'currency', currency, currencyDisplay: 'code' }).format(
    minorToDecimalString(minor, digits),
  );
}

/** The amount as an input shows it for editing: grouped, no currency ("1 250,00" in Norwegian). */
export function formatAmountInput(minor: number, currency: Currency, language: string): string {
  const digits = fractionDigits(currency);
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minorToDecimalString(minor, digits));
}

function decimalSeparator(language: string): ',' | '.' {
  const part = new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/** Digits split by a separator into groups of three after a first group of one to three. */
function isGrouped(text: string, separator: string): boolean {
  const groups = text.split(separator);
  const [first, ...rest] = groups;
  return (
    first !== undefined &&
    /^\d{1,3}$/.test(first) &&
    rest.length > 0 &&
    rest.every((group) => /^\d{3}$/.test(group))
  );
}

export type ParsedAmount =
  { ok: true; minor: number | null } | { ok: false; reason: 'invalid' | 'tooManyDecimals' | 'tooLarge' };

/**
 * Reads what a person typed as an amount in major units and returns minor units (null when empty).
 * Spaces are ignored. The language's decimal separator is the decimal point; the other one is read
 * as grouping ("1,250.50" in English, "1.250,50" in Spanish), except that a lone "12.50" typed in a
 * comma language still means twelve and a half, as a person would expect.
 */
export function parseAmount(input: string, currency: Currency, language: string): ParsedAmount {
  const text = input.replace(/[\s\u00a0\u202f']/g, '');
  if (text === '') return { ok: true, minor: null };
  const sign = text.startsWith('-') ? '-' : '';
  const body = text.replace(/^[-+]/, '');
  if (!/^[\d.,]+$/.test(body) || !/\d/.test(body)) return { ok: false, reason: 'invalid' };

  const decimal = decimalSeparator(language);
  const group = decimal === ',' ? '.' : ',';
  let whole: string;
  let fraction = '';

  if (body.includes(decimal)) {
    const parts = body.split(decimal);
    if (parts.length !== 2) return { ok: false, reason: 'invalid' };
    const [intPart = '', fracPart = ''] = parts;
    if (fracPart.includes(group) || !/^\d*$/.test(fracPart)) return { ok: false, reason: 'invalid' };
    if (intPart.includes(group) && !isGrouped(intPart, group)) return { ok: false, reason: 'invalid' };
    whole = intPart.replaceAll(group, '');
    fraction = fracPart;
  } else if (body.includes(group)) {
    const count = body.split(group).length - 1;
    const lone = count === 1 ? /^(\d*)[.,](\d{1,2})$/.exec(body) : null;
    if (lone) {
      whole = lone[1] ?? '';
      fraction = lone[2] ?? '';
    } else if (isGrouped(body, group)) {
      whole = body.replaceAll(group, '');
    } else {
      return { ok: false, reason: 'invalid' };
    }
  } else {
    whole = body;
  }

  const digits = fractionDigits(currency);
  if (fraction.length > digits) return { ok: false, reason: 'tooManyDecimals' };
  const minorText = `${whole || '0'}${fraction.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  if (minorText.length > 12) return { ok: false, reason: 'tooLarge' };
  const magnitude = Number(minorText);
  if (magnitude > MAX_MINOR_UNITS) return { ok: false, reason: 'tooLarge' };
  return { ok: true, minor: sign === '-' && magnitude !== 0 ? -magnitude : magnitude };
}

/** Sums of quantity × unit cost per currency, in the order the currencies first appear. */
export function totalsByCurrency(
  lines: readonly { quantity: number; unitCost: number; currency: Currency }[],
): { currency: Currency; minor: number }[] {
  const totals = new Map<Currency, number>();
  for (const line of lines)
    totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.quantity * line.unitCost);
  return [...totals].map(([currency, minor]) => ({ currency, minor }));
}
