import {
  bigint,
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
import type { Currency } from '@service-portal/shared/limits';
import type { EstimateLine, EstimateStatus } from '@service-portal/shared/estimates';
import { servicePartners } from './partners.ts';
import { serviceOrders } from './service-orders.ts';
import { users } from './users.ts';

/**
 * One version of an order's estimate (issue 27). A changed estimate is a new row with the next
 * version; the rows before it stay as they were (read-only). Prices, rate and VAT are frozen on
 * the row, so a later pricing change does not alter what the customer saw.
 */
export const estimates = pgTable(
  'estimates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    serviceOrderId: uuid('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status').$type<Exclude<EstimateStatus, 'expired'>>().notNull().default('draft'),
    lines: jsonb('lines').$type<EstimateLine[]>().notNull(),
    labourMinutes: integer('labour_minutes').notNull(),
    labourRateMinor: integer('labour_rate_minor').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    noteToCustomer: text('note_to_customer'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentVia: text('sent_via').$type<'email' | 'sms'>(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    approvedName: text('approved_name'),
    declineComment: text('decline_comment'),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('estimates_order_version_key').on(t.serviceOrderId, t.version),
    index('estimates_partner_status_idx').on(t.servicePartnerId, t.status, t.validUntil),
  ],
);
