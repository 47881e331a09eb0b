import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { servicePartners } from './partners.ts';

/**
 * The ledger of every object in file storage. A row is written before the object, committed in
 * the same transaction as the record that uses it, and marked deleted when that record goes (a
 * trigger on the owning table, migration 0011). The clean-up removes objects whose row was never
 * committed or is marked deleted, so neither a crash nor a rejected upload leaves files behind.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    servicePartnerId: uuid('service_partner_id').references(() => servicePartners.id, {
      onDelete: 'set null',
    }),
    contentType: text('content_type').notNull(),
    bytes: bigint('bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('stored_files_uncommitted_idx')
      .on(t.createdAt)
      .where(sql`committed_at is null`),
    index('stored_files_deleted_idx')
      .on(t.deletedAt)
      .where(sql`deleted_at is not null`),
  ],
);
