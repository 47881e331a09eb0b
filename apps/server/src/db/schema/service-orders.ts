import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  Checkpoints,
  Priority,
  ServiceOrderStatus,
  ServiceType,
} from '@service-portal/shared/service-orders';
import type { Currency } from '@service-portal/shared/limits';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The search index's expression (function `so_search_tokens`, migration 0006): the searchable
 * fields of an order, the phone also as bare digits. A query must repeat it exactly to use the
 * index, so the repository builds its conditions from this same function.
 */
export function searchTokensOf(t: {
  servicePartnerId: PgColumn;
  orderNumber: PgColumn;
  customerName: PgColumn;
  customerEmail: PgColumn;
  customerPhone: PgColumn;
  serialNumber: PgColumn;
}) {
  return sql`so_search_tokens(${t.servicePartnerId}, ${t.orderNumber}, ${t.customerName}, ${t.customerEmail}, ${t.customerPhone}, regexp_replace(coalesce(${t.customerPhone}, ''), '\\D', '', 'g'), ${t.serialNumber})`;
}
/**
 * An order's exact-match keys (function `so_exact_keys`, migration 0051): its order number, serial
 * number, e-mail and phone lower-cased, and `#` + the phone's last 8 digits. The global search
 * asks whether any field equals the text through them, without reading the rows that merely
 * contain it (a common surname's thousands).
 */
export function exactKeysOf(t: {
  orderNumber: PgColumn;
  customerEmail: PgColumn;
  customerPhone: PgColumn;
  serialNumber: PgColumn;
}) {
  return sql`so_exact_keys(${t.orderNumber}, ${t.serialNumber}, ${t.customerEmail}, ${t.customerPhone})`;
}
/**
 * The search tokens of the order's own text, its title and description (issue 31): a second index
 * beside the contact fields', so a search by name, e-mail or phone stays as selective as it was.
 */
export function textTokensOf(t: { servicePartnerId: PgColumn; title: PgColumn; description: PgColumn }) {
  return sql`so_search_tokens(${t.servicePartnerId}, ${t.title}, ${t.description})`;
}
import { customers } from './customers.ts';
import { servicePartners } from './partners.ts';
import { technicians } from './technicians.ts';
import { users } from './users.ts';
import { warehouseLocations } from './warehouse-locations.ts';

/** Per partner and year, the last order number handed out; a row lock serialises creates. */
export const orderNumberCounters = pgTable(
  'order_number_counters',
  {
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.servicePartnerId, t.year] })],
);

export const serviceOrders = pgTable(
  'service_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    orderNumber: text('order_number').notNull(),
    title: text('title').notNull(),
    serviceType: text('service_type').$type<ServiceType>().notNull(),
    priority: text('priority').$type<Priority>().notNull(),
    status: text('status').$type<ServiceOrderStatus>().notNull(),
    description: text('description'),
    serialNumber: text('serial_number'),
    relatedProductId: uuid('related_product_id'),
    estimatedCostMinor: integer('estimated_cost_minor'),
    currency: text('currency').$type<Currency>().notNull(),
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    /** 'HH:MM' in the partner's time zone; null = some time that day (issue 25). */
    scheduledStart: text('scheduled_start'),
    /** Estimated minutes of work; null = the service type's default (pricing). */
    estimatedMinutes: integer('estimated_minutes'),
    assignedTechnicianId: uuid('assigned_technician_id').references(() => technicians.id, {
      onDelete: 'set null',
    }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    customerAddress: text('customer_address'),
    internalNotes: text('internal_notes'),
    warehouseLocationId: uuid('warehouse_location_id').references(() => warehouseLocations.id, {
      onDelete: 'restrict',
    }),
    completionNotes: text('completion_notes'),
    checkpoints: jsonb('checkpoints').$type<Checkpoints>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    /**
     * Σ quantity × unit cost of the order's spare-part lines per currency, as "NOK 378000 EUR 2500"
     * (currency, amount in minor units; currencies in order); null: no lines. Kept by migration
     * 0053's statement-level triggers on the lines (decision 084), never written by the
     * application: the export reads it with the order's row.
     */
    partsTotals: text('parts_totals'),
    /** Σ cost of the order's completed billable work logs per currency, as `partsTotals`. Decision 084. */
    labourTotals: text('labour_totals'),
  },
  (t) => [
    uniqueIndex('service_orders_partner_number_key').on(t.servicePartnerId, t.orderNumber),
    // The list: newest first within a partner, optionally by status; id breaks ties for paging.
    // NULLS FIRST matches the queries' plain DESC (PostgreSQL's default), or no index serves them
    // and every page sorts all of the partner's orders (bench/README.md, finding 1).
    index('service_orders_partner_created_idx').on(
      t.servicePartnerId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('service_orders_partner_status_created_idx').on(
      t.servicePartnerId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('service_orders_partner_completed_idx')
      .on(t.servicePartnerId, t.completedAt, t.createdAt, t.assignedTechnicianId, t.id)
      .where(sql`${t.status} = 'completed'`),
    index('service_orders_partner_customer_idx').on(t.servicePartnerId, t.customerId),
    // A technician's orders newest first (their page, a dashboard link's "assigned in the period"):
    // the page walks this index instead of sorting all of the technician's orders.
    index('service_orders_partner_technician_idx').on(
      t.servicePartnerId,
      t.assignedTechnicianId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('service_orders_partner_warehouse_idx').on(t.servicePartnerId, t.warehouseLocationId),
    // The dispatch board: a partner's orders in a date range, per technician (issue 25).
    index('service_orders_partner_schedule_idx')
      .on(t.servicePartnerId, t.scheduledDate, t.assignedTechnicianId)
      .where(sql`${t.scheduledDate} is not null`),
    // The board's freshness poll: the partner's latest change.
    index('service_orders_partner_updated_idx').on(t.servicePartnerId, t.updatedAt),
    check('service_orders_estimated_minutes_positive', sql`${t.estimatedMinutes} > 0`),
    check(
      'service_orders_scheduled_start_format',
      sql`${t.scheduledStart} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    // Search: every 3-character piece of the searchable fields, hashed with the partner, so that
    // a lookup only walks that partner's entries (docs/decisions/009-search-tokens.md).
    index('service_orders_search_tokens_idx').using('gin', searchTokensOf(t)),
    index('service_orders_text_tokens_idx').using('gin', textTokensOf(t)),
    index('service_orders_exact_keys_idx').using('gin', exactKeysOf(t)),
  ],
);

export const serviceOrderSpareParts = pgTable(
  'service_order_spare_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    serviceOrderId: uuid('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    partNumber: text('part_number').notNull(),
    partName: text('part_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitCostMinor: integer('unit_cost_minor').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    supplier: text('supplier'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('spare_parts_order_idx').on(t.serviceOrderId, t.position),
    index('spare_parts_partner_supplier_idx').on(t.servicePartnerId, t.supplier),
  ],
);

export const serviceOrderStatusHistory = pgTable(
  'service_order_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    serviceOrderId: uuid('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<ServiceOrderStatus>(),
    toStatus: text('to_status').$type<ServiceOrderStatus>().notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [index('status_history_order_idx').on(t.serviceOrderId, t.changedAt)],
);

/**
 * The partner's orders counted per status × priority × type, with the completed ones' resolution
 * times summed (decision 082): the stats read at most 96 rows instead of every order of the
 * partner. Kept by the statement-level triggers of migration 0049 (`service_order_rollups_apply`),
 * whatever writes the orders; `service_order_rollups_rebuild()` recomputes it from scratch.
 */
export const serviceOrderCounts = pgTable(
  'service_order_counts',
  {
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    status: text('status').$type<ServiceOrderStatus>().notNull(),
    priority: text('priority').$type<Priority>().notNull(),
    serviceType: text('service_type').$type<ServiceType>().notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    /** Completed with a completion time: the orders the resolution time averages over. */
    resolved: bigint('resolved', { mode: 'number' }).notNull().default(0),
    /** Σ (completed_at − created_at) in seconds over those orders, exact. */
    resolvedSeconds: numeric('resolved_seconds').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.servicePartnerId, t.status, t.priority, t.serviceType] })],
);

/**
 * The orders created per partner, calendar day of `created_at` in the partner's time zone, status
 * and type (decision 082): the dashboard's totals, trend and types for a year, and the order list's counts
 * over such a period, sum a few thousand rows instead of a year of orders. Kept by migration 0049's statement-level triggers on the
 * orders; a partner's rows are rebuilt when its time zone changes.
 */
export const serviceOrderDays = pgTable(
  'service_order_days',
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

/** The key of the orders no technician is assigned to in `service_order_technician_days`. */
export const NO_TECHNICIAN = '00000000-0000-0000-0000-000000000000';

/**
 * Per partner, day (partner's time zone) and technician (`NO_TECHNICIAN` for none), decision 082:
 * the orders created that day assigned to the technician and how many of them are completed or
 * cancelled now, and the orders completed that day with the sum of their resolution times.
 */
export const serviceOrderTechnicianDays = pgTable(
  'service_order_technician_days',
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
