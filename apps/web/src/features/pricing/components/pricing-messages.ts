import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { MAX_ESTIMATE_REMINDER_DAYS, PRICING_MESSAGES } from '@service-portal/shared/pricing';
import { WORKING_DAYS_MESSAGES } from '@service-portal/shared/schedule';
import type { ParsedAmount } from '../../../lib/money.ts';
import { translateFormError } from '../../../lib/form-errors.ts';
import type { TranslationKey } from '../../../lib/i18n.ts';

/** The pricing messages the web app carries under `pricing.messages.*`, by their English text. */
const OWN: Record<string, TranslationKey> = {
  [PRICING_MESSAGES.hourlyRateRequired]: 'pricing.messages.hourlyRateRequired',
  [PRICING_MESSAGES.hourlyRatePositive]: 'pricing.messages.hourlyRatePositive',
  [PRICING_MESSAGES.hourlyRateTooHigh]: 'pricing.messages.hourlyRateTooHigh',
  [PRICING_MESSAGES.dailyRatePositive]: 'pricing.messages.dailyRatePositive',
  [PRICING_MESSAGES.weeklyRatePositive]: 'pricing.messages.weeklyRatePositive',
  [PRICING_MESSAGES.categoryRequired]: 'pricing.messages.categoryRequired',
  [PRICING_MESSAGES.priceRequired]: 'pricing.messages.priceRequired',
  [PRICING_MESSAGES.priceNegative]: 'pricing.messages.priceNegative',
  [PRICING_MESSAGES.priceTooHigh]: 'pricing.messages.priceTooHigh',
  [PRICING_MESSAGES.dailyPricePositive]: 'pricing.messages.dailyPricePositive',
  [PRICING_MESSAGES.weeklyPricePositive]: 'pricing.messages.weeklyPricePositive',
  [PRICING_MESSAGES.rentalPriceRequired]: 'pricing.messages.rentalPriceRequired',
  [PRICING_MESSAGES.durationPositive]: 'pricing.messages.durationPositive',
  [PRICING_MESSAGES.durationTooLong]: 'pricing.messages.durationTooLong',
  [PRICING_MESSAGES.reminderDaysRequired]: 'pricing.messages.reminderDaysRequired',
  [PRICING_MESSAGES.reminderDaysWhole]: 'pricing.messages.reminderDaysWhole',
  [PRICING_MESSAGES.reminderDaysNegative]: 'pricing.messages.reminderDaysNegative',
  'VAT rate is required': 'pricing.messages.vatRequired',
  'VAT rate cannot be negative': 'pricing.messages.vatNegative',
  'VAT rate cannot be above 100 %': 'pricing.messages.vatTooHigh',
  'Use at most two decimals': 'pricing.messages.vatDecimals',
  [WORKING_DAYS_MESSAGES.atLeastOne]: 'pricing.workingDays.atLeastOne',
  [WORKING_DAYS_MESSAGES.sevenDays]: 'pricing.workingDays.atLeastOne',
};

/** Client-only rules, stored as their keys. */
const CLIENT_KEYS = new Set<string>([
  'pricing.messages.amountInvalid',
  'pricing.messages.tooManyDecimals',
  'pricing.messages.tooLarge',
  'pricing.messages.productIdInvalid',
  'pricing.messages.rentalProductRequired',
]);

/** Form errors hold the shared English text (or a client rule's key); translated when shown. */
export function translatePricingError(t: TFunction, error: ReactNode): ReactNode {
  if (typeof error !== 'string') return error;
  if (error === PRICING_MESSAGES.reminderDaysTooMany)
    return t('pricing.messages.reminderDaysTooMany', { count: MAX_ESTIMATE_REMINDER_DAYS });
  const own = OWN[error];
  if (own !== undefined) return t(own);
  if (CLIENT_KEYS.has(error)) return t(error as TranslationKey);
  return translateFormError(t, error);
}

/** The form error for an amount that did not parse. */
export function amountError(parsed: Exclude<ParsedAmount, { ok: true }>): string {
  switch (parsed.reason) {
    case 'tooManyDecimals':
      return 'pricing.messages.tooManyDecimals';
    case 'tooLarge':
      return 'pricing.messages.tooLarge';
    default:
      return 'pricing.messages.amountInvalid';
  }
}
