import { describe, expect, it } from 'vitest';
import { isValidPhone, VALIDATION_MESSAGES, validationKey } from './validation.ts';
import { isCalendarDay, todayIn } from './zoned-days.ts';

describe('isValidPhone (spec §5)', () => {
  it.each(['+47 912 34 567', '91234567', '(555) 123-4567', '+1.555.123.4567', '1234567'])(
    'accepts %s',
    (phone) => expect(isValidPhone(phone)).toBe(true),
  );
  it.each(['', '123456', '1234567890123456', '+47 912 34 56a', '47+12345678', 'phone'])(
    'rejects %j',
    (phone) => expect(isValidPhone(phone)).toBe(false),
  );
});

describe('isCalendarDay', () => {
  it('accepts days that exist, leap days included', () => {
    expect(isCalendarDay('2026-11-24')).toBe(true);
    expect(isCalendarDay('2024-02-29')).toBe(true);
  });
  it('refuses days that do not exist and other shapes', () => {
    for (const v of ['2026-02-29', '2026-13-01', '2026-11-31', '2026-1-01', '24.11.2026', '2026-11-24T00:00'])
      expect(isCalendarDay(v), v).toBe(false);
  });
});

describe('todayIn', () => {
  it("gives the zone's calendar day, not UTC's", () => {
    const lateUtc = new Date('2026-11-24T23:30:00Z');
    expect(todayIn('UTC', lateUtc)).toBe('2026-11-24');
    expect(todayIn('Europe/Oslo', lateUtc)).toBe('2026-11-25');
    expect(todayIn('America/New_York', new Date('2026-11-25T03:00:00Z'))).toBe('2026-11-24');
  });
});

describe('validationKey', () => {
  it("names a shared message by its id and knows nothing of zod's own", () => {
    expect(validationKey(VALIDATION_MESSAGES.required)).toBe('required');
    expect(validationKey('Invalid input')).toBeUndefined();
  });
});
