/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week), read in UTC:
 * `*`, numbers, ranges `a-b`, lists `a,b`, and steps `*\/n` or `a-b/n`. Day-of-week 0 or 7 is
 * Sunday. As in classic cron, when both day fields are restricted a day matching either fires.
 */
export interface Cron {
  readonly expression: string;
  /** The first firing time strictly after `after` (whole minutes). */
  next(after: Date): Date;
  /** The latest firing time at or before `at`, or null if there is none within a year and a bit. */
  previous(at: Date): Date | null;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

export class CronError extends Error {}

function parseField(text: string, field: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new CronError(`bad ${field.name} in cron: "${part}"`);
    const step = m[4] ? Number(m[4]) : 1;
    let from: number = field.min;
    let to: number = field.max;
    if (m[1] !== '*') {
      from = Number(m[2]);
      to = m[3] !== undefined ? Number(m[3]) : m[4] ? field.max : from;
    }
    if (step < 1 || from < field.min || to > field.max || from > to)
      throw new CronError(`${field.name} out of range in cron: "${part}"`);
    for (let v: number = from; v <= to; v += step)
      values.add(field.name === 'day of week' && v === 7 ? 0 : v);
  }
  return values;
}

const MINUTE = 60_000;
/** Long enough for any expression that fires at all (29 February comes every four years). */
const HORIZON_MINUTES = 366 * 4 * 24 * 60 + 60;

export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new CronError(`cron needs five fields: "${expression}"`);
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i]!)) as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  const dayRestricted = parts[2] !== '*';
  const weekdayRestricted = parts[4] !== '*';

  const dayMatches = (d: Date) => {
    const byDay = days.has(d.getUTCDate());
    const byWeekday = weekdays.has(d.getUTCDay());
    if (dayRestricted && weekdayRestricted) return byDay || byWeekday;
    return byDay && byWeekday;
  };

  /** Walks minute by minute, skipping whole days and hours that cannot match. */
  function search(from: Date, direction: 1 | -1): Date | null {
    let t = Math.floor(from.getTime() / MINUTE) * MINUTE;
    const limit = t + direction * HORIZON_MINUTES * MINUTE;
    while (direction === 1 ? t <= limit : t >= limit) {
      const d = new Date(t);
      if (!months.has(d.getUTCMonth() + 1) || !dayMatches(d)) {
        // Jump to the first (or last) minute of the next (previous) day.
        const dayStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
        t = direction === 1 ? dayStart + 24 * 60 * MINUTE : dayStart - MINUTE;
        continue;
      }
      if (!hours.has(d.getUTCHours())) {
        const hourStart = t - d.getUTCMinutes() * MINUTE;
        t = direction === 1 ? hourStart + 60 * MINUTE : hourStart - MINUTE;
        continue;
      }
      if (minutes.has(d.getUTCMinutes())) return d;
      t += direction * MINUTE;
    }
    return null;
  }

  return {
    expression,
    next(after) {
      const found = search(new Date(Math.floor(after.getTime() / MINUTE) * MINUTE + MINUTE), 1);
      if (!found) throw new CronError(`cron never fires: "${expression}"`);
      return found;
    },
    previous(at) {
      return search(at, -1);
    },
  };
}
