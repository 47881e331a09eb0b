import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/nb';
import 'dayjs/locale/es';

// dayjs is the app's one date library. Its locales are imported here (not in the entry chunk):
// only screens that show dates load this module.
dayjs.extend(localizedFormat);

/** An instant (ISO 8601, UTC on the wire) in the reader's time zone and language: "Mar 4, 2026 10:20 AM". */
export function formatDateTime(iso: string, language: string): string {
  return dayjs(iso).locale(language).format('ll LT');
}

/**
 * A day in the reader's language: "Mar 4, 2026". Takes an instant (shown in the reader's time zone)
 * or a calendar day `YYYY-MM-DD`, which dayjs reads as local midnight so it stays the day it names.
 */
export function formatDay(value: string, language: string): string {
  return dayjs(value).locale(language).format('ll');
}

/** The reader's time zone, which decides what "today" is for date rules checked in the browser. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The time of day of an instant, in the reader's time zone: "10:20 AM", "10:20". */
export function formatTime(iso: string, language: string): string {
  return dayjs(iso).locale(language).format('LT');
}
