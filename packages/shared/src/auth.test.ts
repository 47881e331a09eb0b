import { describe, expect, it } from 'vitest';
import { emailSchema, isValidEmail, otpCodeSchema } from './auth.ts';

describe('isValidEmail (spec §5: no spaces, one @, a dot in the domain)', () => {
  it.each(['a@b.co', 'manager@nordic.example.com', 'first.last+tag@sub.domain.no'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each([
    '',
    'plain',
    'a@b',
    'a @b.co',
    'a@b .co',
    'a@@b.co',
    'a@b@c.co',
    '@b.co',
    'a@.co',
    'a@b.',
    'a@b..co',
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it('normalises case and surrounding space in the schema', () => {
    expect(emailSchema.parse('  Manager@Nordic.Example.com ')).toBe('manager@nordic.example.com');
  });
});

describe('otpCodeSchema', () => {
  it('takes exactly six digits', () => {
    expect(otpCodeSchema.safeParse('012345').success).toBe(true);
    for (const bad of ['12345', '1234567', '12a456', ' 123456', ''])
      expect(otpCodeSchema.safeParse(bad).success).toBe(false);
  });
});
