// The dispatch board (issue 25): technicians × days, capacity per cell, the rules of a move, the
// unscheduled list's order. Schemas and pure rules; the server decides with these, the web board
// previews with the same functions (so a refusal it shows at once is the one the server gives).
import { z } from 'zod';
import { listResponseSchema } from './pagination.ts';
import type { DefaultDurations } from './pricing.ts';
import {
  currencySchema,
  PRIORITIES,
  prioritySchema,
  serviceOrderStatusSchema,
  serviceTypeSchema,
  storedCheckpointsSchema,
  type Priority,
  type ServiceOrderStatus,
  type ServiceType,
} from './service-orders.ts';
import { communicationSchema } from './communications.ts';
import { isTimeOfDay, minutesOfDay, type WorkingHours } from './technicians.ts';
import { LIMITS } from './limits.ts';
import { strictNumber, VALIDATION_MESSAGES as M } from './validation.ts';
import { addDays, daysBetween, isCalendarDay } from './zoned-days.ts';

// ---------------------------------------------------------------------------------------------
// Constants and codes

/** The board's views: a day, a week, two weeks. */
export const SCHEDULE_VIEW_DAYS = [1, 7, 14] as const;
export type ScheduleViewDays = (typeof SCHEDULE_VIEW_DAYS)[number];

/** Monday..Sunday: whether the partner works that weekday. Partners work Monday to Friday. */
export type WeekdayFlags = readonly [boolean, boolean, boolean, boolean, boolean, boolean, boolean];
export const DEFAULT_PARTNER_WORKING_DAYS: WeekdayFlags = [true, true, true, true, true, false, false];

export const WORKING_DAYS_MESSAGES = {
  atLeastOne: 'Choose at least one working day',
  sevenDays: 'Give a flag for each weekday, Monday to Sunday',
} as const;

/** The partner's working days (set with its pricing's basic settings): 7 flags, at least one set. */
export const partnerWorkingDaysSchema = z
  .array(z.boolean(), { message: WORKING_DAYS_MESSAGES.sevenDays })
  .length(7, WORKING_DAYS_MESSAGES.sevenDays)
  .refine((days) => days.some(Boolean), WORKING_DAYS_MESSAGES.atLeastOne)
  .readonly()
  .transform((days) => days as unknown as WeekdayFlags);

/** Whether the partner works on a calendar day (its weekday's flag). */
export function isPartnerWorkingDay(
  date: string,
  days: WeekdayFlags = DEFAULT_PARTNER_WORKING_DAYS,
): boolean {
  return days[weekdayIndex(date)] ?? false;
}

/** How often the web board asks `GET /schedule/changes` (milliseconds). */
export const SCHEDULE_POLL_MS = 3000;

/**
 * The stable codes of the schedule's refusals (problem+json `code`); the web maps each to a text.
 * `not_scheduled` answers a notify for an order without a date.
 */
export const SCHEDULE_ERROR_CODES = {
  versionConflict: 'version_conflict',
  technicianInactive: 'technician_inactive',
  technicianOff: 'technician_off',
  partnerClosed: 'partner_closed',
  statusNotSchedulable: 'status_not_schedulable',
  durationRequired: 'duration_required',
  noTechnicianRecord: 'no_technician_record',
  notScheduled: 'not_scheduled',
} as const;
export type ScheduleErrorCode = (typeof SCHEDULE_ERROR_CODES)[keyof typeof SCHEDULE_ERROR_CODES];

/** HTTP status of each refusal. */
export const SCHEDULE_ERROR_STATUS: Record<ScheduleErrorCode, number> = {
  version_conflict: 409,
  technician_inactive: 409,
  technician_off: 409,
  partner_closed: 409,
  status_not_schedulable: 409,
  duration_required: 422,
  no_technician_record: 404,
  not_scheduled: 409,
};

/**
 * Statuses an order may be scheduled (or moved) in. `created` and `on_hold` become `scheduled`
 * (the status rules allow both); `scheduled` stays; `waiting_for_parts` keeps its status (the
 * return visit is planned while the order waits). Work started (`in_progress`) or finished is
 * not moved on the board.
 */
export const SCHEDULABLE_STATUSES: readonly ServiceOrderStatus[] = [
  'created',
  'scheduled',
  'on_hold',
  'waiting_for_parts',
];

/** Statuses listed as unscheduled when an order has no date or no technician. */
export const UNSCHEDULED_LIST_STATUSES: readonly ServiceOrderStatus[] = SCHEDULABLE_STATUSES;

export function isSchedulableStatus(status: ServiceOrderStatus): boolean {
  return SCHEDULABLE_STATUSES.includes(status);
}

/** The status after scheduling: `created`/`on_hold` → `scheduled`, the others keep theirs. */
export function statusAfterScheduling(status: ServiceOrderStatus): ServiceOrderStatus {
  return status === 'created' || status === 'on_hold' ? 'scheduled' : status;
}

/** The status after unscheduling: `scheduled` goes back to `created`, the others keep theirs. */
export function statusAfterUnscheduling(status: ServiceOrderStatus): ServiceOrderStatus {
  return status === 'scheduled' ? 'created' : status;
}

// ---------------------------------------------------------------------------------------------
// Days and capacity

/** ISO weekday index of a calendar day: 0 = Monday … 6 = Sunday. */
export function weekdayIndex(day: string): number {
  // 2024-01-01 was a Monday.
  return ((daysBetween('2024-01-01', day) % 7) + 7) % 7;
}

/** The calendar days from `from`, `count` of them. */
export function daysFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

export interface TechnicianDayInput {
  date: string;
  workingHours: WorkingHours;
  /** The technician has a day off on `date`. */
  dayOff: boolean;
  partnerWorkingDays?: WeekdayFlags;
}

/**
 * Minutes a technician can work on a day: their hours for that weekday, 0 on a day off, on a
 * weekday without hours, or on a day the partner does not work.
 */
export function availableMinutes(input: TechnicianDayInput): number {
  const weekday = weekdayIndex(input.date);
  const partnerDays = input.partnerWorkingDays ?? DEFAULT_PARTNER_WORKING_DAYS;
  const hours = input.workingHours[weekday];
  if (input.dayOff || !partnerDays[weekday] || !hours) return 0;
  return Math.max(0, minutesOfDay(hours.end) - minutesOfDay(hours.start));
}

/** Whether the technician works on the day at all (the `technician_off` refusal otherwise). */
export function isWorkingOn(input: TechnicianDayInput): boolean {
  return availableMinutes(input) > 0;
}

/** The duration an order counts with: its own estimate, else its service type's default. */
export function effectiveDuration(
  order: { estimatedMinutes: number | null; serviceType: ServiceType },
  defaults: Readonly<DefaultDurations>,
): { minutes: number; isDefault: boolean } | null {
  if (order.estimatedMinutes !== null && order.estimatedMinutes > 0)
    return { minutes: order.estimatedMinutes, isDefault: false };
  const fallback = defaults[order.serviceType];
  return fallback !== null && fallback > 0 ? { minutes: fallback, isDefault: true } : null;
}

/** Booked minutes of a cell: the sum of its orders' durations (an order without one counts 0 here). */
export function bookedMinutes(orders: readonly { durationMinutes: number | null }[]): number {
  return orders.reduce((sum, o) => sum + (o.durationMinutes ?? 0), 0);
}

/** A cell is overbooked when more is booked than the technician has (any work on a day off is). */
export function isOverbooked(booked: number, available: number): boolean {
  return booked > available;
}

// ---------------------------------------------------------------------------------------------
// The rule of a move

export type MayScheduleRefusal = Exclude<ScheduleErrorCode, 'no_technician_record' | 'not_scheduled'>;

export type MaySchedule =
  | { ok: true; status: ServiceOrderStatus; durationMinutes: number; durationIsDefault: boolean }
  | { ok: false; reason: MayScheduleRefusal };

export interface MayScheduleInput {
  order: {
    status: ServiceOrderStatus;
    version: number;
    estimatedMinutes: number | null;
    serviceType: ServiceType;
  };
  /** The version the dispatcher last saw. */
  expectedVersion: number;
  technician: { isActive: boolean; workingHours: WorkingHours };
  date: string;
  /** The technician has a day off on `date`. */
  dayOff: boolean;
  defaultDurations: Readonly<DefaultDurations>;
  partnerWorkingDays?: WeekdayFlags;
}

/**
 * Whether an order may be scheduled for a technician on a day, and if so its status and duration
 * afterwards. Checked in this order: version, status, technician active, the partner working that
 * weekday (`partner_closed`), technician working, duration. Overbooking is allowed (reported by the
 * cell, not refused).
 */
export function maySchedule(input: MayScheduleInput): MaySchedule {
  const { order } = input;
  if (order.version !== input.expectedVersion) return { ok: false, reason: 'version_conflict' };
  if (!isSchedulableStatus(order.status)) return { ok: false, reason: 'status_not_schedulable' };
  if (!input.technician.isActive) return { ok: false, reason: 'technician_inactive' };
  if (!isPartnerWorkingDay(input.date, input.partnerWorkingDays))
    return { ok: false, reason: 'partner_closed' };
  const day = {
    date: input.date,
    workingHours: input.technician.workingHours,
    dayOff: input.dayOff,
    ...(input.partnerWorkingDays ? { partnerWorkingDays: input.partnerWorkingDays } : {}),
  };
  if (!isWorkingOn(day)) return { ok: false, reason: 'technician_off' };
  const duration = effectiveDuration(order, input.defaultDurations);
  if (!duration) return { ok: false, reason: 'duration_required' };
  return {
    ok: true,
    status: statusAfterScheduling(order.status),
    durationMinutes: duration.minutes,
    durationIsDefault: duration.isDefault,
  };
}

/** Whether an order may be unscheduled: the version the dispatcher saw and a schedulable status. */
export function mayUnschedule(
  order: { status: ServiceOrderStatus; version: number },
  expectedVersion: number,
):
  | { ok: true; status: ServiceOrderStatus }
  | { ok: false; reason: 'version_conflict' | 'status_not_schedulable' } {
  if (order.version !== expectedVersion) return { ok: false, reason: 'version_conflict' };
  if (!isSchedulableStatus(order.status)) return { ok: false, reason: 'status_not_schedulable' };
  return { ok: true, status: statusAfterUnscheduling(order.status) };
}

// ---------------------------------------------------------------------------------------------
// The unscheduled list

/** Most urgent first: critical, high, normal, low. */
export const PRIORITY_RANK: Record<Priority, number> = Object.fromEntries(
  PRIORITIES.map((p, i) => [p, PRIORITIES.length - 1 - i]),
) as Record<Priority, number>;

/** The unscheduled list's order: priority (most urgent first), then oldest first, then id. */
export function compareUnscheduled(
  a: { priority: Priority; createdAt: string; id: string },
  b: { priority: Priority; createdAt: string; id: string },
): number {
  const byPriority = PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority];
  if (byPriority !== 0) return byPriority;
  const byAge = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (byAge !== 0) return byAge;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The postcode of an address: the last group of 4 or 5 digits standing alone (Norwegian `0150
 * Oslo`, Spanish `28013 Madrid`), or null. House numbers rarely have 4 digits; the postcode comes
 * after the street.
 */
export function postcodeOf(address: string | null): string | null {
  if (!address) return null;
  const matches = address.match(new RegExp(POSTCODE_PATTERN, 'g'));
  return matches ? (matches[matches.length - 1] ?? null) : null;
}

/** A postcode: a group of 4 or 5 digits standing alone (not part of a longer number or a range). */
export const POSTCODE_PATTERN = '(?<![0-9-])[0-9]{4,5}(?![0-9-])';
/**
 * The last postcode of an address as a single match, for SQL's `regexp_match` (PostgreSQL's
 * regular expressions have lookbehind and lookahead but no global flag): the same answer as
 * `postcodeOf`, so the board's postcode filter runs in the database.
 */
export const LAST_POSTCODE_PATTERN = `${POSTCODE_PATTERN}(?!(?:.|\n)*${POSTCODE_PATTERN})`;

// ---------------------------------------------------------------------------------------------
// Schemas: cards, board, unscheduled list, moves

const dayParam = z.string().refine(isCalendarDay, M.dateInvalid);
const csv = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).max(max));

/** An order as the board shows it. */
export const scheduleCardSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  title: z.string(),
  priority: prioritySchema,
  serviceType: serviceTypeSchema,
  status: serviceOrderStatusSchema,
  customerName: z.string(),
  customerAddress: z.string().nullable(),
  postcode: z.string().nullable(),
  createdAt: z.iso.datetime(),
  technicianId: z.uuid().nullable(),
  date: z.string().nullable(),
  start: z.string().nullable(),
  /** Own estimate, else the service type's default; null when neither (cannot be scheduled). */
  durationMinutes: z.number().int().nullable(),
  durationIsDefault: z.boolean(),
  version: z.number().int(),
});
export type ScheduleCard = z.infer<typeof scheduleCardSchema>;

export const scheduleCellSchema = z.object({
  date: z.string(),
  /** A day off, a weekday without hours, or a day the partner does not work. */
  off: z.boolean(),
  /** The day off's reason, when it is one. */
  offReason: z.string().nullable(),
  availableMinutes: z.number().int(),
  bookedMinutes: z.number().int(),
  overbooked: z.boolean(),
});
export type ScheduleCell = z.infer<typeof scheduleCellSchema>;

export const boardTechnicianSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  isActive: z.boolean(),
  cells: z.array(scheduleCellSchema),
});
export type BoardTechnician = z.infer<typeof boardTechnicianSchema>;

/** GET /schedule/board */
export const boardQuerySchema = z.object({
  from: dayParam,
  days: strictNumber(
    z
      .number()
      .int()
      .refine((n) => (SCHEDULE_VIEW_DAYS as readonly number[]).includes(n), 'days must be 1, 7 or 14'),
  ).default(7),
  technicianIds: csv(z.uuid(), 200).optional(),
});
export type BoardQuery = z.output<typeof boardQuerySchema>;

export const boardSchema = z.object({
  from: z.string(),
  /** The last day shown (inclusive). */
  to: z.string(),
  timeZone: z.string(),
  days: z.array(z.object({ date: z.string(), isWorkingDay: z.boolean() })),
  /** Active technicians, and inactive ones holding work in the range; by name. */
  technicians: z.array(boardTechnicianSchema),
  /** Orders with a technician and a date in the range. */
  orders: z.array(scheduleCardSchema),
  /** Give to GET /schedule/changes to learn whether the board is stale. */
  cursor: z.string(),
});
export type Board = z.infer<typeof boardSchema>;

/** GET /schedule/unscheduled: open orders without a date or without a technician. */
export const unscheduledQuerySchema = z.object({
  priority: csv(prioritySchema, PRIORITIES.length).optional(),
  serviceType: csv(serviceTypeSchema, 10).optional(),
  /** Start of the postcode (digits). */
  postcode: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'postcode must be 1–5 digits')
    .optional(),
  /** At least this many days old (created before today − n in the partner's zone). */
  minAgeDays: strictNumber(z.number().int().min(0).max(3650)).optional(),
  page: strictNumber(z.number().int().min(1)).default(1),
  pageSize: strictNumber(z.number().int().min(1).max(LIMITS.listMaxPageSize)).default(50),
});
export type UnscheduledQuery = z.output<typeof unscheduledQuerySchema>;
export const unscheduledResponseSchema = listResponseSchema(scheduleCardSchema);

/** POST /schedule/orders/{id}/assignment */
export const assignmentInputSchema = z.object({
  technicianId: z.uuid(),
  date: dayParam,
  start: z.string().refine(isTimeOfDay, 'Enter a start time as HH:MM').nullable().default(null),
  version: z.number().int().min(1),
});
export type AssignmentInput = z.input<typeof assignmentInputSchema>;

/** The answer of a move: the card and the cell it landed in (which says whether it is overbooked). */
export const assignmentResultSchema = z.object({
  card: scheduleCardSchema,
  cell: scheduleCellSchema,
});
export type AssignmentResult = z.infer<typeof assignmentResultSchema>;

/** DELETE /schedule/orders/{id}/assignment?version=n */
export const unassignQuerySchema = z.object({ version: strictNumber(z.number().int().min(1)) });

export const scheduleOrderParamsSchema = z.object({ id: z.uuid() });

/** GET /schedule/changes?since=cursor */
export const changesQuerySchema = z.object({ since: z.string().max(200).default('') });
export const changesSchema = z.object({ cursor: z.string(), changed: z.boolean() });

/** POST /schedule/orders/{id}/notify */
export const NOTIFY_CHANNELS = ['sms', 'email'] as const;
export const notifyInputSchema = z.object({ channel: z.enum(NOTIFY_CHANNELS) });
export const notifyResultSchema = communicationSchema;

/**
 * A refusal's problem+json (the catalogue's shape) with `code`; a `version_conflict` also carries
 * `card`, the order as it is now, so the board can show why it moved back.
 */
export const scheduleProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  instance: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  card: scheduleCardSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// The technician's day

/** GET /my-day?date=YYYY-MM-DD (today in the partner's zone when absent). */
export const myDayQuerySchema = z.object({ date: dayParam.optional() });

export const myDayOrderSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  title: z.string(),
  status: serviceOrderStatusSchema,
  priority: prioritySchema,
  serviceType: serviceTypeSchema,
  start: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  customerAddress: z.string().nullable(),
  description: z.string().nullable(),
  checkpoints: storedCheckpointsSchema,
  /** The order's serial number and internal notes: the technician reads and changes them on the phone. */
  serialNumber: z.string().nullable(),
  internalNotes: z.string().nullable(),
  /** The currency of a part the technician adds. */
  currency: currencySchema,
  /** Whole lines (with their version): the phone changes a line's quantity with the line's PUT. */
  spareParts: z.array(
    z.object({
      id: z.uuid(),
      partNumber: z.string(),
      partName: z.string(),
      quantity: z.number().int(),
      unitCost: z.number().int(),
      currency: currencySchema,
      supplier: z.string().nullable(),
      notes: z.string().nullable(),
      version: z.number().int(),
    }),
  ),
  /** Newest first, at most 6: ids for `/api/images/{id}` thumbnails. */
  photoIds: z.array(z.uuid()),
  version: z.number().int(),
});
export type MyDayOrder = z.infer<typeof myDayOrderSchema>;

export const myDaySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  technician: z.object({ id: z.uuid(), fullName: z.string() }),
  /** In start order; orders without a start come last. */
  orders: z.array(myDayOrderSchema),
});
export type MyDay = z.infer<typeof myDaySchema>;

/** The technician's day's order: by start (none last), then order number. */
export function compareMyDay(
  a: { start: string | null; orderNumber: string },
  b: { start: string | null; orderNumber: string },
): number {
  if (a.start !== b.start) {
    if (a.start === null) return 1;
    if (b.start === null) return -1;
    return a.start < b.start ? -1 : 1;
  }
  return a.orderNumber < b.orderNumber ? -1 : a.orderNumber > b.orderNumber ? 1 : 0;
}
