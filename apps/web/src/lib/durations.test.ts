import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { formatDuration } from './durations.ts';

describe('formatDuration (issue 31: one format for resolution times)', () => {
  const t = i18n.getFixedT('en');
  it('reads hours under a day and days with hours from a day on', () => {
    expect(formatDuration(t, 5.54, 'en')).toBe('5.5 h');
    expect(formatDuration(t, 304.1, 'en')).toBe('12 d 16 h');
    expect(formatDuration(t, 280.8, 'en')).toBe('11 d 17 h');
    expect(formatDuration(t, 48, 'en')).toBe('2 d');
  });
});
