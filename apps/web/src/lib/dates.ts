import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/nb';
import 'dayjs/locale/es';
import { browserTimeZone, displayTimeZone } from './time-zone.ts';

// dayjs is the app's one date library. Its locales are imported here (not in the entry chunk):
// only screens that show dates load this module.
dayjs.extend(localizedFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

// Times are shown in the service partner's zone whatever the browser's (product.md, decision 029);
// the zone itself lives in time-zone.ts.
export { browserTimeZone, DEFAULT_TIME_ZONE, displayTimeZone, setDisplayTimeZone } from './time-zone.ts';

function zoneName(instant: Date, zone: string, language: string): string {
  const parts = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'short' }).formatToParts(
    instant,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

function offsetMinutes(instant: Date, zone: string): number {
  return dayjs(instant).tz(zone).utcOffset();
}

/**
 * " CET" (or " GMT+1", as the language names it) when the partner's clock differs from the
 * browser's at that instant; nothing when they agree. Times on screen no longer carry it (issue 31,
 * decision 069: every time is the partner's, said once where the zone is chosen); kept for places
 * that must name the zone explicitly.
 */
export function zoneSuffix(iso: string, language: string, zone: string = displayTimeZone()): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const browser = browserTimeZone();
  if (zone === browser || offsetMinutes(instant, zone) === offsetMinutes(instant, browser)) return '';
  return ` ${zoneName(instant, zone, language)}`;
}

/**
 * An instant (ISO 8601, UTC on the wire) in the partner's zone and the reader's language: "Mar 4,
 * 2026 10:20 AM". The one date-and-time format of every screen (issue 31): no zone suffix.
 */
export function formatDateTime(iso: string, language: string): string {
  return dayjs(iso).tz(displayTimeZone()).locale(language).format('ll LT');
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day in the reader's language: "Mar 4, 2026". Takes an instant (the day it is in the partner's
 * zone) or a calendar day `YYYY-MM-DD`, which names its day whatever the zone.
 */
export function formatDay(value: string, language: string, zone: string = displayTimeZone()): string {
  const day = CALENDAR_DAY.test(value) ? dayjs(value) : dayjs(value).tz(zone);
  return day.locale(language).format('ll');
}

const longDays = new Map<string, Intl.DateTimeFormat>();

/** A calendar day `YYYY-MM-DD` in full, as a calendar names it: "Tuesday, November 24, 2026". */
export function formatLongDay(day: string, language: string): string {
  let format = longDays.get(language);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' });
    longDays.set(language, format);
  }
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return format.format(new Date(Date.UTC(year, month - 1, date)));
}

/** The time of day of an instant in the partner's zone: "10:20 AM", "10:20". */
export function formatTime(iso: string, language: string): string {
  return dayjs(iso).tz(displayTimeZone()).locale(language).format('LT');
}

/** A `datetime-local` input's value ("2026-03-04T10:20") for an instant, on the partner's clock. */
export function toZonedInput(instant: Date | string = new Date()): string {
  return dayjs(instant).tz(displayTimeZone()).format('YYYY-MM-DDTHH:mm');
}

/** The instant a `datetime-local` value names on the partner's clock (ISO, UTC); null when invalid. */
export function fromZonedInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const parsed = dayjs.tz(value, displayTimeZone());
  return parsed.isValid() ? parsed.toISOString() : null;
}
