import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OrderListViewSettings } from '@service-portal/shared/service-order-views';
import { servicePartners } from './partners.ts';
import { users } from './users.ts';

/**
 * A user's saved view of the order list (issue 31 item 9): its filters, columns, sort and page
 * size under a name. Each user's own, within the partner they acted for when saving it.
 */
export const serviceOrderViews = pgTable(
  'service_order_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<OrderListViewSettings>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('service_order_views_owner_name_key').on(t.servicePartnerId, t.userId, t.name),
    index('service_order_views_user_idx').on(t.userId),
  ],
);
