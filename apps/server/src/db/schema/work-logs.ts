import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Currency } from '@service-portal/shared/limits';
import { servicePartners } from './partners.ts';
import { serviceOrders } from './service-orders.ts';
import { technicians } from './technicians.ts';
import { users } from './users.ts';

/**
 * Work on an order. A running timer is `timerStartedAt` set; stopping adds the elapsed time to
 * `trackedSeconds`. Completing freezes the billed time and cost from the pricing of that moment.
 */
export const workLogs = pgTable(
  'work_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    serviceOrderId: uuid('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    description: text('description'),
    notes: text('notes'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The technician who did the work when named (issue 31 item 11); the author may be someone else. */
    technicianId: uuid('technician_id').references(() => technicians.id, { onDelete: 'set null' }),
    /** Time charged to the customer; non-billable time still counts in the technician's totals. */
    billable: boolean('billable').notNull().default(true),
    timerStartedAt: timestamp('timer_started_at', { withTimezone: true }),
    trackedSeconds: integer('tracked_seconds').notNull().default(0),
    /** A duration typed by hand; when set it is the time worked instead of the tracked time. */
    manualMinutes: integer('manual_minutes'),
    status: text('status').$type<'open' | 'completed'>().notNull().default('open'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    billedMinutes: integer('billed_minutes'),
    pricingType: text('pricing_type').$type<'hourly' | 'fixed'>(),
    unitPriceMinor: integer('unit_price_minor'),
    costMinor: integer('cost_minor'),
    currency: text('currency').$type<Currency>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('work_logs_order_idx').on(t.serviceOrderId, t.createdAt),
    index('work_logs_partner_user_idx').on(t.servicePartnerId, t.userId),
    index('work_logs_partner_technician_idx').on(t.servicePartnerId, t.technicianId),
  ],
);
