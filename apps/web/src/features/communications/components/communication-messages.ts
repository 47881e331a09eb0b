import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { COMMUNICATION_LIMITS, COMMUNICATION_MESSAGES } from '@service-portal/shared/communications';
import { VALIDATION_MESSAGES } from '@service-portal/shared/validation';
import { translateFormError } from '../../../lib/form-errors.ts';

/** The shared schema's messages as the compose and log forms word them. */
export function translateCommunicationError(t: TFunction, error: string): ReactNode {
  switch (error) {
    case VALIDATION_MESSAGES.required:
      return t('communications.compose.messageRequired');
    case COMMUNICATION_MESSAGES.subjectRequired:
      return t('communications.compose.subjectRequired');
    case COMMUNICATION_MESSAGES.smsTooLong:
      return t('communications.compose.smsTooLong', { max: COMMUNICATION_LIMITS.smsMax });
    default:
      return translateFormError(t, error);
  }
}
