import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Currency } from '@service-portal/shared/limits';
import type {
  RentalCharge,
  RentalCondition,
  RentalKind,
  ReminderKind,
  ReminderMethod,
  StoredRentalStatus,
} from '@service-portal/shared/rentals';
import { communications } from './communications.ts';
import { customers } from './customers.ts';
import { servicePartners } from './partners.ts';
import { users } from './users.ts';

/** A physical unit a partner rents out (spec §3 "Rental product"). Availability is derived. */
export const rentalProducts = pgTable(
  'rental_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    serialNumber: text('serial_number').notNull(),
    condition: text('condition').$type<RentalCondition>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The catalogue product it is: no foreign key, the catalogue is the products feature's. */
    catalogProductId: uuid('catalog_product_id'),
    lateFeePerDayMinor: integer('late_fee_per_day_minor').notNull().default(0),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('rental_products_partner_serial_key').on(t.servicePartnerId, sql`lower(${t.serialNumber})`),
    index('rental_products_partner_name_idx').on(t.servicePartnerId, sql`lower(${t.name})`),
  ],
);

/**
 * Rentals and bookings in one table (a booking becomes the rental at pickup), so that one
 * exclusion constraint (migration 0015, btree_gist) keeps a unit out of two overlapping
 * reservations: `(rental_product_id WITH =, daterange(start_date, due_date, '[]') WITH &&)` while
 * the status is `booked` or `active`.
 */
export const rentals = pgTable(
  'rentals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    rentalProductId: uuid('rental_product_id')
      .notNull()
      .references(() => rentalProducts.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<RentalKind>().notNull(),
    status: text('status').$type<StoredRentalStatus>().notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The customer as at the rental (the customer record may change or go). */
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    returnedDate: date('returned_date', { mode: 'string' }),
    dailyRateMinor: integer('daily_rate_minor').notNull(),
    weeklyRateMinor: integer('weekly_rate_minor'),
    lateFeePerDayMinor: integer('late_fee_per_day_minor').notNull().default(0),
    currency: text('currency').$type<Currency>().notNull(),
    depositMinor: integer('deposit_minor').notNull().default(0),
    notes: text('notes'),
    returnCondition: text('return_condition').$type<RentalCondition>(),
    returnNotes: text('return_notes'),
    /** The charges frozen at return. */
    charges: jsonb('charges').$type<RentalCharge>(),
    totalMinor: integer('total_minor'),
    /** The booked start of a rental that was a booking, kept so that "Undo" can restore it. */
    bookedStartDate: date('booked_start_date', { mode: 'string' }),
    /** When a booking was handed over (equal to `updatedAt` while nothing else happened since). */
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('rentals_partner_created_idx').on(t.servicePartnerId, t.createdAt),
    index('rentals_partner_status_due_idx').on(t.servicePartnerId, t.status, t.dueDate),
    index('rentals_product_idx').on(t.rentalProductId, t.startDate),
    // The calendar's returned reservations by return day (migration 0047).
    index('rentals_partner_returned_idx').on(t.servicePartnerId, t.returnedDate),
    index('rentals_customer_idx').on(t.customerId),
  ],
);

/** Reminder settings of a partner (absent: `DEFAULT_RENTAL_SETTINGS`). */
export const rentalSettings = pgTable('rental_settings', {
  servicePartnerId: uuid('service_partner_id')
    .primaryKey()
    .references(() => servicePartners.id, { onDelete: 'cascade' }),
  reminderMethod: text('reminder_method').$type<ReminderMethod>().notNull(),
  reminderDaysBefore: integer('reminder_days_before').notNull(),
  sendOverdueReminder: boolean('send_overdue_reminder').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/** One row per reminder sent: the primary key makes a second send of the same kind impossible. */
export const rentalReminders = pgTable(
  'rental_reminders',
  {
    rentalId: uuid('rental_id')
      .notNull()
      .references(() => rentals.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReminderKind>().notNull(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    communicationId: uuid('communication_id').references(() => communications.id, { onDelete: 'set null' }),
    method: text('method').$type<ReminderMethod>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.rentalId, t.kind] })],
);
