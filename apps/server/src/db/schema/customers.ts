import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { servicePartners } from './partners.ts';

/** Customers of a partner: linked or created from a service order's customer e-mail or phone. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** Digits only, for matching "+47 912 34 567" with "91234567". */
    phoneDigits: text('phone_digits'),
    address: text('address'),
    notes: text('notes'),
    /** Set when merged into another customer; such rows are hidden from lists. */
    mergedIntoId: uuid('merged_into_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('customers_partner_email_idx').on(t.servicePartnerId, sql`lower(${t.email})`),
    index('customers_partner_phone_idx').on(t.servicePartnerId, t.phoneDigits),
    index('customers_partner_name_idx').on(t.servicePartnerId, t.name),
    index('customers_name_trgm_idx').using('gin', t.servicePartnerId, sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * One row per customer merge (docs/decisions/079-customer-merge.md): its history shows on the
 * surviving customer's page with the user who merged as the actor.
 */
export const customerMerges = pgTable(
  'customer_merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    survivorId: uuid('survivor_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The merged customer's name at the merge (it may be changed or go later). */
    sourceName: text('source_name').notNull(),
    /** The fields the survivor took from the merged customer. */
    takenFields: text('taken_fields').array().notNull(),
    /** How many records of each kind moved, e.g. `{ "serviceOrders": 3, "rentals": 1 }`. */
    moved: jsonb('moved').$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_merges_survivor_idx').on(t.survivorId),
    index('customer_merges_source_idx').on(t.sourceId),
  ],
);
