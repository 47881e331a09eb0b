import { sql } from 'drizzle-orm';
import {
  check,
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
import type { DefaultDurations } from '@service-portal/shared/pricing';
import type { WeekdayFlags } from '@service-portal/shared/schedule';
import { servicePartners } from './partners.ts';

/** One pricing configuration per partner (spec §3 "Pricing configuration"). */
export const pricingConfigs = pgTable(
  'pricing_configs',
  {
    servicePartnerId: uuid('service_partner_id')
      .primaryKey()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    defaultHourlyRateMinor: integer('default_hourly_rate_minor').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    roundingIntervalMinutes: integer('rounding_interval_minutes').notNull(),
    roundingDirection: text('rounding_direction').$type<'up' | 'down' | 'nearest'>().notNull(),
    defaultDailyRentalRateMinor: integer('default_daily_rental_rate_minor'),
    defaultWeeklyRentalRateMinor: integer('default_weekly_rental_rate_minor'),
    /** Minutes per service type, null = no default (issue 25: the board's durations). */
    defaultDurations: jsonb('default_durations')
      .$type<DefaultDurations>()
      .notNull()
      .default(sql`'{"repair":null,"maintenance":null,"warranty":null}'::jsonb`),
    /** VAT in basis points (2500 = 25 %, Norway; issue 27: estimates and service reports). */
    vatRateBp: integer('vat_rate_bp').notNull().default(2500),
    /** Monday..Sunday: the weekdays the partner works (issue 25: the board's closed days). */
    workingDays: jsonb('working_days')
      .$type<WeekdayFlags>()
      .notNull()
      .default(sql`'[true,true,true,true,true,false,false]'::jsonb`),
    /** Days before an estimate's last valid day the customer is reminded; 0 = never (issue 27). */
    estimateReminderDays: integer('estimate_reminder_days').notNull().default(3),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('pricing_configs_estimate_reminder_days_check', sql`${t.estimateReminderDays} BETWEEN 0 AND 30`),
  ],
);

/** Price per work-log category: hourly (rounded to its interval) or a fixed amount. */
export const categoryPricing = pgTable(
  'category_pricing',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    pricingType: text('pricing_type').$type<'hourly' | 'fixed'>().notNull(),
    priceMinor: integer('price_minor').notNull(),
    /** Rounding interval for hourly categories; null uses the partner's interval. */
    intervalMinutes: integer('interval_minutes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('category_pricing_partner_category_key').on(t.servicePartnerId, t.category)],
);

/** Daily or weekly price of one rental product, overriding the partner defaults. */
export const rentalProductPricing = pgTable(
  'rental_product_pricing',
  {
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    /** The rental product (its table arrives with the rentals issue). */
    rentalProductId: uuid('rental_product_id').notNull(),
    period: text('period').$type<'daily' | 'weekly'>().notNull(),
    priceMinor: integer('price_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.servicePartnerId, t.rentalProductId, t.period] })],
);
