import {
  boolean,
  customType,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReportLanguage } from '@service-portal/shared/service-reports';
import { servicePartners } from './partners.ts';
import { serviceOrders } from './service-orders.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * The signed service report of an order (issue 27): one per order. The row exists from the first
 * time the report is shown for signing (`opened_at`); signing fills the signer, the PDF's file on
 * the storage ledger and its SHA-256 (docs/decisions/060-signed-service-report.md). A trigger
 * marks the file deleted when the row goes.
 */
export const serviceReports = pgTable(
  'service_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    serviceOrderId: uuid('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    language: text('language').$type<ReportLanguage>(),
    signerName: text('signer_name'),
    signatureKind: text('signature_kind').$type<'drawn' | 'typed'>(),
    signaturePng: bytea('signature_png'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    fileKey: text('file_key'),
    pdfBytes: integer('pdf_bytes'),
    sha256: text('sha256'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_reports_order_key').on(t.serviceOrderId)],
);

/** The partner's report settings; no row = the defaults (no signature required). */
export const serviceReportSettings = pgTable('service_report_settings', {
  servicePartnerId: uuid('service_partner_id')
    .primaryKey()
    .references(() => servicePartners.id, { onDelete: 'cascade' }),
  requireSignature: boolean('require_signature').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
