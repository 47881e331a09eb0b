import type { TFunction } from 'i18next';

const hourFormats = new Map<string, Intl.NumberFormat>();

/** Minutes as hours with at most one decimal, in the reader's language: 450 → "7.5" ("7,5" in nb). */
export function formatHours(minutes: number, language: string): string {
  let format = hourFormats.get(language);
  if (format === undefined) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    hourFormats.set(language, format);
  }
  return format.format(minutes / 60);
}

/** A duration as "1 h 30 min", "45 min", "2 h". */
export function formatDuration(t: TFunction, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('schedule.duration.minutes', { count: rest });
  if (rest === 0) return t('schedule.duration.hours', { count: hours });
  return t('schedule.duration.hoursMinutes', { hours, minutes: rest });
}

const dayHeaders = new Map<string, Intl.DateTimeFormat>();

/** A calendar day as a column heading: "Mon 24.11", "man. 24.11.". */
export function formatDayHeading(day: string, language: string): string {
  let format = dayHeaders.get(language);
  if (format === undefined) {
    // The day is a name without a zone: formatted as the UTC midnight it names.
    format = new Intl.DateTimeFormat(language, {
      weekday: 'short',
      day: 'numeric',
      month: 'numeric',
      timeZone: 'UTC',
    });
    dayHeaders.set(language, format);
  }
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return format.format(new Date(Date.UTC(year, month - 1, date)));
}

/** A calendar day in full: "Tuesday, 24 November 2026" (the app's one helper, lib/dates.ts). */
export { formatLongDay } from '../../../lib/dates.ts';
