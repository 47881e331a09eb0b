import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';
import { isValidPhone, VALIDATION_MESSAGES as M } from './validation.ts';
import { isCalendarDay } from './zoned-days.ts';

/** Technician page sizes offered by the list (spec §2 "selectable page size"). */
export const TECHNICIAN_PAGE_SIZES = [10, 20, 50, 100] as const;

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));

export const technicianInputSchema = z.object({
  firstName: z.string().trim().min(1, M.required).max(100, M.tooLong),
  lastName: z.string().trim().min(1, M.required).max(100, M.tooLong),
  email: z.string().trim().min(1, M.required).pipe(emailSchema),
  phoneNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPhone(v), M.phoneInvalid)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  jobTitle: optional(100),
  department: optional(100),
});
export type TechnicianInput = z.input<typeof technicianInputSchema>;

export const technicianUpdateSchema = technicianInputSchema.extend({ version: z.number().int().min(1) });
export const technicianStatusSchema = z.object({ isActive: z.boolean(), version: z.number().int().min(1) });

export const technicianSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  jobTitle: z.string().nullable(),
  department: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  version: z.number().int(),
});
export type Technician = z.infer<typeof technicianSchema>;

export const technicianListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  isActive: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});
export type TechnicianListQuery = z.output<typeof technicianListQuerySchema>;
export const technicianListResponseSchema = listResponseSchema(technicianSchema);

export const technicianIdParamsSchema = z.object({ id: z.uuid() });

/** GET /technicians/{id}/stats: the technician row of the dashboard's performance table. */
export const technicianStatsSchema = z.object({
  technicianId: z.uuid(),
  /** Every order assigned to the technician, whatever its status. */
  assignedOrders: z.number().int(),
  /** Assigned orders not completed and not cancelled. */
  openOrders: z.number().int(),
  completedOrders: z.number().int(),
  cancelledOrders: z.number().int(),
  /** completed ÷ (assigned − cancelled), 0–1; 0 when nothing counts. */
  completionRate: z.number(),
  /** Mean of completedAt − createdAt over the completed orders, in hours (2 decimals); null with none. */
  averageResolutionHours: z.number().nullable(),
});
export type TechnicianStats = z.infer<typeof technicianStatsSchema>;

/** Details of the technician conflicts (409). */
export const TECHNICIAN_CONFLICTS = {
  emailTaken: 'Another technician already has this e-mail address.',
} as const;

// ---------------------------------------------------------------------------------------------
// Working hours and days off (issue 25: the dispatch board's capacity)

/**
 * Messages of the working-hours and days-off forms. Schemas use the English text; the web app
 * translates them (the keys are stable, the texts are the English translations).
 */
export const WORKING_HOURS_MESSAGES = {
  timeInvalid: 'Enter a time as HH:MM',
  endAfterStart: 'The end must be after the start',
  sevenDays: 'Give the hours of all seven weekdays',
  reasonTooLong: 'The reason is too long',
  dayOffTaken: 'This technician already has that day off.',
} as const;
const W = WORKING_HOURS_MESSAGES;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `value` is a wall-clock time `HH:MM` (00:00–23:59). */
export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY.test(value);
}

/** Minutes since midnight of a time `HH:MM` (no check: validate with `isTimeOfDay` first). */
export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** `HH:MM` of minutes since midnight (0–1439). */
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export const timeOfDaySchema = z.string().refine(isTimeOfDay, W.timeInvalid);

/** One weekday's hours; the end is after the start, within the same day. */
export const workingDaySchema = z
  .object({ start: timeOfDaySchema, end: timeOfDaySchema })
  .refine((d) => !isTimeOfDay(d.start) || !isTimeOfDay(d.end) || d.end > d.start, {
    message: W.endAfterStart,
    path: ['end'],
  });
export type WorkingDay = z.infer<typeof workingDaySchema>;

/** Seven entries, Monday..Sunday (ISO weekday order); null = not working that weekday. */
export const workingHoursSchema = z.array(workingDaySchema.nullable()).length(7, W.sevenDays);
export type WorkingHours = z.infer<typeof workingHoursSchema>;

const WORKDAY: WorkingDay = { start: '08:00', end: '16:00' };
/** The hours of a new technician: Monday to Friday, 08:00–16:00. */
export const DEFAULT_WORKING_HOURS: WorkingHours = [WORKDAY, WORKDAY, WORKDAY, WORKDAY, WORKDAY, null, null];

/** GET/PUT /technicians/{id}/working-hours: the version is the technician's. */
export const technicianWorkingHoursSchema = z.object({
  technicianId: z.uuid(),
  workingHours: workingHoursSchema,
  version: z.number().int(),
});
export type TechnicianWorkingHours = z.infer<typeof technicianWorkingHoursSchema>;

export const workingHoursUpdateSchema = z.object({
  workingHours: workingHoursSchema,
  version: z.number().int().min(1),
});
export type WorkingHoursUpdate = z.infer<typeof workingHoursUpdateSchema>;

/** A technician's day off (holiday, course, sick day): no work can be scheduled on it. */
export const dayOffSchema = z.object({
  id: z.uuid(),
  technicianId: z.uuid(),
  date: z.string(),
  reason: z.string().nullable(),
});
export type DayOff = z.infer<typeof dayOffSchema>;

export const dayOffInputSchema = z.object({
  date: z.string().refine(isCalendarDay, M.dateInvalid),
  reason: z
    .string()
    .trim()
    .max(200, W.reasonTooLong)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v)),
});
export type DayOffInput = z.input<typeof dayOffInputSchema>;

/** GET /technicians/{id}/days-off: from today (the partner's) unless `from` is given; at most a year. */
export const dayOffListQuerySchema = z.object({
  from: z.string().refine(isCalendarDay, M.dateInvalid).optional(),
  to: z.string().refine(isCalendarDay, M.dateInvalid).optional(),
});
export type DayOffListQuery = z.infer<typeof dayOffListQuerySchema>;
export const dayOffListResponseSchema = z.object({ items: z.array(dayOffSchema) });

export const dayOffParamsSchema = z.object({ id: z.uuid(), dayOffId: z.uuid() });
