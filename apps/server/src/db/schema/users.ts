import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@service-portal/shared/auth';
import { servicePartners } from './partners.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    isGlobalAdmin: boolean('is_global_admin').notNull().default(false),
    servicePartnerId: uuid('service_partner_id').references(() => servicePartners.id, {
      onDelete: 'restrict',
    }),
    department: text('department'),
    jobTitle: text('job_title'),
    phoneNumber: text('phone_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // E-mails are stored lower-cased; the unique index guards it anyway.
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_partner_idx').on(t.servicePartnerId),
  ],
);
