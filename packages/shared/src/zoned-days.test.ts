import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayInZone,
  daysBetween,
  isCalendarDay,
  lastDayOfMonth,
  mondayOf,
  todayIn,
  zonedMidnight,
} from './zoned-days.ts';

describe('zoned days', () => {
  it('knows which calendar days exist', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-04-31')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay('2026-01-01T00:00:00Z')).toBe(false);
  });

  it('adds days across months, years and leap days, and counts the days between', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // Days have no clock: the spring-forward night changes nothing.
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
    for (const n of [-400, -31, -1, 0, 1, 29, 366])
      expect(daysBetween('2026-06-15', addDays('2026-06-15', n))).toBe(n);
  });

  it('names the day of an instant in the zone, not in UTC or the machine', () => {
    const lateEvening = new Date('2026-06-30T22:30:00Z');
    expect(dayInZone(lateEvening, 'Europe/Oslo')).toBe('2026-07-01');
    expect(dayInZone(lateEvening, 'America/New_York')).toBe('2026-06-30');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-12-31T10:30:00Z'))).toBe('2027-01-01');
    expect(zonedMidnight('Europe/Oslo', 2026, 3, 29).toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('finds the Monday of a week and the last day of a month', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23'); // a Thursday
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(mondayOf('1969-12-31')).toBe('1969-12-29');
    expect(lastDayOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(lastDayOfMonth('2026-12-01')).toBe('2026-12-31');
  });
});
