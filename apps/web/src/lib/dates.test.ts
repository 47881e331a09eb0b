import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  displayTimeZone,
  formatDateTime,
  formatDay,
  formatTime,
  fromZonedInput,
  setDisplayTimeZone,
  toZonedInput,
} from './dates.ts';

/** Makes the browser's own zone `zone`, whatever the process's TZ is. */
function browserZone(zone: string) {
  vi.restoreAllMocks();
  const real = new Intl.DateTimeFormat().resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...real, timeZone: zone });
}

afterEach(() => {
  vi.restoreAllMocks();
  setDisplayTimeZone(null);
});

describe('times in the partner zone', () => {
  const winter = '2026-01-15T10:20:00Z';
  const summer = '2026-07-15T10:20:00Z';

  it('defaults to Europe/Oslo', () => {
    expect(displayTimeZone()).toBe(DEFAULT_TIME_ZONE);
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Oslo');
  });

  it('shows 10:20Z as 11:20 in an Oslo winter and 12:20 in summer, with a UTC browser, with no zone suffix (issue 31)', () => {
    browserZone('UTC');
    setDisplayTimeZone('Europe/Oslo');
    expect(formatDateTime(winter, 'nb')).toBe('15. jan. 2026 11:20');
    expect(formatTime(summer, 'nb')).toBe('12:20');
    expect(formatDateTime(winter, 'en')).toBe('Jan 15, 2026 11:20 AM');
  });

  it('says nothing about the zone when the browser is on the partner clock', () => {
    browserZone('Europe/Oslo');
    setDisplayTimeZone('Europe/Oslo');
    expect(formatDateTime(winter, 'en')).toBe('Jan 15, 2026 11:20 AM');
    // Another name, the same clock at that instant: no suffix either.
    browserZone('Europe/Berlin');
    expect(formatTime(winter, 'en')).toBe('11:20 AM');
  });

  it('a New York browser still sees the Oslo time', () => {
    browserZone('America/New_York');
    setDisplayTimeZone('Europe/Oslo');
    expect(formatTime(winter, 'es')).toBe('11:20');
  });

  it('follows another partner zone, and falls back to the default for an unknown one', () => {
    browserZone('UTC');
    setDisplayTimeZone('America/New_York');
    expect(formatTime(winter, 'en')).toBe('5:20 AM');
    setDisplayTimeZone('Not/AZone');
    expect(displayTimeZone()).toBe('Europe/Oslo');
  });

  it('puts an instant on the day it is in the partner zone; a calendar day stays that day', () => {
    setDisplayTimeZone('Europe/Oslo');
    // 23:30Z is already the next day in Oslo.
    expect(formatDay('2026-01-15T23:30:00Z', 'en')).toBe('Jan 16, 2026');
    expect(formatDay('2026-01-15', 'en')).toBe('Jan 15, 2026');
  });

  it('reads and writes datetime-local values on the partner clock', () => {
    setDisplayTimeZone('Europe/Oslo');
    expect(toZonedInput(winter)).toBe('2026-01-15T11:20');
    expect(fromZonedInput('2026-01-15T11:20')).toBe('2026-01-15T10:20:00.000Z');
    expect(fromZonedInput('2026-07-15T12:20')).toBe(summer.replace('Z', '.000Z'));
    expect(fromZonedInput('yesterday')).toBeNull();
  });
});
