import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { servicePartners } from './partners.ts';

/**
 * The partner's identity (migration 0045, decision 077): contact details and the logo that the
 * customer's pages and the service report carry. The logo is a file in the one file store;
 * `logoId` is made new for each upload and is its public address. A trigger hands a replaced,
 * removed or deleted logo's file to the clean-up.
 */
export const partnerIdentities = pgTable(
  'partner_identities',
  {
    servicePartnerId: uuid('service_partner_id')
      .primaryKey()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    website: text('website'),
    logoId: uuid('logo_id'),
    logoKey: text('logo_key'),
    logoContentType: text('logo_content_type').$type<'image/png' | 'image/jpeg'>(),
    logoWidth: integer('logo_width'),
    logoHeight: integer('logo_height'),
    logoBytes: integer('logo_bytes'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('partner_identities_logo_id_key').on(t.logoId),
    check(
      'partner_identities_logo_complete',
      sql`(${t.logoId} IS NULL) = (${t.logoKey} IS NULL) AND (${t.logoId} IS NULL) = (${t.logoContentType} IS NULL) AND (${t.logoId} IS NULL) = (${t.logoWidth} IS NULL) AND (${t.logoId} IS NULL) = (${t.logoHeight} IS NULL) AND (${t.logoId} IS NULL) = (${t.logoBytes} IS NULL)`,
    ),
    check('partner_identities_logo_type', sql`${t.logoContentType} IN ('image/png', 'image/jpeg')`),
  ],
);
