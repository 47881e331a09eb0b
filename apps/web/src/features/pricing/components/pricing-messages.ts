import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { PRICING_MESSAGES } from '@service-portal/shared/pricing';
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
