// Calendar days in a time zone (pure), kept apart from the dashboard's schemas so a module that only
// needs a partner's day (rentals) does not bring the order schemas with it (issue 18: weight).

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
