import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
