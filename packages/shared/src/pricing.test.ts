import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './limits.ts';
import {
  categoryPricingInputSchema,
  computeWorkLogCost,
  DEFAULT_PRICING,
  hourlyCost,
  MAX_WORKED_MINUTES,
  PRICING_LIMITS,
  PRICING_MESSAGES as P,
  pricingConfigFieldsSchema,
  pricingConfigUpdateSchema,
  rentalProductPricingUpdateSchema,
  roundMinutes,
  ROUNDING_DIRECTIONS,
  ROUNDING_INTERVALS,
  roundToStep,
  WORK_LOG_CATEGORIES,
  type CostPricing,
  type RoundingDirection,
  type WorkLogCategory,
} from './pricing.ts';

const pricing = (over: Partial<CostPricing> = {}): CostPricing => ({
  defaultHourlyRate: 95_000,
  currency: 'NOK',
  roundingIntervalMinutes: 15,
  roundingDirection: 'up',
  categories: [],
  ...over,
});
const cost = (minutes: number, over: Partial<CostPricing> = {}, category: WorkLogCategory = 'service_log') =>
  computeWorkLogCost({ workedSeconds: Math.round(minutes * 60), category, pricing: pricing(over) });

// ---------------------------------------------------------------------------------------------
// Arbitraries

const direction = fc.constantFrom(...ROUNDING_DIRECTIONS);
const interval = fc.constantFrom(...ROUNDING_INTERVALS);
const seconds = fc.nat({ max: MAX_WORKED_MINUTES * 60 });
const minutes = fc.nat({ max: MAX_WORKED_MINUTES });
const rate = fc.integer({ min: 1, max: PRICING_LIMITS.maxHourlyRateMinor });
const category = fc.constantFrom(...WORK_LOG_CATEGORIES);
// What the category schema lets through: an hourly price is bounded like the default rate.
const categoryPrice = fc.oneof(
  fc.record({
    category,
    pricingType: fc.constant('hourly' as const),
    price: fc.integer({ min: 0, max: PRICING_LIMITS.maxHourlyRateMinor }),
    intervalMinutes: fc.option(interval, { nil: null }),
  }),
  fc.record({
    category,
    pricingType: fc.constant('fixed' as const),
    price: fc.integer({ min: 0, max: PRICING_LIMITS.maxPriceMinor }),
    intervalMinutes: fc.constant(null),
  }),
);
const costPricing = fc.record({
  defaultHourlyRate: rate,
  currency: fc.constantFrom(...CURRENCIES),
  roundingIntervalMinutes: interval,
  roundingDirection: direction,
  // One entry per category at most, as the unique index guarantees.
  categories: fc.uniqueArray(categoryPrice, {
    selector: (c) => c.category,
    maxLength: WORK_LOG_CATEGORIES.length,
  }),
});

/** The interval the rule must use for a category under a pricing. */
function intervalFor(p: CostPricing, c: WorkLogCategory): number {
  const own = p.categories.find((x) => x.category === c);
  return own?.pricingType === 'hourly' && own.intervalMinutes
    ? own.intervalMinutes
    : p.roundingIntervalMinutes;
}

// ---------------------------------------------------------------------------------------------

describe('roundMinutes: hand-calculated', () => {
  it('rounds up, down and to the nearest interval (halves up)', () => {
    expect(roundMinutes(37, 15, 'up')).toBe(45);
    expect(roundMinutes(37, 15, 'down')).toBe(30);
    expect(roundMinutes(37, 15, 'nearest')).toBe(30); // 7 past: under half
    expect(roundMinutes(38, 15, 'nearest')).toBe(45); // 8 past: over half
    expect(roundMinutes(33, 6, 'nearest')).toBe(36); // 3 past an interval of 6: exactly half goes up
    expect(roundMinutes(45, 15, 'up')).toBe(45);
    expect(roundMinutes(0, 15, 'up')).toBe(0);
    expect(roundMinutes(61, 60, 'up')).toBe(120);
    expect(roundMinutes(7, 1, 'up')).toBe(7);
  });

  it('refuses negative, fractional or zero amounts', () => {
    expect(() => roundMinutes(-1, 15, 'up')).toThrow(RangeError);
    expect(() => roundMinutes(1.5, 15, 'up')).toThrow(RangeError);
    expect(() => roundMinutes(10, 0, 'up')).toThrow(RangeError);
  });
});

describe('computeWorkLogCost: hand-calculated', () => {
  it('NOK 950/h, 37 minutes, 15-minute interval: up 45 min = 712.50, down 30 min = 475.00, nearest 30 min', () => {
    expect(cost(37, { roundingDirection: 'up' })).toEqual({
      billedMinutes: 45,
      pricingType: 'hourly',
      unitPriceMinor: 95_000,
      costMinor: 71_250,
      currency: 'NOK',
    });
    expect(cost(37, { roundingDirection: 'down' })).toMatchObject({ billedMinutes: 30, costMinor: 47_500 });
    expect(cost(37, { roundingDirection: 'nearest' })).toMatchObject({
      billedMinutes: 30,
      costMinor: 47_500,
    });
    expect(cost(38, { roundingDirection: 'nearest' })).toMatchObject({
      billedMinutes: 45,
      costMinor: 71_250,
    });
  });

  it('rounds seconds, not whole minutes: 15:01 up bills 30, 37:30 nearest bills 45 (half up)', () => {
    const at = (workedSeconds: number, roundingDirection: RoundingDirection) =>
      computeWorkLogCost({ workedSeconds, category: 'other', pricing: pricing({ roundingDirection }) })
        .billedMinutes;
    expect(at(15 * 60 + 1, 'up')).toBe(30);
    expect(at(15 * 60 + 59, 'down')).toBe(15);
    expect(at(37 * 60 + 30, 'nearest')).toBe(45);
    expect(at(37 * 60 + 29, 'nearest')).toBe(30);
    expect(at(0, 'up')).toBe(0);
  });

  it('Fjord NOK 890/h, 30 minutes nearest: 44 min bills 30 (445.00), 45 min bills 60 (890.00)', () => {
    const fjord = {
      defaultHourlyRate: 89_000,
      roundingIntervalMinutes: 30,
      roundingDirection: 'nearest' as const,
    };
    expect(cost(44, fjord)).toMatchObject({ billedMinutes: 30, costMinor: 44_500 });
    expect(cost(45, fjord)).toMatchObject({ billedMinutes: 60, costMinor: 89_000 });
  });

  it('rounds the amount half up in minor units without floating point', () => {
    // 2 min × 123.45/h = 4.115 → 4.12 (411.5 minor units → 412)
    expect(hourlyCost(2, 12_345)).toBe(412);
    // 7 min × 890.00/h = 103.8333… → 103.83
    expect(hourlyCost(7, 89_000)).toBe(10_383);
    // 1 min × 0.90/h = 1.5 minor → 2
    expect(hourlyCost(1, 90)).toBe(2);
    expect(hourlyCost(MAX_WORKED_MINUTES, PRICING_LIMITS.maxHourlyRateMinor)).toBe(1_666_666_667);
    expect(hourlyCost(MAX_WORKED_MINUTES, PRICING_LIMITS.maxHourlyRateMinor)).toBeLessThan(2 ** 31);
  });

  it('a fixed category costs its price whatever the time', () => {
    const p = {
      categories: [
        {
          category: 'shipping' as const,
          pricingType: 'fixed' as const,
          price: 35_000,
          intervalMinutes: null,
        },
      ],
    };
    expect(cost(0, p, 'shipping')).toEqual({
      billedMinutes: 0,
      pricingType: 'fixed',
      unitPriceMinor: 35_000,
      costMinor: 35_000,
      currency: 'NOK',
    });
    expect(cost(181, p, 'shipping')).toMatchObject({ billedMinutes: 195, costMinor: 35_000 });
  });

  it('an hourly category uses its own rate and interval; others fall back to the defaults', () => {
    const p = {
      categories: [
        {
          category: 'extra_cleaning' as const,
          pricingType: 'hourly' as const,
          price: 60_000,
          intervalMinutes: 30,
        },
      ],
    };
    expect(cost(31, p, 'extra_cleaning')).toMatchObject({
      billedMinutes: 60,
      unitPriceMinor: 60_000,
      costMinor: 60_000,
    });
    expect(cost(31, p, 'service_log')).toMatchObject({
      billedMinutes: 45,
      unitPriceMinor: 95_000,
      costMinor: 71_250,
    });
    // Without its own interval a category uses the partner's.
    const noInterval = { categories: [{ ...p.categories[0]!, intervalMinutes: null }] };
    expect(cost(31, noInterval, 'extra_cleaning')).toMatchObject({ billedMinutes: 45, costMinor: 45_000 });
  });

  it('the default configuration is NOK 950/h, 15 minutes, up', () => {
    expect(DEFAULT_PRICING).toMatchObject({
      defaultHourlyRate: 95_000,
      currency: 'NOK',
      roundingIntervalMinutes: 15,
      roundingDirection: 'up',
    });
  });
});

describe('computeWorkLogCost: properties', () => {
  it('is monotonic in time', () => {
    fc.assert(
      fc.property(costPricing, category, seconds, seconds, (p, c, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const x = computeWorkLogCost({ workedSeconds: lo, category: c, pricing: p });
        const y = computeWorkLogCost({ workedSeconds: hi, category: c, pricing: p });
        expect(x.billedMinutes).toBeLessThanOrEqual(y.billedMinutes);
        expect(x.costMinor).toBeLessThanOrEqual(y.costMinor);
      }),
    );
  });

  it('is never negative, always whole, a multiple of the interval, and within one interval of the time worked', () => {
    fc.assert(
      fc.property(costPricing, category, seconds, (p, c, s) => {
        const r = computeWorkLogCost({ workedSeconds: s, category: c, pricing: p });
        const step = intervalFor(p, c);
        expect(r.costMinor).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(r.costMinor)).toBe(true);
        expect(Number.isSafeInteger(r.billedMinutes)).toBe(true);
        expect(r.billedMinutes % step).toBe(0);
        expect(Math.abs(r.billedMinutes * 60 - s)).toBeLessThan(step * 60);
        expect(r.costMinor).toBeLessThan(2 ** 31);
        expect(r.currency).toBe(p.currency);
      }),
    );
  });

  it('is exact at interval boundaries, whatever the direction', () => {
    fc.assert(
      fc.property(interval, direction, fc.nat({ max: 500 }), (step, dir, k) => {
        expect(roundMinutes(k * step, step, dir)).toBe(k * step);
        const r = computeWorkLogCost({
          workedSeconds: k * step * 60,
          category: 'service_log',
          pricing: pricing({ roundingIntervalMinutes: step, roundingDirection: dir }),
        });
        expect(r.billedMinutes).toBe(k * step);
      }),
    );
  });

  it('up ≥ nearest ≥ down, in billed time and in cost', () => {
    fc.assert(
      fc.property(costPricing, category, seconds, (p, c, s) => {
        const at = (roundingDirection: RoundingDirection) =>
          computeWorkLogCost({ workedSeconds: s, category: c, pricing: { ...p, roundingDirection } });
        const [up, nearest, down] = [at('up'), at('nearest'), at('down')];
        expect(up.billedMinutes).toBeGreaterThanOrEqual(nearest.billedMinutes);
        expect(nearest.billedMinutes).toBeGreaterThanOrEqual(down.billedMinutes);
        expect(up.costMinor).toBeGreaterThanOrEqual(nearest.costMinor);
        expect(nearest.costMinor).toBeGreaterThanOrEqual(down.costMinor);
      }),
    );
  });

  it('nearest is within half an interval; ties go up', () => {
    fc.assert(
      fc.property(minutes, interval, (m, step) => {
        const r = roundMinutes(m, step, 'nearest');
        expect(Math.abs(r - m) * 2).toBeLessThanOrEqual(step);
        if (Math.abs(r - m) * 2 === step) expect(r).toBeGreaterThan(m);
      }),
    );
  });

  it('agrees with roundMinutes on whole minutes, and hourly cost is round-half-up of minutes × rate / 60', () => {
    fc.assert(
      fc.property(minutes, interval, direction, rate, (m, step, dir, hourly) => {
        const r = computeWorkLogCost({
          workedSeconds: m * 60,
          category: 'other',
          pricing: pricing({
            defaultHourlyRate: hourly,
            roundingIntervalMinutes: step,
            roundingDirection: dir,
          }),
        });
        expect(r.billedMinutes).toBe(roundMinutes(m, step, dir));
        // Exact rational check: cost is the integer c with c - 1/2 ≤ minutes × rate / 60 < c + 1/2.
        const exact = BigInt(r.billedMinutes) * BigInt(hourly);
        const c = BigInt(r.costMinor);
        expect(120n * c - 60n <= 2n * exact && 2n * exact < 120n * c + 60n).toBe(true);
      }),
    );
  });

  it('a fixed category costs its price for any time', () => {
    fc.assert(
      fc.property(
        costPricing,
        category,
        seconds,
        fc.integer({ min: 0, max: PRICING_LIMITS.maxPriceMinor }),
        (p, c, s, price) => {
          const withFixed = {
            ...p,
            categories: [
              ...p.categories.filter((x) => x.category !== c),
              { category: c, pricingType: 'fixed' as const, price, intervalMinutes: null },
            ],
          };
          const r = computeWorkLogCost({ workedSeconds: s, category: c, pricing: withFixed });
          expect(r).toMatchObject({ pricingType: 'fixed', costMinor: price, unitPriceMinor: price });
        },
      ),
    );
  });

  it('roundToStep is exact for large whole amounts too', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: Number.MAX_SAFE_INTEGER - 3600 }),
        fc.integer({ min: 1, max: 3600 }),
        direction,
        (v, step, dir) => {
          const r = roundToStep(v, step, dir);
          expect(r % step).toBe(0);
          expect(Math.abs(r - v)).toBeLessThan(step);
        },
      ),
    );
  });
});

describe('pricing schemas (spec §5 messages)', () => {
  const messages = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('requires a default hourly rate greater than 0 and a currency', () => {
    expect(
      messages(pricingConfigFieldsSchema.safeParse({ roundingIntervalMinutes: 15, roundingDirection: 'up' })),
    ).toEqual({
      defaultHourlyRate: P.hourlyRateRequired,
      currency: P.currencyRequired,
    });
    const zero = pricingConfigFieldsSchema.safeParse({ ...DEFAULT_PRICING, defaultHourlyRate: 0 });
    expect(messages(zero)).toEqual({ defaultHourlyRate: P.hourlyRatePositive });
    expect(messages(pricingConfigFieldsSchema.safeParse({ ...DEFAULT_PRICING, currency: 'SEK' }))).toEqual({
      currency: P.currencyRequired,
    });
  });

  it('takes rental rates only when greater than 0, and only the offered intervals', () => {
    const r = pricingConfigFieldsSchema.safeParse({
      ...DEFAULT_PRICING,
      defaultDailyRentalRate: 0,
      defaultWeeklyRentalRate: -5,
      roundingIntervalMinutes: 7,
    });
    expect(messages(r)).toEqual({
      defaultDailyRentalRate: P.dailyRatePositive,
      defaultWeeklyRentalRate: P.weeklyRatePositive,
      roundingIntervalMinutes: P.roundingIntervalRequired,
    });
    const ok = pricingConfigUpdateSchema.parse({
      ...DEFAULT_PRICING,
      defaultDailyRentalRate: undefined,
      version: 0,
    });
    expect(ok.defaultDailyRentalRate).toBeNull();
  });

  it('category prices: category required, price not negative, a fixed price drops its interval', () => {
    expect(messages(categoryPricingInputSchema.safeParse({ pricingType: 'hourly', price: -1 }))).toEqual({
      category: P.categoryRequired,
      price: P.priceNegative,
    });
    const tooHigh = categoryPricingInputSchema.safeParse({
      category: 'other',
      pricingType: 'hourly',
      price: PRICING_LIMITS.maxHourlyRateMinor + 1,
    });
    expect(messages(tooHigh)).toEqual({ price: P.priceTooHigh });
    expect(
      categoryPricingInputSchema.parse({
        category: 'shipping',
        pricingType: 'fixed',
        price: 0,
        intervalMinutes: 15,
      }),
    ).toEqual({
      category: 'shipping',
      pricingType: 'fixed',
      price: 0,
      intervalMinutes: null,
    });
  });

  it('rental product prices: greater than 0, at least one of daily and weekly', () => {
    expect(messages(rentalProductPricingUpdateSchema.safeParse({ version: 0 }))).toEqual({
      dailyPrice: P.rentalPriceRequired,
    });
    expect(messages(rentalProductPricingUpdateSchema.safeParse({ dailyPrice: 0, version: 0 }))).toEqual({
      dailyPrice: P.dailyPricePositive,
    });
    expect(rentalProductPricingUpdateSchema.parse({ weeklyPrice: 250_000, version: 0 })).toEqual({
      dailyPrice: null,
      weeklyPrice: 250_000,
      version: 0,
    });
  });
});
