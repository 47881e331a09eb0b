import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { globalSearchQuerySchema } from './search.ts';
import { pageQuerySchema } from './pagination.ts';
import { isValidPhone, strictNumber, VALIDATION_MESSAGES, validationKey } from './validation.ts';
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

describe('strictNumber (issue 32)', () => {
  const int = strictNumber(z.number().int().min(0));

  it.each([
    [5, 5],
    ['5', 5],
    ['0', 0],
    ['120', 120],
  ])('takes %j as %d', (input, expected) => {
    expect(int.parse(input)).toBe(expected);
  });

  it('takes decimals where the schema does', () => {
    expect(strictNumber(z.number()).parse('-2.5')).toBe(-2.5);
  });

  it.each([
    true,
    false,
    '1e3',
    '0x10',
    ' 5 ',
    '',
    ' ',
    '+5',
    '5.',
    'Infinity',
    'NaN',
    [5],
    ['5'],
    null,
    {},
    Number.NaN,
  ])('refuses %j instead of coercing it', (input) => {
    expect(int.safeParse(input).success).toBe(false);
  });

  it('still applies the inner rules', () => {
    expect(int.safeParse('-1').success).toBe(false);
    expect(int.safeParse('2.5').success).toBe(false);
  });

  it('drives the list and search schemas', () => {
    expect(pageQuerySchema.parse({ page: '2' })).toEqual({ page: 2, pageSize: expect.any(Number) });
    expect(pageQuerySchema.safeParse({ page: 'true' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ pageSize: '' }).success).toBe(false);
    expect(globalSearchQuerySchema.safeParse({ query: 'abc', maxResultsPerType: true }).success).toBe(false);
    expect(globalSearchQuerySchema.safeParse({ query: 'abc', maxResultsPerType: '1e1' }).success).toBe(false);
    expect(globalSearchQuerySchema.parse({ query: 'abc', maxResultsPerType: 7 }).maxResultsPerType).toBe(7);
  });
});
