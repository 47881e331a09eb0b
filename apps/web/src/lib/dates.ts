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
 * browser's at that instant; nothing when they agree, which is the usual case (decision 029).
 */
export function zoneSuffix(iso: string, language: string, zone: string = displayTimeZone()): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const browser = browserTimeZone();
  if (zone === browser || offsetMinutes(instant, zone) === offsetMinutes(instant, browser)) return '';
  return ` ${zoneName(instant, zone, language)}`;
}

/** An instant (ISO 8601, UTC on the wire) in the partner's zone and the reader's language: "Mar 4, 2026 10:20 AM". */
export function formatDateTime(iso: string, language: string): string {
  return dayjs(iso).tz(displayTimeZone()).locale(language).format('ll LT') + zoneSuffix(iso, language);
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day in the reader's language: "Mar 4, 2026". Takes an instant (the day it is in the partner's
 * zone) or a calendar day `YYYY-MM-DD`, which names its day whatever the zone.
 */
export function formatDay(value: string, language: string): string {
  const day = CALENDAR_DAY.test(value) ? dayjs(value) : dayjs(value).tz(displayTimeZone());
  return day.locale(language).format('ll');
}

/** The time of day of an instant in the partner's zone: "10:20 AM", "10:20". */
export function formatTime(iso: string, language: string): string {
  return dayjs(iso).tz(displayTimeZone()).locale(language).format('LT') + zoneSuffix(iso, language);
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
