import { problemMessage } from '../../../lib/api-errors.ts';
import type { UiMessage } from '../../../lib/api-errors.ts';
import type { TranslationKey } from '../../../lib/i18n.ts';

/**
 * A refused move on the board, the dialog or the technician's day: the reason lib/api-errors.ts
 * maps the code to (record `schedule`), else the shared messages and the screen's own.
 */
export function scheduleErrorMessage(
  error: unknown,
  fallback: TranslationKey = 'schedule.errors.moveFailed',
): UiMessage {
  return problemMessage(error, fallback, 'schedule');
}
