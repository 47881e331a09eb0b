import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { ESTIMATE_MESSAGES } from '@service-portal/shared/estimates';
import { translateFormError } from '../../../lib/form-errors.ts';
import type { TranslationKey } from '../../../lib/i18n.ts';

const OWN: Record<string, TranslationKey> = {
  [ESTIMATE_MESSAGES.linesRequired]: 'estimates.messages.linesRequired',
  [ESTIMATE_MESSAGES.tooManyLines]: 'estimates.messages.tooManyLines',
  [ESTIMATE_MESSAGES.validUntilInvalid]: 'estimates.messages.validUntilInvalid',
  [ESTIMATE_MESSAGES.nameRequired]: 'estimates.messages.nameRequired',
  [ESTIMATE_MESSAGES.commentRequired]: 'estimates.messages.commentRequired',
  'estimates.messages.amountInvalid': 'estimates.messages.amountInvalid',
};

/** The shared schema's English texts (and the amount rule's key), translated when shown. */
export function translateEstimateError(t: TFunction, error: ReactNode): ReactNode {
  if (typeof error !== 'string') return error;
  const own = OWN[error];
  return own === undefined ? translateFormError(t, error) : t(own);
}
