import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ImageCategory, ImageMoment, ImageType } from '@service-portal/shared/images';
import { servicePartners } from './partners.ts';
import { rentals } from './rentals.ts';
import { serviceOrders } from './service-orders.ts';
import { uploadLinks } from './upload-links.ts';
import { users } from './users.ts';

/**
 * A photo on a service order or on a rental (taken at its return; exactly one owner): the original as received (kept for staff download), a JPEG for
 * display and a thumbnail, both without EXIF/GPS. Files live in storage under the three keys.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    serviceOrderId: uuid('service_order_id').references(() => serviceOrders.id, { onDelete: 'cascade' }),
    rentalId: uuid('rental_id').references(() => rentals.id, { onDelete: 'cascade' }),
    uploadLinkId: uuid('upload_link_id').references(() => uploadLinks.id, { onDelete: 'set null' }),
    source: text('source').$type<'customer' | 'staff'>().notNull(),
    category: text('category').$type<ImageCategory>().notNull(),
    moment: text('moment').$type<ImageMoment>(),
    description: text('description'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    originalKey: text('original_key').notNull(),
    originalType: text('original_type').$type<ImageType>().notNull(),
    originalName: text('original_name').notNull(),
    originalBytes: integer('original_bytes').notNull(),
    displayKey: text('display_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('images_order_idx').on(t.serviceOrderId, t.createdAt),
    index('images_rental_idx').on(t.rentalId, t.createdAt),
    check('images_one_owner', sql`num_nonnulls(${t.serviceOrderId}, ${t.rentalId}) = 1`),
  ],
);
