import { bigint, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { servicePartners } from './partners.ts';
import { serviceOrders } from './service-orders.ts';
import { technicians } from './technicians.ts';
import { users } from './users.ts';

/** A customer's upload link: only the SHA-256 of its token is stored. */
export const uploadLinks = pgTable(
  'upload_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    serviceOrderId: uuid('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    sentVia: text('sent_via').$type<'sms' | 'email' | 'none'>().notNull(),
    communicationId: uuid('communication_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Bytes taken by this link's uploads, reserved atomically (50 MB in all, even in parallel). */
    bytesUsed: bigint('bytes_used', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('upload_links_token_hash_key').on(t.tokenHash),
    index('upload_links_order_idx').on(t.serviceOrderId, t.expiresAt),
  ],
);

/** Wrong phone/serial answers, counted per link or per client address (rate limit in the database). */
export const uploadVerificationFailures = pgTable(
  'upload_verification_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `link:{id}` or `ip:{address}`. */
    subject: text('subject').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('upload_verification_failures_subject_idx').on(t.subject, t.at)],
);

/** The customer's 1–5 rating of a completed order (one per order); feeds the technician's rating. */
export const orderRatings = pgTable(
  'order_ratings',
  {
    serviceOrderId: uuid('service_order_id')
      .primaryKey()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    uploadLinkId: uuid('upload_link_id').references(() => uploadLinks.id, { onDelete: 'set null' }),
    /** The technician assigned when the customer rated: the rating counts for them. */
    technicianId: uuid('technician_id').references(() => technicians.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_ratings_partner_idx').on(t.servicePartnerId, t.createdAt),
    index('order_ratings_technician_idx').on(t.technicianId),
  ],
);
