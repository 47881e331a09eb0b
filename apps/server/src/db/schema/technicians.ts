import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WorkingHours } from '@service-portal/shared/technicians';
import { servicePartners } from './partners.ts';
import { users } from './users.ts';

export const technicians = pgTable(
  'technicians',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    jobTitle: text('job_title'),
    department: text('department'),
    /** Monday..Sunday, each { start, end } 'HH:MM' or null (docs: shared/technicians.ts). */
    workingHours: jsonb('working_hours')
      .$type<WorkingHours>()
      .notNull()
      .default(
        sql`'[{"start":"08:00","end":"16:00"},{"start":"08:00","end":"16:00"},{"start":"08:00","end":"16:00"},{"start":"08:00","end":"16:00"},{"start":"08:00","end":"16:00"},null,null]'::jsonb`,
      ),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('technicians_partner_name_idx').on(t.servicePartnerId, t.lastName, t.firstName),
    index('technicians_partner_email_idx').on(t.servicePartnerId, sql`lower(${t.email})`),
  ],
);

/** A technician's day off: no work can be scheduled for them on it (issue 25). */
export const technicianDaysOff = pgTable(
  'technician_days_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('technician_days_off_technician_date_key').on(t.technicianId, t.date),
    // The board reads a partner's days off in a date range.
    index('technician_days_off_partner_date_idx').on(t.servicePartnerId, t.date),
  ],
);
