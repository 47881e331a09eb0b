import { z } from 'zod';
import { CURRENCIES, type Currency } from './limits.ts';
import { SERVICE_TYPES, type ServiceType } from './service-orders.ts';
import { DEFAULT_PARTNER_WORKING_DAYS, partnerWorkingDaysSchema } from './schedule.ts';
import { VALIDATION_MESSAGES as M } from './validation.ts';

// Pricing configuration (spec §3, §5) and the one cost rule for work logs (product.md "Work logs and
// pricing"). Money is integer minor units. Request and resource fields are named as in the spec
// (`defaultHourlyRate`, `price`: minor units, with the currency beside them, like `unitCost` on
// spare parts); computed amounts say so in their name (`costMinor`, `amountMinor`).

// ---------------------------------------------------------------------------------------------
// Enums and constants

export const WORK_LOG_CATEGORIES = [
  'service_log',
  'extra_cleaning',
  'hygienic_measures',
  'shipping',
  'other',
  'service_fee',
] as const;
export type WorkLogCategory = (typeof WORK_LOG_CATEGORIES)[number];

export const ROUNDING_DIRECTIONS = ['up', 'down', 'nearest'] as const;
export type RoundingDirection = (typeof ROUNDING_DIRECTIONS)[number];

/** The time rounding intervals offered, in minutes. */
export const ROUNDING_INTERVALS = [1, 5, 6, 10, 15, 30, 60] as const;
export type RoundingInterval = (typeof ROUNDING_INTERVALS)[number];

export const PRICING_TYPES = ['hourly', 'fixed'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

export const RENTAL_PERIODS = ['daily', 'weekly'] as const;
export type RentalPeriod = (typeof RENTAL_PERIODS)[number];

/** Upper bounds that keep every computed cost inside a 32-bit column (see `MAX_WORKED_MINUTES`). */
export const PRICING_LIMITS = {
  /** 100 000.00 an hour. */
  maxHourlyRateMinor: 10_000_000,
  /** 1 000 000.00 for a fixed price or a rental rate. */
  maxPriceMinor: 100_000_000,
} as const;

/**
 * The longest work a single log may bill: 10 000 minutes (about 166 hours). At the highest hourly
 * rate that is 1 666 666 667 minor units, still inside PostgreSQL's `integer`.
 */
export const MAX_WORKED_MINUTES = 10_000;

/** The longest estimated duration of an order or default per service type: 10 000 minutes. */
export const MAX_ESTIMATED_MINUTES = 10_000;

/**
 * Default duration in minutes per service type, used by the dispatch board for an order without
 * its own estimate; null = no default (such an order cannot be scheduled until it has one).
 */
export type DefaultDurations = Record<ServiceType, number | null>;
export const NO_DEFAULT_DURATIONS: Readonly<DefaultDurations> = Object.fromEntries(
  SERVICE_TYPES.map((t) => [t, null]),
) as DefaultDurations;

/** VAT in Norway (25 %), the rate until a partner saves its own (issue 27). */
export const DEFAULT_VAT_RATE = 25;

/** Days before an estimate's last valid day the customer is reminded, until the partner chooses. */
export const DEFAULT_ESTIMATE_REMINDER_DAYS = 3;
/** The most days ahead a reminder may go (0 = no reminder). */
export const MAX_ESTIMATE_REMINDER_DAYS = 30;

/** The VAT rate: a percentage 0–100 with at most two decimals (estimates and service reports). */
export const vatRateSchema = z
  .number({ message: 'VAT rate is required' })
  .min(0, 'VAT rate cannot be negative')
  .max(100, 'VAT rate cannot be above 100 %')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, { message: 'Use at most two decimals' });

/** 25 % → 2500 basis points: the one conversion of a rate into integer arithmetic. */
export function vatBasisPoints(vatRate: number): number {
  return Math.round(vatRate * 100);
}

/** What `GET /pricing` answers before a partner has saved anything (`isDefault: true`). */
export const DEFAULT_PRICING: Readonly<PricingConfigFields> = {
  defaultHourlyRate: 95_000,
  currency: 'NOK',
  roundingIntervalMinutes: 15,
  roundingDirection: 'up',
  defaultDailyRentalRate: null,
  defaultWeeklyRentalRate: null,
  defaultDurations: NO_DEFAULT_DURATIONS,
  vatRate: DEFAULT_VAT_RATE,
  workingDays: DEFAULT_PARTNER_WORKING_DAYS,
  estimateReminderDays: DEFAULT_ESTIMATE_REMINDER_DAYS,
};

/**
 * The messages of spec §5 "Pricing" and of the pricing forms. Schemas use the English text; the
 * web app translates them (the keys are stable, the texts are the English translations).
 */
export const PRICING_MESSAGES = {
  hourlyRateRequired: 'Default hourly rate is required',
  hourlyRatePositive: 'Default hourly rate must be greater than 0',
  hourlyRateTooHigh: 'Default hourly rate is too high',
  currencyRequired: 'Currency is required',
  roundingIntervalRequired: 'Choose a time rounding interval',
  roundingDirectionRequired: 'Choose a time rounding direction',
  dailyRatePositive: 'Daily rental rate must be greater than 0',
  weeklyRatePositive: 'Weekly rental rate must be greater than 0',
  categoryRequired: 'Category is required',
  pricingTypeRequired: 'Pricing type is required',
  priceRequired: 'Price is required',
  priceNegative: 'Price cannot be negative',
  priceTooHigh: 'Price is too high',
  dailyPricePositive: 'Daily price must be greater than 0',
  weeklyPricePositive: 'Weekly price must be greater than 0',
  rentalPriceRequired: 'Enter a daily or a weekly price',
  durationPositive: 'The duration must be at least 1 minute',
  durationTooLong: 'The duration is too long',
  reminderDaysRequired: 'Enter the number of days before expiry',
  reminderDaysWhole: 'Use whole days',
  reminderDaysNegative: 'The reminder days cannot be negative',
  reminderDaysTooMany: 'Remind at most 30 days before expiry',
  noServicePartnerTitle: 'No Service Partner',
  noServicePartner: 'You must be assigned to a service partner to manage pricing configuration.',
  saved: 'Pricing configuration saved successfully.',
} as const;
const P = PRICING_MESSAGES;

export const workLogCategorySchema = z.enum(WORK_LOG_CATEGORIES, { message: P.categoryRequired });
export const roundingDirectionSchema = z.enum(ROUNDING_DIRECTIONS, { message: P.roundingDirectionRequired });
export const pricingTypeSchema = z.enum(PRICING_TYPES, { message: P.pricingTypeRequired });
export const pricingCurrencySchema = z.enum(CURRENCIES, { message: P.currencyRequired });

export function isRoundingInterval(value: number): value is RoundingInterval {
  return (ROUNDING_INTERVALS as readonly number[]).includes(value);
}
const roundingIntervalSchema = z
  .number({ message: P.roundingIntervalRequired })
  .refine(isRoundingInterval, P.roundingIntervalRequired);

/** A whole amount of minor units: `requiredMessage` when missing, `min` as given. */
function minor(requiredMessage: string, max: number, tooHigh: string) {
  return z.number({ message: requiredMessage }).int(M.wholeNumber).max(max, tooHigh);
}
const optionalPositive = (message: string) =>
  minor(message, PRICING_LIMITS.maxPriceMinor, P.priceTooHigh)
    .gt(0, message)
    .nullish()
    .transform((v) => v ?? null);

/** A duration in whole minutes: 1 to MAX_ESTIMATED_MINUTES (zero is refused, never "free"). */
export const durationMinutesSchema = z
  .number({ message: P.durationPositive })
  .int(M.wholeNumber)
  .min(1, P.durationPositive)
  .max(MAX_ESTIMATED_MINUTES, P.durationTooLong);

/** Days before an estimate expires that the customer is reminded: 0–30 whole days, 0 = never. */
export const estimateReminderDaysSchema = z
  .number({ message: P.reminderDaysRequired })
  .int(P.reminderDaysWhole)
  .min(0, P.reminderDaysNegative)
  .max(MAX_ESTIMATE_REMINDER_DAYS, P.reminderDaysTooMany);

export const defaultDurationsSchema = z.object(
  Object.fromEntries(SERVICE_TYPES.map((t) => [t, durationMinutesSchema.nullable()])) as Record<
    ServiceType,
    z.ZodNullable<typeof durationMinutesSchema>
  >,
);

// ---------------------------------------------------------------------------------------------
// Pricing configuration (Basic Settings tab)

/** The fields of the Basic Settings form; the web form validates with this schema too. */
export const pricingConfigFieldsSchema = z.object({
  defaultHourlyRate: minor(P.hourlyRateRequired, PRICING_LIMITS.maxHourlyRateMinor, P.hourlyRateTooHigh).gt(
    0,
    P.hourlyRatePositive,
  ),
  currency: pricingCurrencySchema,
  roundingIntervalMinutes: roundingIntervalSchema,
  roundingDirection: roundingDirectionSchema,
  defaultDailyRentalRate: optionalPositive(P.dailyRatePositive),
  defaultWeeklyRentalRate: optionalPositive(P.weeklyRatePositive),
  /** Absent in a PUT keeps the stored defaults. */
  defaultDurations: defaultDurationsSchema.optional(),
  /** VAT in percent; absent in a PUT keeps the stored rate. */
  vatRate: vatRateSchema.optional(),
  /** The weekdays the partner works, Monday first (the dispatch board); absent keeps the stored. */
  workingDays: partnerWorkingDaysSchema.optional(),
  /** Days before an estimate expires the customer is reminded (0 = never); absent keeps the stored. */
  estimateReminderDays: estimateReminderDaysSchema.optional(),
});
export type PricingConfigFields = z.output<typeof pricingConfigFieldsSchema>;

/** `PUT /pricing`: `version` is the one last read; 0 while nothing is stored (`isDefault`). */
export const pricingConfigUpdateSchema = pricingConfigFieldsSchema.extend({
  version: z.number().int().min(0),
});
export type PricingConfigUpdate = z.output<typeof pricingConfigUpdateSchema>;
export type PricingConfigUpdateInput = z.input<typeof pricingConfigUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Category pricing (Category Pricing tab)

const categoryPricingFields = {
  category: workLogCategorySchema,
  pricingType: pricingTypeSchema,
  price: minor(P.priceRequired, PRICING_LIMITS.maxPriceMinor, P.priceTooHigh).min(0, P.priceNegative),
  /** Hourly categories only; null (or absent) uses the partner's interval. Ignored for fixed prices. */
  intervalMinutes: roundingIntervalSchema.nullish(),
};

/** A fixed price has no rounding interval: whatever was sent for it is dropped. */
function normaliseInterval<
  T extends { pricingType: PricingType; intervalMinutes?: number | null | undefined },
>(value: T): Omit<T, 'intervalMinutes'> & { intervalMinutes: number | null } {
  return {
    ...value,
    intervalMinutes: value.pricingType === 'hourly' ? (value.intervalMinutes ?? null) : null,
  };
}

/** An hourly price is a rate: it has the default hourly rate's bound, so a cost always fits. */
function hourlyRateBound(value: { pricingType: PricingType; price: number }, ctx: z.RefinementCtx) {
  if (value.pricingType === 'hourly' && value.price > PRICING_LIMITS.maxHourlyRateMinor) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: P.priceTooHigh });
  }
}

export const categoryPricingInputSchema = z
  .object(categoryPricingFields)
  .superRefine(hourlyRateBound)
  .transform(normaliseInterval);
export type CategoryPricingInput = z.input<typeof categoryPricingInputSchema>;

export const categoryPricingUpdateSchema = z
  .object({ ...categoryPricingFields, version: z.number().int().min(1) })
  .superRefine(hourlyRateBound)
  .transform(normaliseInterval);
export type CategoryPricingUpdateInput = z.input<typeof categoryPricingUpdateSchema>;

export const categoryPricingSchema = z.object({
  id: z.uuid(),
  category: z.enum(WORK_LOG_CATEGORIES),
  pricingType: z.enum(PRICING_TYPES),
  price: z.number().int(),
  intervalMinutes: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type CategoryPricing = z.infer<typeof categoryPricingSchema>;

export const categoryPricingParamsSchema = z.object({ id: z.uuid() });

/** What `GET /pricing` and `PUT /pricing` answer: the configuration with its category prices. */
export const pricingConfigSchema = z.object({
  defaultHourlyRate: z.number().int(),
  currency: z.enum(CURRENCIES),
  roundingIntervalMinutes: z.number().int(),
  roundingDirection: z.enum(ROUNDING_DIRECTIONS),
  defaultDailyRentalRate: z.number().int().nullable(),
  defaultWeeklyRentalRate: z.number().int().nullable(),
  // Always answered since issue 25; optional in the type so that configurations written before it
  // (test fixtures of the web app) still type-check. Absent means no defaults.
  defaultDurations: z.record(z.enum(SERVICE_TYPES), z.number().int().nullable()).optional(),
  // Always answered since issue 27; optional in the type for the same reason. Absent means 25.
  vatRate: z.number().optional(),
  // Always answered since issue 25's working days; optional for the same reason. Absent: Mon–Fri.
  workingDays: z.array(z.boolean()).length(7).readonly().optional(),
  // Always answered since issue 27's reminder days; optional for the same reason. Absent: 3.
  estimateReminderDays: z.number().int().optional(),
  categories: z.array(categoryPricingSchema),
  /** True while the partner has saved nothing: the values are `DEFAULT_PRICING`. */
  isDefault: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
  version: z.number().int(),
});
export type PricingConfig = z.infer<typeof pricingConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Rental product pricing (a daily and/or weekly price per rental product, overriding the defaults)

/** `PUT /pricing/rental-products/{rentalProductId}`: a null (or absent) price removes that period. */
export const rentalProductPricingUpdateSchema = z
  .object({
    dailyPrice: optionalPositive(P.dailyPricePositive),
    weeklyPrice: optionalPositive(P.weeklyPricePositive),
    /** The version last read; 0 when the product has no prices yet. */
    version: z.number().int().min(0),
  })
  .superRefine((value, ctx) => {
    if (value.dailyPrice === null && value.weeklyPrice === null) {
      ctx.addIssue({ code: 'custom', path: ['dailyPrice'], message: P.rentalPriceRequired });
    }
  });
export type RentalProductPricingUpdate = z.output<typeof rentalProductPricingUpdateSchema>;
export type RentalProductPricingUpdateInput = z.input<typeof rentalProductPricingUpdateSchema>;

export const rentalProductPricingSchema = z.object({
  rentalProductId: z.uuid(),
  dailyPrice: z.number().int().nullable(),
  weeklyPrice: z.number().int().nullable(),
  /** The partner's pricing currency. */
  currency: z.enum(CURRENCIES),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type RentalProductPricing = z.infer<typeof rentalProductPricingSchema>;

export const rentalProductPricingParamsSchema = z.object({ rentalProductId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// The cost rule

/**
 * Rounds a whole, non-negative `value` to a multiple of `step` (both integers, any unit): `up`
 * and `down` as named, `nearest` with halves going up. Integer arithmetic only.
 */
export function roundToStep(value: number, step: number, direction: RoundingDirection): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`not a whole non-negative amount: ${value}`);
  if (!Number.isSafeInteger(step) || step <= 0) throw new RangeError(`not a positive whole step: ${step}`);
  const rest = value % step;
  if (rest === 0) return value;
  const down = value - rest;
  switch (direction) {
    case 'down':
      return down;
    case 'up':
      return down + step;
    case 'nearest':
      return rest * 2 >= step ? down + step : down;
  }
}

/** Whole minutes rounded to the interval (minutes) in the direction given. */
export function roundMinutes(minutes: number, interval: number, direction: RoundingDirection): number {
  return roundToStep(minutes, interval, direction);
}

/** The parts of a pricing configuration the cost rule reads (`PricingConfig` satisfies it). */
export interface CostPricing {
  defaultHourlyRate: number;
  currency: Currency;
  roundingIntervalMinutes: number;
  roundingDirection: RoundingDirection;
  categories: readonly Pick<CategoryPricing, 'category' | 'pricingType' | 'price' | 'intervalMinutes'>[];
}

export interface WorkLogCost {
  billedMinutes: number;
  pricingType: PricingType;
  /** The hourly rate, or the fixed price. */
  unitPriceMinor: number;
  costMinor: number;
  currency: Currency;
}

export const workLogCostSchema = z.object({
  billedMinutes: z.number().int(),
  pricingType: z.enum(PRICING_TYPES),
  unitPriceMinor: z.number().int(),
  costMinor: z.number().int(),
  currency: z.enum(CURRENCIES),
});

/** `round-half-up(minutes × hourlyMinor / 60)` without floating point. */
export function hourlyCost(minutes: number, hourlyMinor: number): number {
  const cost = (2n * BigInt(minutes) * BigInt(hourlyMinor) + 60n) / 120n;
  return Number(cost);
}

/**
 * The cost of a work log from the pricing given (product.md "Work logs and pricing"):
 * - the category's price when the category has one, else the default hourly rate;
 * - time is rounded to the category's interval when the category is hourly and has one, else to
 *   the partner's, in the partner's direction;
 * - hourly: round-half-up(billed minutes × rate / 60); fixed: the price whatever the time.
 */
export function computeWorkLogCost(input: {
  workedSeconds: number;
  category: WorkLogCategory;
  pricing: CostPricing;
}): WorkLogCost {
  const { workedSeconds, category, pricing } = input;
  const own = pricing.categories.find((c) => c.category === category);
  const interval =
    own?.pricingType === 'hourly' && own.intervalMinutes
      ? own.intervalMinutes
      : pricing.roundingIntervalMinutes;
  // Seconds are rounded to whole intervals directly, so 15:01 with 15 minutes "up" bills 30.
  const billedMinutes = roundToStep(workedSeconds, interval * 60, pricing.roundingDirection) / 60;
  if (own?.pricingType === 'fixed') {
    return {
      billedMinutes,
      pricingType: 'fixed',
      unitPriceMinor: own.price,
      costMinor: own.price,
      currency: pricing.currency,
    };
  }
  const rate = own ? own.price : pricing.defaultHourlyRate;
  return {
    billedMinutes,
    pricingType: 'hourly',
    unitPriceMinor: rate,
    costMinor: hourlyCost(billedMinutes, rate),
    currency: pricing.currency,
  };
}
