import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DocumentCategory } from '@service-portal/shared/documents';
import { servicePartners } from './partners.ts';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The info center (issue 17): the maker's documents (`service_partner_id` null, every partner
 * reads them) and each partner's own. The search vector is kept by a trigger (migration 0018)
 * from title (A), SKU and tags (B), description (C) and the current file's extracted text (D),
 * with the 'simple' configuration: the texts are English and Norwegian (decision 027).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id').references(() => servicePartners.id, {
      onDelete: 'cascade',
    }),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category').$type<DocumentCategory>().notNull(),
    sku: text('sku'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    currentVersionId: uuid('current_version_id'),
    /** The current file's text (PDFs), written by the extraction job. */
    extractedText: text('extracted_text'),
    searchVector: tsvector('search_vector'),
    /**
     * What the search ranks by (migration 0047): title (A), SKU and tags (B) and description (C),
     * without the file's text. Small enough to stay in the row, where ranking thousands of matches
     * is cheap; ranking by `search_vector` read every match's whole text vector out of TOAST.
     */
    rankVector: tsvector('rank_vector'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('documents_partner_idx').on(t.servicePartnerId, t.updatedAt),
    index('documents_sku_idx').on(t.sku),
    index('documents_search_idx').using('gin', t.searchVector),
    index('documents_tags_idx').using('gin', t.tags),
  ],
);

/** Every file a document has had; replacing the file adds one and keeps the earlier ones. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    textStatus: text('text_status').$type<'pending' | 'done' | 'none' | 'failed'>().notNull(),
    extractedText: text('extracted_text'),
  },
  (t) => [uniqueIndex('document_versions_number_key').on(t.documentId, t.number)],
);

/** One row per preview or download, for "most opened this month" (per the opener's partner). */
export const documentOpens = pgTable(
  'document_opens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_opens_partner_idx').on(t.servicePartnerId, t.openedAt, t.documentId)],
);
