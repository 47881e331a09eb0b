import { sql } from 'drizzle-orm';
import {
  check,
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
import type { AlertKind, AlertSubjectType } from '@service-portal/shared/alerts';
import { servicePartners } from './partners.ts';
import { users } from './users.ts';

/**
 * What needs a person (issue 31 item 12, docs/decisions/078-alerts.md): one row per event or per
 * episode of a state; `dedupeKey` is unique per partner, so making an alert twice makes it once.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AlertKind>().notNull(),
    subjectType: text('subject_type').$type<AlertSubjectType>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alerts_partner_dedupe_key').on(t.servicePartnerId, t.dedupeKey),
    index('alerts_partner_created_idx').on(t.servicePartnerId, t.createdAt.desc(), t.id.desc()),
    index('alerts_subject_idx').on(t.subjectId),
    check(
      'alerts_kind_check',
      sql`${t.kind} IN ('customer_photos', 'customer_rating', 'rental_overdue', 'order_stalled')`,
    ),
    check('alerts_subject_type_check', sql`${t.subjectType} IN ('order', 'rental')`),
  ],
);

/** An alert one user has read. */
export const alertReads = pgTable(
  'alert_reads',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'alert_reads_pkey', columns: [t.userId, t.alertId] }),
    index('alert_reads_alert_idx').on(t.alertId),
  ],
);

/** "Mark all read": every alert of the partner made before `readBefore` is read for the user. */
export const alertReadMarks = pgTable(
  'alert_read_marks',
  {
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readBefore: timestamp('read_before', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'alert_read_marks_pkey', columns: [t.userId, t.servicePartnerId] })],
);

/** The partner's alert settings (its Administrator sets them). */
export const alertSettings = pgTable(
  'alert_settings',
  {
    servicePartnerId: uuid('service_partner_id')
      .primaryKey()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    /** Days an open order may stay in one status before it is an alert; 0 = never. */
    stalledAfterDays: integer('stalled_after_days').notNull().default(7),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('alert_settings_stalled_after_days_check', sql`${t.stalledAfterDays} BETWEEN 0 AND 365`)],
);
