import { problemMessage } from '../../../lib/api-errors.ts';
import type { UiMessage } from '../../../lib/api-errors.ts';
import type { TranslationKey } from '../../../lib/i18n.ts';
import type { TFunction } from 'i18next';
import type { ScheduleCard } from '@service-portal/shared/schedule';
import { formatDayHeading } from './format.ts';

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

/**
 * A version conflict's words, naming where the order is now (the server's card): with a
 * technician on a day, back on the list, or somewhere this view does not show.
 */
export function conflictMessage(
  t: TFunction,
  now: ScheduleCard,
  technicianName: (id: string) => string,
  language: string,
): string {
  if (now.date === null || now.technicianId === null)
    return t('schedule.errors.conflictUnscheduled', { order: now.orderNumber });
  const technician = technicianName(now.technicianId);
  if (technician === '') return t('schedule.errors.conflictElsewhere', { order: now.orderNumber });
  return t('schedule.errors.conflictNowAt', {
    order: now.orderNumber,
    technician,
    day: formatDayHeading(now.date, language),
  });
}
