import { z } from 'zod';
import { CURRENCIES, type Currency } from './limits.ts';
import {
  MAX_WORKED_MINUTES,
  PRICING_MESSAGES,
  PRICING_TYPES,
  WORK_LOG_CATEGORIES,
  workLogCategorySchema,
  workLogCostSchema,
} from './pricing.ts';
import { VALIDATION_MESSAGES as M } from './validation.ts';

// Work logs on a service order (spec §3 "Work log", §5 "Work log: category required", §7 paths) and
// the order totals built from them. The cost rule itself is `computeWorkLogCost` in pricing.ts.

export const WORK_LOG_STATUSES = ['open', 'completed'] as const;
export type WorkLogStatus = (typeof WORK_LOG_STATUSES)[number];

export const WORK_LOG_MESSAGES = {
  categoryRequired: PRICING_MESSAGES.categoryRequired,
  durationNegative: 'Duration cannot be negative',
  durationTooLong: `Duration must be at most ${MAX_WORKED_MINUTES} minutes`,
} as const;
const W = WORK_LOG_MESSAGES;

export const WORK_LOG_LIMITS = {
  descriptionMax: 2000,
  notesMax: 10_000,
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
// For PUT an absent field stays undefined ("keep"); '' or null clears it.
const optionalTextPatch = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong)
    .nullish()
    .transform((v) => (v === '' ? null : v));

/** A duration typed by hand, in whole minutes; it replaces the tracked time when set. */
export const manualMinutesSchema = z
  .number({ message: M.wholeNumber })
  .int(M.wholeNumber)
  .min(0, W.durationNegative)
  .max(MAX_WORKED_MINUTES, W.durationTooLong);

export const workLogCreateSchema = z.object({
  category: workLogCategorySchema,
  description: optionalText(WORK_LOG_LIMITS.descriptionMax),
  notes: optionalText(WORK_LOG_LIMITS.notesMax),
  manualMinutes: manualMinutesSchema.nullish().transform((v) => v ?? null),
  /** The technician who did the work, when not (only) the signed-in user; an active one of the partner. */
  technicianId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  /** Time not charged to the customer (travel on a warranty job, rework) is logged with `false`. */
  billable: z.boolean().default(true),
  /** Start the timer at once ("start work" in one tap). */
  startTimer: z.boolean().default(false),
});
export type WorkLogCreate = z.output<typeof workLogCreateSchema>;
export type WorkLogCreateInput = z.input<typeof workLogCreateSchema>;

/** Changes the fields sent; `version` must be the one last read. A completed log cannot change. */
export const workLogUpdateSchema = z.object({
  category: workLogCategorySchema.optional(),
  description: optionalTextPatch(WORK_LOG_LIMITS.descriptionMax),
  notes: optionalTextPatch(WORK_LOG_LIMITS.notesMax),
  manualMinutes: manualMinutesSchema.nullable().optional(),
  technicianId: z.uuid().nullable().optional(),
  billable: z.boolean().optional(),
  version: z.number().int().min(1),
});
export type WorkLogUpdate = z.output<typeof workLogUpdateSchema>;
export type WorkLogUpdateInput = z.input<typeof workLogUpdateSchema>;

export const workLogParamsSchema = z.object({ id: z.uuid(), logId: z.uuid() });

export const workLogSchema = z.object({
  id: z.uuid(),
  serviceOrderId: z.uuid(),
  category: z.enum(WORK_LOG_CATEGORIES),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  /** Who logged the work. */
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  /** Who did the work, when named. */
  technicianId: z.uuid().nullable(),
  technicianName: z.string().nullable(),
  billable: z.boolean(),
  status: z.enum(WORK_LOG_STATUSES),
  /** Set while the timer runs (server state: survives a reload, visible on every device). */
  timerStartedAt: z.iso.datetime().nullable(),
  /** Time of the stopped timer runs; the running one is not in it yet. */
  trackedSeconds: z.number().int(),
  manualMinutes: z.number().int().nullable(),
  /** The time that counts, as of the answer: manual minutes when set, else tracked + running. */
  workedSeconds: z.number().int(),
  completedAt: z.iso.datetime().nullable(),
  // Frozen when the log was completed, from the pricing of that moment; null while open.
  billedMinutes: z.number().int().nullable(),
  pricingType: z.enum(PRICING_TYPES).nullable(),
  unitPriceMinor: z.number().int().nullable(),
  costMinor: z.number().int().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  /** Open logs: what completing now would cost with the current pricing. Null once completed. */
  estimate: workLogCostSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type WorkLog = z.infer<typeof workLogSchema>;

/** Worked time of a log at `now`: manual minutes when set, else tracked seconds plus the running timer. */
export function workedSecondsOf(
  log: { manualMinutes: number | null; trackedSeconds: number; timerStartedAt: string | Date | null },
  now: Date,
): number {
  if (log.manualMinutes !== null) return log.manualMinutes * 60;
  if (log.timerStartedAt === null) return log.trackedSeconds;
  const started = new Date(log.timerStartedAt).getTime();
  return log.trackedSeconds + Math.max(0, Math.floor((now.getTime() - started) / 1000));
}

// ---------------------------------------------------------------------------------------------
// Time per technician (issue 31 item 11): worked time of the logs, billable and not, per named
// technician. Logs without a named technician form one row with `technicianId` null.

export const technicianTimeSchema = z.object({
  technicianId: z.uuid().nullable(),
  technicianName: z.string().nullable(),
  billableSeconds: z.number().int(),
  nonBillableSeconds: z.number().int(),
  logCount: z.number().int(),
});
export type TechnicianTime = z.infer<typeof technicianTimeSchema>;
export const technicianTimeListSchema = z.object({ items: z.array(technicianTimeSchema) });
export type TechnicianTimeList = z.infer<typeof technicianTimeListSchema>;

/** Adds the worked time of logs per technician; named technicians by name, the unnamed row last. */
export function timePerTechnician(
  logs: readonly {
    technicianId: string | null;
    technicianName: string | null;
    billable: boolean;
    workedSeconds: number;
  }[],
): TechnicianTime[] {
  const rows = new Map<string | null, TechnicianTime>();
  for (const log of logs) {
    const row = rows.get(log.technicianId) ?? {
      technicianId: log.technicianId,
      technicianName: log.technicianName,
      billableSeconds: 0,
      nonBillableSeconds: 0,
      logCount: 0,
    };
    if (log.billable) row.billableSeconds += log.workedSeconds;
    else row.nonBillableSeconds += log.workedSeconds;
    row.logCount += 1;
    rows.set(log.technicianId, row);
  }
  return [...rows.values()].sort((a, b) => {
    if (a.technicianId === null) return 1;
    if (b.technicianId === null) return -1;
    return (a.technicianName ?? '').localeCompare(b.technicianName ?? '');
  });
}

// ---------------------------------------------------------------------------------------------
// Order totals (product.md: work-log costs + spare-part lines, per currency)

export const moneySchema = z.object({ currency: z.enum(CURRENCIES), amountMinor: z.number().int() });
export interface Money {
  currency: Currency;
  amountMinor: number;
}

export const orderTotalsSchema = z.object({
  serviceOrderId: z.uuid(),
  /** Completed work logs (their frozen costs). */
  labour: z.array(moneySchema),
  /** Open work logs priced now; not part of `total`. */
  labourEstimate: z.array(moneySchema),
  openWorkLogs: z.number().int(),
  /** Σ quantity × unit cost of the spare-part lines. */
  parts: z.array(moneySchema),
  /** labour + parts. */
  total: z.array(moneySchema),
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/** Adds amounts per currency; the result has one entry per currency, in `CURRENCIES` order, no zeros dropped. */
export function sumMoney(...lists: readonly (readonly Money[])[]): Money[] {
  const sums = new Map<Currency, number>();
  for (const list of lists) {
    for (const m of list) sums.set(m.currency, (sums.get(m.currency) ?? 0) + m.amountMinor);
  }
  return CURRENCIES.filter((c) => sums.has(c)).map((currency) => ({
    currency,
    amountMinor: sums.get(currency) ?? 0,
  }));
}
