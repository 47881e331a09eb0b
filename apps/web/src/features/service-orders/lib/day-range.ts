import { zonedMidnight } from '@service-portal/shared/dashboard';
import { todayIn } from '@service-portal/shared/zoned-days';

// The list's date filters travel as instants (?createdFrom=…Z&createdTo=…Z, the upper bound
// excluded) so that a dashboard figure's period links exactly; the filter panel shows and takes
// calendar days in the partner's time zone. These convert between the two.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function midnight(day: string, timeZone: string, plusDays: number): string {
  const m = DAY.exec(day);
  if (!m) return '';
  return zonedMidnight(timeZone, Number(m[1]), Number(m[2]), Number(m[3]) + plusDays).toISOString();
}

/** The instant the day starts (a lower bound). */
export const startOfDay = (day: string, timeZone: string) => midnight(day, timeZone, 0);

/** The instant after the day ends (an excluded upper bound): the day is included. */
export const endOfDay = (day: string, timeZone: string) => midnight(day, timeZone, 1);

/** The day a lower bound falls on, or '' for none. */
export const dayOfStart = (instant: string, timeZone: string) =>
  instant ? todayIn(timeZone, new Date(instant)) : '';

/** The last day an excluded upper bound includes, or '' for none. */
export const dayOfEnd = (instant: string, timeZone: string) =>
  instant ? todayIn(timeZone, new Date(Date.parse(instant) - 1)) : '';
