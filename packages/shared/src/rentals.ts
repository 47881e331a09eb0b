import { z } from 'zod';
import { strictNumber } from './validation.ts';
import { customerInputSchema } from './customers.ts';
import { dayInZone, daysBetween, isCalendarDay } from './zoned-days.ts';
import { CURRENCIES, LIMITS } from './limits.ts';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';
import { PRICING_LIMITS } from './pricing.ts';

// Rentals (spec §2 /rentals/*, §3 "Rental", "Rental product"; product.md "Rentals", "Rental charges").
// A reservation of a unit is one record: a booking (future dates, not yet picked up) turns into a
// rental at pickup. Dates are calendar days (YYYY-MM-DD) in the partner's time zone. Money is
// integer minor units in the partner's pricing currency.

// ---------------------------------------------------------------------------------------------
// Enums

/** Best first: the order of "condition best first". */
export const RENTAL_CONDITIONS = ['new', 'good', 'fair', 'poor', 'out_of_order'] as const;
export type RentalCondition = (typeof RENTAL_CONDITIONS)[number];

/** What is stored. `overdue` is never stored: it is an active rental past its due date. */
export const STORED_RENTAL_STATUSES = ['booked', 'active', 'returned', 'cancelled'] as const;
export type StoredRentalStatus = (typeof STORED_RENTAL_STATUSES)[number];

/** What every screen and filter shows (spec §3: active, returned, overdue, cancelled; plus booked). */
export const RENTAL_STATUSES = ['booked', 'active', 'overdue', 'returned', 'cancelled'] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];

export const RENTAL_KINDS = ['rental', 'booking'] as const;
export type RentalKind = (typeof RENTAL_KINDS)[number];

/** Spec §2: rental sorting. */
export const RENTAL_SORTS = ['newest', 'oldest'] as const;
export type RentalSort = (typeof RENTAL_SORTS)[number];

/** Spec §2: rental product sorting. */
export const RENTAL_PRODUCT_SORTS = [
  'name_asc',
  'name_desc',
  'condition_best',
  'condition_worst',
  'serial',
] as const;
export type RentalProductSort = (typeof RENTAL_PRODUCT_SORTS)[number];

/** Spec §2 and §9: rental product page sizes. */
export const RENTAL_PRODUCT_PAGE_SIZES = LIMITS.rentalProductPageSizes;
export const RENTAL_PRODUCT_DEFAULT_PAGE_SIZE = 12;

/** Derived, never typed in: out of order or inactive units are not available either. */
export const RENTAL_AVAILABILITIES = ['available', 'rented', 'overdue', 'inactive', 'out_of_order'] as const;
export type RentalAvailability = (typeof RENTAL_AVAILABILITIES)[number];

export const REMINDER_METHODS = ['email', 'sms', 'none'] as const;
export type ReminderMethod = (typeof REMINDER_METHODS)[number];
export const REMINDER_KINDS = ['due_soon', 'overdue'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const RENTAL_MESSAGES = {
  nameRequired: 'Name is required',
  serialRequired: 'Serial number is required',
  serialTaken: 'Another rental product of the partner has this serial number.',
  unitRequired: 'Choose a rental product',
  customerRequired: 'Choose a customer or enter a new one',
  dateRequired: 'Enter a date',
  dueBeforeStart: 'The due date cannot be before the start date',
  startInFuture: 'A rental starts today or earlier; reserve future dates with a booking',
  bookingInPast: 'A booking starts today or later',
  returnBeforeStart: 'The return date cannot be before the start date',
  returnInFuture: 'The return date cannot be in the future',
  amountNegative: 'The amount cannot be negative',
  amountTooHigh: 'The amount is too high',
  unavailable: 'The rental product is rented or booked for some of these dates.',
  notRentable: 'The rental product is inactive or out of order.',
  noRate: 'No rental rate is set for this product: set a daily or weekly rate in Pricing.',
  handOverTooEarly: 'The rental cannot start before the booked start or today, whichever is earlier',
  handOverAfterDue: 'The rental cannot start after its due date',
} as const;
const R = RENTAL_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Calendar days

export const calendarDaySchema = z.string({ message: R.dateRequired }).refine(isCalendarDay, R.dateRequired);

/** A day given as YYYY-MM-DD stays that day; an instant becomes its day in the zone. */
function toDay(value: Date | string, timeZone: string): string {
  if (typeof value === 'string' && isCalendarDay(value)) return value;
  return dayInZone(typeof value === 'string' ? new Date(value) : value, timeZone);
}

// ---------------------------------------------------------------------------------------------
// The one charge rule

export interface RentalChargeInput {
  /** Pickup: a calendar day, or an instant read in `timeZone`. */
  pickup: Date | string;
  returned: Date | string;
  due: Date | string;
  dailyMinor: number;
  /** Null: no weekly rate. */
  weeklyMinor: number | null;
  lateFeePerDayMinor: number;
  /** The partner's zone (product.md: default Europe/Oslo). */
  timeZone: string;
}

export interface RentalCharge {
  /** Calendar days from pickup to return, at least 1. */
  days: number;
  /** Full weeks charged at the weekly rate (0 when the weekly rate is not cheaper). */
  weeks: number;
  rentalMinor: number;
  /** Calendar days after the due date. */
  lateDays: number;
  lateFeeMinor: number;
  totalMinor: number;
}

export const rentalChargeSchema = z.object({
  days: z.number().int(),
  weeks: z.number().int(),
  rentalMinor: z.number().int(),
  lateDays: z.number().int(),
  lateFeeMinor: z.number().int(),
  totalMinor: z.number().int(),
});

function assertAmount(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} is not a whole amount ≥ 0`);
}

/**
 * product.md "Rental charges", as written (decision 052): days = calendar days from pickup to
 * return in the partner's zone, at least 1. Each full 7 days cost the weekly rate where that is
 * cheaper than 7 daily rates; the remaining days cost the daily rate. Each day after the due date
 * also costs the late fee.
 */
export function rentalCharge(input: RentalChargeInput): RentalCharge {
  assertAmount('dailyMinor', input.dailyMinor);
  assertAmount('lateFeePerDayMinor', input.lateFeePerDayMinor);
  if (input.weeklyMinor !== null) assertAmount('weeklyMinor', input.weeklyMinor);
  const pickup = toDay(input.pickup, input.timeZone);
  const returned = toDay(input.returned, input.timeZone);
  const due = toDay(input.due, input.timeZone);
  const days = Math.max(1, daysBetween(pickup, returned));
  const weeklyCheaper = input.weeklyMinor !== null && input.weeklyMinor < 7 * input.dailyMinor;
  const weeks = weeklyCheaper ? Math.floor(days / 7) : 0;
  const rentalMinor = weeks * (input.weeklyMinor ?? 0) + (days - 7 * weeks) * input.dailyMinor;
  const lateDays = Math.max(0, daysBetween(due, returned));
  const lateFeeMinor = lateDays * input.lateFeePerDayMinor;
  return { days, weeks, rentalMinor, lateDays, lateFeeMinor, totalMinor: rentalMinor + lateFeeMinor };
}

/** One line of a charge as a screen shows it: count × rate = amount. */
export interface RentalChargeLine {
  kind: 'weeks' | 'days' | 'late';
  count: number;
  /** Per week or per day; null when the amount is not count × one rate (charges frozen before 0025). */
  rateMinor: number | null;
  amountMinor: number;
}

/**
 * What a charge is made of, line by line, so that the words on a screen say exactly what is
 * charged: full weeks at the weekly rate, the other days at the daily rate, then the late fee.
 * The amounts add up to `charge.totalMinor`.
 */
export function rentalChargeLines(
  charge: RentalCharge,
  rates: { dailyMinor: number; weeklyMinor: number | null; lateFeePerDayMinor: number },
): RentalChargeLine[] {
  const lines: RentalChargeLine[] = [];
  const weekly = rates.weeklyMinor ?? 0;
  if (charge.weeks > 0)
    lines.push({ kind: 'weeks', count: charge.weeks, rateMinor: weekly, amountMinor: charge.weeks * weekly });
  const dayCount = charge.days - 7 * charge.weeks;
  const dayAmount = charge.rentalMinor - charge.weeks * weekly;
  if (dayCount > 0)
    lines.push({
      kind: 'days',
      count: dayCount,
      rateMinor: dayAmount === dayCount * rates.dailyMinor ? rates.dailyMinor : null,
      amountMinor: dayAmount,
    });
  if (charge.lateDays > 0)
    lines.push({
      kind: 'late',
      count: charge.lateDays,
      rateMinor:
        charge.lateFeeMinor === charge.lateDays * rates.lateFeePerDayMinor ? rates.lateFeePerDayMinor : null,
      amountMinor: charge.lateFeeMinor,
    });
  return lines;
}

/**
 * The rates a new rental takes: the product's own prices (spec §3 "rental product pricing")
 * override the partner's defaults. Without a daily rate, a day costs a seventh of a week (rounded
 * up). Null when neither gives a rate.
 */
export function resolveRentalRates(
  product: { dailyPrice: number | null; weeklyPrice: number | null } | null,
  defaults: { defaultDailyRentalRate: number | null; defaultWeeklyRentalRate: number | null },
): { dailyMinor: number; weeklyMinor: number | null } | null {
  const daily = product?.dailyPrice ?? defaults.defaultDailyRentalRate;
  const weekly = product?.weeklyPrice ?? defaults.defaultWeeklyRentalRate;
  if (daily !== null) return { dailyMinor: daily, weeklyMinor: weekly };
  if (weekly !== null) return { dailyMinor: Math.ceil(weekly / 7), weeklyMinor: weekly };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Overdue

/**
 * The overdue rule, in one place (product.md): a rental stored `active` whose due date is before
 * the partner's today is overdue, without anyone touching it. Nothing stores "overdue". The
 * server's SQL is written from this rule (rentals.repository.ts `overdueSql`, with these values)
 * and rentals.overdue.test.ts runs one table of cases through both; the screens show the status
 * the server derives.
 */
export const OVERDUE_RULE = {
  /** The stored status a rental must have. */
  storedStatus: 'active',
  /** Overdue from the day after the due date: due today is not yet late. */
  daysPastDue: 1,
} as const satisfies { storedStatus: StoredRentalStatus; daysPastDue: number };

/** Whether a rental is overdue on `today` (the partner's calendar day). */
export function isOverdue(status: StoredRentalStatus, dueDate: string, today: string): boolean {
  return status === OVERDUE_RULE.storedStatus && daysBetween(dueDate, today) >= OVERDUE_RULE.daysPastDue;
}

/** The status a screen shows: the stored one, or `overdue` by the rule above. */
export function effectiveRentalStatus(
  status: StoredRentalStatus,
  dueDate: string,
  now: Date,
  timeZone: string,
): RentalStatus {
  return isOverdue(status, dueDate, dayInZone(now, timeZone)) ? 'overdue' : status;
}

// ---------------------------------------------------------------------------------------------
// Rental products

const amount = z
  .number({ message: R.amountNegative })
  .int()
  .min(0, R.amountNegative)
  .max(PRICING_LIMITS.maxPriceMinor, R.amountTooHigh);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const rentalProductInputSchema = z.object({
  name: z.string().trim().min(1, R.nameRequired).max(120),
  serialNumber: z.string().trim().min(1, R.serialRequired).max(100),
  condition: z.enum(RENTAL_CONDITIONS),
  isActive: z.boolean().default(true),
  /** The catalogue product this unit is (no foreign key: the catalogue is another feature's). */
  catalogProductId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  lateFeePerDay: amount.default(0),
  notes: optionalText(2000),
});
export type RentalProductInput = z.input<typeof rentalProductInputSchema>;
export type RentalProductValues = z.output<typeof rentalProductInputSchema>;
export const rentalProductUpdateSchema = rentalProductInputSchema.extend({
  isActive: z.boolean().optional(),
  version: z.number().int().min(1),
});
export const rentalProductStatusSchema = z.object({
  isActive: z.boolean(),
  version: z.number().int().min(1),
});

export const rentalProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  serialNumber: z.string(),
  condition: z.enum(RENTAL_CONDITIONS),
  isActive: z.boolean(),
  catalogProductId: z.uuid().nullable(),
  lateFeePerDay: z.number().int(),
  notes: z.string().nullable(),
  availability: z.enum(RENTAL_AVAILABILITIES),
  /** The rental it is out on, if any. */
  currentRentalId: z.uuid().nullable(),
  /** The next booking from today, if any. */
  nextBookingStart: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type RentalProduct = z.infer<typeof rentalProductSchema>;

const isRentalPageSize = (n: number) => (RENTAL_PRODUCT_PAGE_SIZES as readonly number[]).includes(n);

export const rentalProductListQuerySchema = z.object({
  page: strictNumber(z.number().int().min(1)).default(1),
  pageSize: strictNumber(z.number().int().refine(isRentalPageSize, 'Page size is 12, 24 or 48')).default(
    RENTAL_PRODUCT_DEFAULT_PAGE_SIZE,
  ),
  sort: z.enum(RENTAL_PRODUCT_SORTS).default('name_asc'),
  search: z.string().trim().max(100).optional(),
  availability: z.enum(RENTAL_AVAILABILITIES).optional(),
  includeInactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type RentalProductListQuery = z.output<typeof rentalProductListQuerySchema>;
export const rentalProductListResponseSchema = listResponseSchema(rentalProductSchema);

/** Choices for pickers (the new rental form, the pricing screen): active units by name. */
export const rentalProductOptionSchema = rentalProductSchema.pick({
  id: true,
  name: true,
  serialNumber: true,
  condition: true,
  isActive: true,
  availability: true,
});
export type RentalProductOption = z.infer<typeof rentalProductOptionSchema>;

// ---------------------------------------------------------------------------------------------
// Rentals and bookings

/** An existing customer by id, or a new one (find-or-create by e-mail, then phone). */
export const rentalCustomerSchema = z.union([
  z.object({ customerId: z.uuid() }),
  z.object({ newCustomer: customerInputSchema }),
]);

const reservationFields = {
  rentalProductId: z.uuid({ message: R.unitRequired }),
  customer: rentalCustomerSchema,
  startDate: calendarDaySchema,
  dueDate: calendarDaySchema,
  /** Minor units; absent takes the rate from pricing (product's, else the partner's default). */
  dailyRate: amount.min(1).nullish(),
  weeklyRate: amount.min(1).nullish(),
  deposit: amount.default(0),
  notes: optionalText(2000),
};

function datesInOrder(value: { startDate: string; dueDate: string }, ctx: z.RefinementCtx) {
  if (isCalendarDay(value.startDate) && isCalendarDay(value.dueDate) && value.dueDate < value.startDate)
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: R.dueBeforeStart });
}

/** POST /rentals (starts today or earlier) and POST /rentals/bookings (starts today or later). */
export const rentalCreateSchema = z.object(reservationFields).superRefine(datesInOrder);
export type RentalCreateInput = z.input<typeof rentalCreateSchema>;
export type RentalCreate = z.output<typeof rentalCreateSchema>;

export const rentalUpdateSchema = z
  .object({
    startDate: calendarDaySchema,
    dueDate: calendarDaySchema,
    deposit: amount,
    notes: optionalText(2000),
    version: z.number().int().min(1),
  })
  .superRefine(datesInOrder);
export type RentalUpdateInput = z.input<typeof rentalUpdateSchema>;

export const rentalReturnSchema = z.object({
  /** Absent: today in the partner's zone. */
  returnedDate: calendarDaySchema.optional(),
  condition: z.enum(RENTAL_CONDITIONS),
  notes: optionalText(2000),
  version: z.number().int().min(1),
});
export type RentalReturnInput = z.input<typeof rentalReturnSchema>;

/**
 * Hand over (POST /rentals/{id}/pickup): the booking becomes the rental from its actual start and
 * keeps the booked due date. Absent: `handOverDefaultStart`.
 */
export const rentalPickupSchema = z.object({
  startDate: calendarDaySchema.optional(),
  version: z.number().int().min(1),
});
export type RentalPickupInput = z.input<typeof rentalPickupSchema>;

/** How long "Undo" turns a hand-over back into the booking it was (decision 052). */
export const HANDOVER_UNDO_MINUTES = 10;

/**
 * The actual start a hand-over proposes (issue 31): the booking's start, or today when the booking
 * has already begun.
 */
export function handOverDefaultStart(booking: { startDate: string }, today: string): string {
  return booking.startDate > today ? booking.startDate : today;
}

/**
 * The days an actual start may be (decision 052): from the earlier of the booking's start and
 * today (a unit taken early, or a late entry of a hand-over on the booked day) to the due date.
 */
export function handOverStartRange(
  booking: { startDate: string; dueDate: string },
  today: string,
): { min: string; max: string } {
  return { min: booking.startDate < today ? booking.startDate : today, max: booking.dueDate };
}

/** The message for an actual start outside `handOverStartRange`, or null when it fits. */
export function handOverStartProblem(
  booking: { startDate: string; dueDate: string },
  startDate: string,
  today: string,
): string | null {
  const range = handOverStartRange(booking, today);
  if (startDate < range.min) return R.handOverTooEarly;
  if (startDate > range.max) return R.handOverAfterDue;
  return null;
}
export const rentalVersionSchema = z.object({ version: z.number().int().min(1) });

export const rentalSchema = z.object({
  id: z.uuid(),
  kind: z.enum(RENTAL_KINDS),
  status: z.enum(RENTAL_STATUSES),
  rentalProductId: z.uuid(),
  unitName: z.string(),
  serialNumber: z.string(),
  customerId: z.uuid().nullable(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  startDate: z.string(),
  dueDate: z.string(),
  returnedDate: z.string().nullable(),
  dailyRate: z.number().int(),
  weeklyRate: z.number().int().nullable(),
  lateFeePerDay: z.number().int(),
  currency: z.enum(CURRENCIES),
  deposit: z.number().int(),
  notes: z.string().nullable(),
  returnCondition: z.enum(RENTAL_CONDITIONS).nullable(),
  returnNotes: z.string().nullable(),
  /** Frozen at return; null before. */
  charges: rentalChargeSchema.nullable(),
  /** Set for a few minutes after a hand-over while nothing else happened to it: "Undo" works until then. */
  handOverUndoUntil: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type Rental = z.infer<typeof rentalSchema>;

export const rentalListQuerySchema = z.object({
  ...pageQuerySchema.shape,
  sort: z.enum(RENTAL_SORTS).default('newest'),
  /** One status, or `open` = active and overdue. */
  status: z.enum([...RENTAL_STATUSES, 'open']).optional(),
  kind: z.enum(RENTAL_KINDS).optional(),
  /** Customer name, e-mail, phone or the unit's serial number or name. */
  search: z.string().trim().max(100).optional(),
  rentalProductId: z.uuid().optional(),
});
export type RentalListQuery = z.output<typeof rentalListQuerySchema>;
/** With the partner's today, so the return dialog computes charges for the same day the server will. */
export const rentalListResponseSchema = listResponseSchema(rentalSchema).extend({ today: z.string() });

export const idParamsSchema = z.object({ id: z.uuid() });

/** "Serial history": the rentals and bookings that named a serial number. */
export interface RentalSerialEvent {
  rentalId: string;
  kind: RentalKind;
  status: RentalStatus;
  unitName: string;
  customerName: string;
  startDate: string;
  dueDate: string;
  returnedDate: string | null;
  createdAt: string;
}
