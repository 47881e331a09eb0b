import { describe, expect, it } from 'vitest';
import {
  formatAmountInput,
  formatMoney,
  minorToDecimalString,
  parseAmount,
  totalsByCurrency,
} from './money.ts';

describe('parseAmount: typed major units to integer minor units, without floats', () => {
  it.each([
    ['en', '1250', 125000],
    ['en', '1,250.10', 125010],
    ['en', '0.29', 29], // 0.29 * 100 is 28.999999999999996 in floating point
    ['en', '1.005', 'tooManyDecimals'],
    ['en', '19.99', 1999],
    ['en', '.5', 50],
    ['en', ' 1 250.5 ', 125050],
    ['en', '1,25', 125], // a lone comma before one or two digits is a decimal comma
    ['nb', '1 250,10', 125010],
    ['nb', '1\u00a0250,10', 125010],
    ['nb', '1.250,10', 125010],
    ['nb', '12.50', 1250], // a lone point in a comma language still means 12.50
    ['es', '1.250,99', 125099],
    ['en', '-5', -500],
    ['en', '', null],
    ['en', '   ', null],
    ['en', 'abc', 'invalid'],
    ['en', '1,2,3', 'invalid'],
    ['en', '12.3.4', 'invalid'],
    ['en', '20000000.01', 'tooLarge'],
    ['en', '20000000.00', 2_000_000_000],
  ] as const)('%s "%s" → %s', (language, input, expected) => {
    const parsed = parseAmount(input, 'NOK', language);
    if (typeof expected === 'string') expect(parsed).toEqual({ ok: false, reason: expected });
    else expect(parsed).toEqual({ ok: true, minor: expected });
  });

  it('round-trips every cent from 0.00 to 20.00 exactly', () => {
    for (let minor = 0; minor <= 2000; minor += 1) {
      for (const language of ['en', 'nb', 'es']) {
        expect(parseAmount(formatAmountInput(minor, 'NOK', language), 'NOK', language)).toEqual({
          ok: true,
          minor,
        });
      }
    }
  });
});

describe('formatting', () => {
  it('writes minor units as an exact decimal string', () => {
    expect(minorToDecimalString(125010, 2)).toBe('1250.10');
    expect(minorToDecimalString(5, 2)).toBe('0.05');
    expect(minorToDecimalString(-5, 2)).toBe('-0.05');
    expect(minorToDecimalString(7, 0)).toBe('7');
  });

  it('shows the currency code in the reader\u2019s notation', () => {
    expect(formatMoney(125010, 'NOK', 'en')).toBe('NOK\u00a01,250.10');
    expect(formatMoney(125010, 'NOK', 'nb').replace(/\s/g, ' ')).toBe('1 250,10 NOK');
    expect(formatMoney(2_000_000_000, 'EUR', 'en')).toBe('EUR\u00a020,000,000.00');
    expect(formatMoney(1, 'GBP', 'es').replace(/\s/g, ' ')).toBe('0,01 GBP');
  });

  it('totals lines per currency', () => {
    expect(
      totalsByCurrency([
        { quantity: 3, unitCost: 1999, currency: 'NOK' },
        { quantity: 1, unitCost: 500, currency: 'EUR' },
        { quantity: 2, unitCost: 1, currency: 'NOK' },
      ]),
    ).toEqual([
      { currency: 'NOK', minor: 5999 },
      { currency: 'EUR', minor: 500 },
    ]);
  });
});
