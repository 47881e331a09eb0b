import { bigint, date, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { Currency } from '@service-portal/shared/limits';
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
