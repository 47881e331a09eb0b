import { describe, expect, it } from 'vitest';
import { CronError, parseCron } from './cron.ts';

const at = (iso: string) => new Date(iso);

describe('cron', () => {
  it('finds the next and the latest firing of a step expression', () => {
    const c = parseCron('*/15 * * * *');
    expect(c.next(at('2026-03-03T10:07:30Z')).toISOString()).toBe('2026-03-03T10:15:00.000Z');
    expect(c.next(at('2026-03-03T10:15:00Z')).toISOString()).toBe('2026-03-03T10:30:00.000Z');
    expect(c.previous(at('2026-03-03T10:07:30Z'))?.toISOString()).toBe('2026-03-03T10:00:00.000Z');
    expect(c.previous(at('2026-03-03T10:15:00Z'))?.toISOString()).toBe('2026-03-03T10:15:00.000Z');
  });

  it('reads hours, lists, ranges and weekdays in UTC', () => {
    const nightly = parseCron('17 3 * * *');
    expect(nightly.next(at('2026-03-03T03:17:00Z')).toISOString()).toBe('2026-03-04T03:17:00.000Z');
    const weekdays = parseCron('0 8,12 * * 1-5');
    // Friday 12:00 → Monday 08:00.
    expect(weekdays.next(at('2026-03-06T12:00:00Z')).toISOString()).toBe('2026-03-09T08:00:00.000Z');
    const sunday = parseCron('0 0 * * 7');
    expect(sunday.next(at('2026-03-03T00:00:00Z')).toISOString()).toBe('2026-03-08T00:00:00.000Z');
    const leap = parseCron('0 0 29 2 *');
    expect(leap.next(at('2026-03-01T00:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('refuses what it cannot read', () => {
    expect(() => parseCron('* * * *')).toThrow(CronError);
    expect(() => parseCron('60 * * * *')).toThrow(CronError);
    expect(() => parseCron('*/0 * * * *')).toThrow(CronError);
    expect(() => parseCron('a * * * *')).toThrow(CronError);
  });
});
