import { bigint, date, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { Currency } from '@service-portal/shared/limits';
import type { ServiceOrderStatus, ServiceType } from '@service-portal/shared/service-orders';
import { servicePartners } from './partners.ts';

/**
 * The dashboard's revenue, rolled up by database triggers (decision 030): per partner, per
 * calendar day of `completed_at` in the partner's time zone and per currency, the spare-part lines
 * and completed work-log costs of the orders completed that day. A period's revenue sums at most
 * a few hundred rows instead of joining a year of orders to their lines. The triggers (migration 0019) keep it
 * equal to the join whatever writes the orders, lines or logs; `dashboard_revenue_rebuild()`
 * recomputes it from scratch.
 */
export const dashboardRevenue = pgTable(
  'dashboard_revenue',
  {
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    partsMinor: bigint('parts_minor', { mode: 'number' }).notNull().default(0),
    labourMinor: bigint('labour_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.servicePartnerId, t.day, t.currency] })],
);

/**
 * The orders created per partner, calendar day of `created_at` in the partner's time zone, status
 * and type (decision 082): the dashboard's totals, trend and types for a year sum a few thousand
 * rows instead of a year of orders. Kept by migration 0049's statement-level triggers on the
 * orders; a partner's rows are rebuilt when its time zone changes.
 */
export const dashboardOrderDays = pgTable(
  'dashboard_order_days',
  {
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').$type<ServiceOrderStatus>().notNull(),
    serviceType: text('service_type').$type<ServiceType>().notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.servicePartnerId, t.day, t.status, t.serviceType] })],
);

/** The key of the orders no technician is assigned to in `dashboard_technician_days`. */
export const NO_TECHNICIAN = '00000000-0000-0000-0000-000000000000';

/**
 * Per partner, day (partner's time zone) and technician (`NO_TECHNICIAN` for none), decision 082:
 * the orders created that day assigned to the technician and how many of them are completed or
 * cancelled now, and the orders completed that day with the sum of their resolution times.
 */
export const dashboardTechnicianDays = pgTable(
  'dashboard_technician_days',
  {
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    technicianId: uuid('technician_id').notNull(),
    assigned: bigint('assigned', { mode: 'number' }).notNull().default(0),
    completed: bigint('completed', { mode: 'number' }).notNull().default(0),
    cancelled: bigint('cancelled', { mode: 'number' }).notNull().default(0),
    resolved: bigint('resolved', { mode: 'number' }).notNull().default(0),
    resolvedSeconds: numeric('resolved_seconds').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.servicePartnerId, t.day, t.technicianId] })],
);
