import { z } from 'zod';
import { CURRENCIES } from './limits.ts';
import {
  calendarDaySchema,
  RENTAL_KINDS,
  RENTAL_STATUSES,
  REMINDER_METHODS,
  rentalProductOptionSchema,
  rentalSchema,
} from './rentals.ts';
import { daysBetween } from './zoned-days.ts';

// The rentals overview (spec §2 rental dashboard): the calendar of units × days, the dashboard
// figures and the partner's reminder settings. Split from rentals.ts, which holds the records and
// the charge and hand-over rules.

// ---------------------------------------------------------------------------------------------
// Calendar and dashboard

/** At most 62 days (a month view with its padding). */
export const CALENDAR_MAX_DAYS = 62;
export const rentalCalendarQuerySchema = z
  .object({ from: calendarDaySchema, to: calendarDaySchema })
  .refine((v) => v.from <= v.to && daysBetween(v.from, v.to) < CALENDAR_MAX_DAYS, {
    message: `From must not be after to, and at most ${CALENDAR_MAX_DAYS} days`,
    path: ['to'],
  });
export const rentalCalendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  units: z.array(rentalProductOptionSchema),
  entries: z.array(
    z.object({
      id: z.uuid(),
      rentalProductId: z.uuid(),
      kind: z.enum(RENTAL_KINDS),
      status: z.enum(RENTAL_STATUSES),
      startDate: z.string(),
      /** The last day the unit is taken (due date, or today while overdue, or the return day). */
      endDate: z.string(),
      customerName: z.string(),
    }),
  ),
});
export type RentalCalendar = z.infer<typeof rentalCalendarSchema>;

export type CalendarCell = 'free' | 'rented' | 'overdue' | 'booked';
/** What a calendar cell shows for a unit on a day. */
export function calendarCell(entries: RentalCalendar['entries'], unitId: string, day: string): CalendarCell {
  for (const e of entries) {
    if (e.rentalProductId !== unitId || day < e.startDate || day > e.endDate) continue;
    if (e.status === 'booked') return 'booked';
    if (e.status === 'overdue') return 'overdue';
    if (e.status === 'active' || e.status === 'returned') return 'rented';
  }
  return 'free';
}

export const rentalDashboardSchema = z.object({
  today: z.string(),
  currency: z.enum(CURRENCIES),
  unitsTotal: z.number().int(),
  available: z.number().int(),
  out: z.number().int(),
  overdue: z.number().int(),
  /** Rented unit-days ÷ (active units × days so far this month), 0..1. */
  utilisation: z.number(),
  /** Charges of rentals returned this month. */
  revenueThisMonth: z.number().int(),
  returnsDueThisWeek: z.array(rentalSchema),
  overdueList: z.array(rentalSchema),
  upcomingBookings: z.number().int(),
});
export type RentalDashboard = z.infer<typeof rentalDashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Reminder settings (per partner)

export const rentalSettingsSchema = z.object({
  reminderMethod: z.enum(REMINDER_METHODS),
  /** Days before the due date for the "due soon" reminder; 0 sends none. */
  reminderDaysBefore: z.number().int().min(0).max(30),
  sendOverdueReminder: z.boolean(),
  version: z.number().int(),
});
export type RentalSettings = z.infer<typeof rentalSettingsSchema>;
export const rentalSettingsUpdateSchema = rentalSettingsSchema;
export const DEFAULT_RENTAL_SETTINGS: RentalSettings = {
  reminderMethod: 'email',
  reminderDaysBefore: 1,
  sendOverdueReminder: true,
  version: 0,
};
