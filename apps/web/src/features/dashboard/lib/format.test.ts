import { describe, expect, it } from 'vitest';
import { formatDay, setDisplayTimeZone } from '../../../lib/dates.ts';
import { formatPartnerDay } from './format.ts';

describe('dashboard dates (issue 31 item 6: one date format)', () => {
  it("writes the period's days like every other day", () => {
    setDisplayTimeZone('Europe/Oslo');
    for (const language of ['en', 'nb', 'es'])
      expect(formatPartnerDay('2026-04-07T10:00:00Z', language, 'Europe/Oslo')).toBe(
        formatDay('2026-04-07T10:00:00Z', language),
      );
  });
});
