import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const servicePartners = pgTable(
  'service_partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    timeZone: text('time_zone').notNull().default('Europe/Oslo'),
    /** How long field history is kept (issue 26); the retention job deletes older events. */
    historyRetentionMonths: integer('history_retention_months').notNull().default(24),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('service_partners_name_key').on(sql`lower(${t.name})`)],
);
