// THE module for calendar days in a time zone (issue 30): today in a zone, a calendar day's
// validation, adding days and days between, the day of an instant and the instant a day starts.
// Shared, server and web use these and no hand-written version (no `toISOString().slice(0, 10)`,
// no `86_400_000`, no `dayjs().add` for days). Pure and free of imports, so that a module needing
// only a partner's day (the sign-in page, rentals) brings nothing else with it (issue 18: weight).
// Days are strings `YYYY-MM-DD`: a day has no time zone once it is named.

interface WallClock {
  year: number;
  month: number; // 1–12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function wallClockIn(timeZone: string, instant: Date): WallClock {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, f);
  }
  const parts = f.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(timeZone: string, instant: Date): number {
  const w = wallClockIn(timeZone, instant);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of midnight starting a calendar day in the zone (months past 12 roll over). */
export function zonedMidnight(timeZone: string, year: number, month: number, day: number): Date {
  const guess = Date.UTC(year, month - 1, day);
  let instant = new Date(guess - offsetAt(timeZone, new Date(guess)));
  // Near a DST change the offset at the guess differs from the one at the answer: look once more.
  instant = new Date(guess - offsetAt(timeZone, instant));
  return instant;
}

/** The calendar day of an instant in the zone. */
export function zonedDay(timeZone: string, instant: Date): { year: number; month: number; day: number } {
  const w = wallClockIn(timeZone, instant);
  return { year: w.year, month: w.month, day: w.day };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a calendar day `YYYY-MM-DD` that exists (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function dayText(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar day of an instant in the zone, as `YYYY-MM-DD`. */
export function dayInZone(instant: Date, timeZone: string): string {
  const { year, month, day } = zonedDay(timeZone, instant);
  return dayText(year, month, day);
}

/** Today's calendar day in a time zone, as `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayInZone(now, timeZone);
}

/** Days since 1970-01-01 of a calendar day (the proleptic Gregorian count, no time zone involved). */
function dayNumber(day: string): number {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`Not a calendar day: ${day}`);
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY);
}

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** `day` plus `n` calendar days (`n` may be negative). */
export function addDays(day: string, n: number): string {
  const d = new Date((dayNumber(day) + n) * MS_PER_DAY);
  return dayText(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The last day of the month a day is in. */
export function lastDayOfMonth(day: string): string {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`Not a calendar day: ${day}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0));
  return dayText(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The Monday of the (ISO) week a day is in. */
export function mondayOf(day: string): string {
  // 1970-01-01 was a Thursday: day number 0 is weekday 3 counted from Monday.
  return addDays(day, -((((dayNumber(day) + 3) % 7) + 7) % 7));
}
