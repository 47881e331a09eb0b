import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ShopOrderState } from '@service-portal/shared/shop-orders';
import { servicePartners } from './partners.ts';
import { serviceOrders } from './service-orders.ts';
import { users } from './users.ts';

/**
 * A service order's draft order in the maker's shop. The row is claimed (inserted, unique per
 * service order) before the shop is called, so concurrent requests create one draft order; a
 * claim left behind by a crash or a timeout is taken over after `claimed_at` + the claim's life,
 * and the taker looks the draft order up by its tag before creating one.
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    serviceOrderId: uuid('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    state: text('state').$type<ShopOrderState>().notNull(),
    /** Who holds the claim (a random token per request) and since when; null once settled. */
    claimToken: text('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    draftOrderId: text('draft_order_id'),
    name: text('name'),
    shopStatus: text('shop_status'),
    invoiceUrl: text('invoice_url'),
    adminUrl: text('admin_url'),
    lineCount: integer('line_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_orders_service_order_key').on(t.serviceOrderId),
    index('shop_orders_partner_idx').on(t.servicePartnerId),
  ],
);
