import { describe, expect, it } from 'vitest';
import { dayOfEnd, dayOfStart, endOfDay, startOfDay } from './day-range.ts';

describe('day range of the list filters', () => {
  it("turns partner days into the instants of the partner's midnights", () => {
    expect(startOfDay('2026-03-04', 'Europe/Oslo')).toBe('2026-03-03T23:00:00.000Z');
    expect(endOfDay('2026-03-04', 'Europe/Oslo')).toBe('2026-03-04T23:00:00.000Z');
    // Summer time: one hour more ahead of UTC.
    expect(startOfDay('2026-07-01', 'Europe/Oslo')).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfDay('2026-03-04', 'America/New_York')).toBe('2026-03-04T05:00:00.000Z');
    expect(startOfDay('', 'Europe/Oslo')).toBe('');
    expect(startOfDay('04.03.2026', 'Europe/Oslo')).toBe('');
  });

  it('reads the same days back, the upper bound as the last day included', () => {
    const from = startOfDay('2026-03-04', 'Europe/Oslo');
    const to = endOfDay('2026-03-31', 'Europe/Oslo');
    expect(dayOfStart(from, 'Europe/Oslo')).toBe('2026-03-04');
    expect(dayOfEnd(to, 'Europe/Oslo')).toBe('2026-03-31');
    expect(dayOfStart('', 'Europe/Oslo')).toBe('');
    expect(dayOfEnd('', 'Europe/Oslo')).toBe('');
  });
});
