import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  effectiveRentalStatus,
  handOverDefaultStart,
  handOverStartProblem,
  handOverStartRange,
  rentalCharge,
  rentalChargeLines,
  rentalCreateSchema,
  rentalProductListQuerySchema,
  resolveRentalRates,
} from './rentals.ts';
import { calendarCell } from './rentals-overview.ts';
import { addDays, dayInZone } from './zoned-days.ts';

const base = { dailyMinor: 10_000, weeklyMinor: 50_000, lateFeePerDayMinor: 2_500, timeZone: 'Europe/Oslo' };
const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2026-01-01', n));
const money = fc.integer({ min: 0, max: 100_000_000 });
const rates = fc.record({
  dailyMinor: money,
  weeklyMinor: fc.option(money, { nil: null }),
  lateFeePerDayMinor: money,
});

describe('rentalCharge: hand examples', () => {
  it('a same-day rental costs one day', () => {
    expect(
      rentalCharge({ ...base, pickup: '2026-03-02', returned: '2026-03-02', due: '2026-03-05' }),
    ).toEqual({
      days: 1,
      weeks: 0,
      rentalMinor: 10_000,
      lateDays: 0,
      lateFeeMinor: 0,
      totalMinor: 10_000,
    });
  });

  it('three days at the daily rate', () => {
    const c = rentalCharge({ ...base, pickup: '2026-03-02', returned: '2026-03-05', due: '2026-03-05' });
    expect(c.days).toBe(3);
    expect(c.totalMinor).toBe(30_000);
  });

  it('ten days: one week at the weekly rate and three days', () => {
    const c = rentalCharge({ ...base, pickup: '2026-03-01', returned: '2026-03-11', due: '2026-03-11' });
    expect(c).toMatchObject({ days: 10, weeks: 1, rentalMinor: 50_000 + 30_000, totalMinor: 80_000 });
  });

  it('six days cost six daily rates, as product.md writes (decision 052)', () => {
    const c = rentalCharge({ ...base, pickup: '2026-03-01', returned: '2026-03-07', due: '2026-03-07' });
    expect(c).toMatchObject({ days: 6, weeks: 0, rentalMinor: 60_000 });
  });

  it('issue 31: 20 days are 2 weeks at the weekly rate and 6 days at the daily rate, not 3 weeks', () => {
    const rates = { dailyMinor: 45_000, weeklyMinor: 249_000, lateFeePerDayMinor: 0 };
    const c = rentalCharge({
      ...rates,
      timeZone: 'UTC',
      pickup: '2026-03-01',
      returned: '2026-03-21',
      due: '2026-03-21',
    });
    expect(c).toMatchObject({ days: 20, weeks: 2, rentalMinor: 2 * 249_000 + 6 * 45_000 });
    expect(c.rentalMinor).not.toBe(3 * 249_000);
    expect(rentalChargeLines(c, rates)).toEqual([
      { kind: 'weeks', count: 2, rateMinor: 249_000, amountMinor: 498_000 },
      { kind: 'days', count: 6, rateMinor: 45_000, amountMinor: 270_000 },
    ]);
  });

  it('a late return adds a late line; a charge frozen under the old cap shows no per-day rate', () => {
    const rates = { dailyMinor: 10_000, weeklyMinor: 50_000, lateFeePerDayMinor: 2_500 };
    const c = rentalCharge({
      ...rates,
      timeZone: 'UTC',
      pickup: '2026-03-01',
      returned: '2026-03-06',
      due: '2026-03-04',
    });
    expect(rentalChargeLines(c, rates)).toEqual([
      { kind: 'days', count: 5, rateMinor: 10_000, amountMinor: 50_000 },
      { kind: 'late', count: 2, rateMinor: 2_500, amountMinor: 5_000 },
    ]);
    const legacy = {
      days: 6,
      weeks: 0,
      rentalMinor: 50_000,
      lateDays: 0,
      lateFeeMinor: 0,
      totalMinor: 50_000,
    };
    expect(rentalChargeLines(legacy, rates)).toEqual([
      { kind: 'days', count: 6, rateMinor: null, amountMinor: 50_000 },
    ]);
  });

  it('a weekly rate dearer than seven days is not used', () => {
    const c = rentalCharge({
      ...base,
      weeklyMinor: 80_000,
      pickup: '2026-03-01',
      returned: '2026-03-08',
      due: '2026-03-08',
    });
    expect(c).toMatchObject({ days: 7, weeks: 0, rentalMinor: 70_000 });
  });

  it('two days late add two late fees', () => {
    const c = rentalCharge({ ...base, pickup: '2026-03-01', returned: '2026-03-06', due: '2026-03-04' });
    expect(c).toMatchObject({ days: 5, lateDays: 2, lateFeeMinor: 5_000, totalMinor: 55_000 });
  });

  it('instants count as their calendar day in the partner zone', () => {
    // 23:30 UTC on 1 March is already 2 March in Oslo.
    const c = rentalCharge({
      ...base,
      pickup: new Date('2026-03-01T23:30:00Z'),
      returned: new Date('2026-03-04T08:00:00Z'),
      due: '2026-03-04',
    });
    expect(c.days).toBe(2);
    expect(dayInZone(new Date('2026-03-01T23:30:00Z'), 'America/New_York')).toBe('2026-03-01');
  });

  it('refuses negative or fractional amounts', () => {
    expect(() =>
      rentalCharge({
        ...base,
        dailyMinor: -1,
        pickup: '2026-03-01',
        returned: '2026-03-02',
        due: '2026-03-02',
      }),
    ).toThrow(RangeError);
  });
});

describe('rentalCharge: properties', () => {
  it('is never negative, and the total is rental plus late fee', () => {
    fc.assert(
      fc.property(rates, day, day, day, (r, a, b, d) => {
        const c = rentalCharge({ ...r, pickup: a, returned: b, due: d, timeZone: 'Europe/Oslo' });
        expect(c.days).toBeGreaterThanOrEqual(1);
        expect(c.rentalMinor).toBeGreaterThanOrEqual(0);
        expect(c.lateFeeMinor).toBeGreaterThanOrEqual(0);
        expect(c.totalMinor).toBe(c.rentalMinor + c.lateFeeMinor);
      }),
    );
  });

  it('charges exactly its lines: full weeks × weekly, other days × daily, late days × fee', () => {
    fc.assert(
      fc.property(rates, day, day, fc.integer({ min: 0, max: 400 }), (r, pickup, due, n) => {
        const returned = addDays(pickup, n);
        const c = rentalCharge({ ...r, pickup, returned, due, timeZone: 'UTC' });
        const lines = rentalChargeLines(c, r);
        expect(lines.reduce((sum, l) => sum + l.amountMinor, 0)).toBe(c.totalMinor);
        for (const l of lines) {
          expect(l.count).toBeGreaterThan(0);
          expect(l.rateMinor).not.toBeNull();
          expect(l.amountMinor).toBe(l.count * (l.rateMinor ?? 0));
        }
        const weeks = lines.find((l) => l.kind === 'weeks')?.count ?? 0;
        const daysAtDaily = lines.find((l) => l.kind === 'days')?.count ?? 0;
        expect(7 * weeks + daysAtDaily).toBe(c.days);
        // Days at the daily rate are fewer than a week whenever the weekly rate is the cheaper one.
        if (r.weeklyMinor !== null && r.weeklyMinor < 7 * r.dailyMinor) expect(daysAtDaily).toBeLessThan(7);
        else expect(weeks).toBe(0);
      }),
    );
  });

  it('the actual start of a hand-over defaults to the booked start, or today once begun', () => {
    fc.assert(
      fc.property(day, day, fc.integer({ min: 0, max: 60 }), (today, start, length) => {
        const booking = { startDate: start, dueDate: addDays(start, length) };
        const proposed = handOverDefaultStart(booking, today);
        expect(proposed).toBe(start > today ? start : today);
        const range = handOverStartRange(booking, today);
        expect(range.min <= booking.startDate && range.min <= today).toBe(true);
        if (proposed <= booking.dueDate) expect(handOverStartProblem(booking, proposed, today)).toBeNull();
        expect(handOverStartProblem(booking, addDays(range.min, -1), today)).not.toBeNull();
        expect(handOverStartProblem(booking, addDays(booking.dueDate, 1), today)).not.toBeNull();
      }),
    );
  });

  it('the weekly rate never makes a rental dearer than daily rates alone', () => {
    fc.assert(
      fc.property(rates, day, fc.integer({ min: 0, max: 400 }), (r, pickup, n) => {
        const returned = addDays(pickup, n);
        const withWeekly = rentalCharge({ ...r, pickup, returned, due: returned, timeZone: 'UTC' });
        const dailyOnly = rentalCharge({
          ...r,
          weeklyMinor: null,
          pickup,
          returned,
          due: returned,
          timeZone: 'UTC',
        });
        expect(withWeekly.rentalMinor).toBeLessThanOrEqual(dailyOnly.rentalMinor);
        expect(dailyOnly.rentalMinor).toBe(dailyOnly.days * r.dailyMinor);
      }),
    );
  });
});

describe('overdue and rates', () => {
  it('an active rental is overdue from the day after its due date, in the partner zone', () => {
    const oslo = 'Europe/Oslo';
    expect(effectiveRentalStatus('active', '2026-03-04', new Date('2026-03-04T23:30:00Z'), oslo)).toBe(
      'overdue',
    );
    expect(effectiveRentalStatus('active', '2026-03-04', new Date('2026-03-04T23:30:00Z'), 'UTC')).toBe(
      'active',
    );
    expect(effectiveRentalStatus('returned', '2026-03-01', new Date('2026-03-10T00:00:00Z'), oslo)).toBe(
      'returned',
    );
    expect(effectiveRentalStatus('booked', '2026-03-01', new Date('2026-03-10T00:00:00Z'), oslo)).toBe(
      'booked',
    );
  });

  it('product prices override the defaults; a weekly rate alone gives a seventh a day', () => {
    const defaults = { defaultDailyRentalRate: 100, defaultWeeklyRentalRate: 600 };
    expect(resolveRentalRates({ dailyPrice: 200, weeklyPrice: null }, defaults)).toEqual({
      dailyMinor: 200,
      weeklyMinor: 600,
    });
    expect(resolveRentalRates(null, { defaultDailyRentalRate: null, defaultWeeklyRentalRate: 700 })).toEqual({
      dailyMinor: 100,
      weeklyMinor: 700,
    });
    expect(
      resolveRentalRates(null, { defaultDailyRentalRate: null, defaultWeeklyRentalRate: null }),
    ).toBeNull();
  });

  it('calendar cells', () => {
    const entries = [
      {
        id: 'a',
        rentalProductId: 'u',
        kind: 'booking' as const,
        status: 'booked' as const,
        startDate: '2026-03-05',
        endDate: '2026-03-06',
        customerName: 'x',
      },
    ];
    expect(calendarCell(entries, 'u', '2026-03-05')).toBe('booked');
    expect(calendarCell(entries, 'u', '2026-03-07')).toBe('free');
  });
});

describe('schemas', () => {
  it('due before start is refused on the due date', () => {
    const r = rentalCreateSchema.safeParse({
      rentalProductId: '00000000-0000-4000-8000-000000000000',
      customer: { customerId: '00000000-0000-4000-8000-000000000001' },
      startDate: '2026-03-05',
      dueDate: '2026-03-04',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['dueDate']);
  });

  it('page sizes are 12, 24 and 48 only', () => {
    expect(rentalProductListQuerySchema.parse({}).pageSize).toBe(12);
    expect(rentalProductListQuerySchema.safeParse({ pageSize: '24' }).success).toBe(true);
    expect(rentalProductListQuerySchema.safeParse({ pageSize: '20' }).success).toBe(false);
  });
});
