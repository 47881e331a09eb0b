import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { servicePartners } from './partners.ts';
import { serviceOrders } from './service-orders.ts';
import { users } from './users.ts';

/**
 * A message about an order: logged (phone, in person) or sent/received (e-mail, SMS). Inbound
 * messages that cannot be threaded safely have no order and wait in the unassigned inbox.
 */
export const communications = pgTable(
  'communications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'restrict' }),
    serviceOrderId: uuid('service_order_id').references(() => serviceOrders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerName: text('customer_name'),
    subject: text('subject'),
    message: text('message').notNull(),
    deliveryNotes: text('delivery_notes'),
    method: text('method').$type<'email' | 'phone' | 'sms' | 'in_person'>().notNull(),
    direction: text('direction').$type<'inbound' | 'outbound'>().notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    customerResponse: text('customer_response'),
    /** When it happened (a logged call may be entered afterwards). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    /** pending, sending, sent, failed (outbound); received (inbound); logged (phone, in person). */
    deliveryStatus: text('delivery_status').notNull(),
    deliveryError: text('delivery_error'),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Our Message-ID on outgoing mail, matched against In-Reply-To / References. */
    messageId: text('message_id'),
    /** The opaque plus-token of reply+{token}@… on outgoing mail. */
    replyToken: text('reply_token'),
    /** The provider's id (Twilio MessageSid, Mailgun Message-Id): a retried webhook creates nothing. */
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('communications_order_idx').on(t.serviceOrderId, t.occurredAt),
    index('communications_partner_unread_idx').on(t.servicePartnerId, t.direction, t.readAt),
    uniqueIndex('communications_reply_token_key').on(t.replyToken),
    uniqueIndex('communications_message_id_key').on(t.messageId),
    uniqueIndex('communications_provider_message_key').on(t.method, t.providerMessageId),
  ],
);

/** Webhook tokens already seen (Mailgun-style replay protection), kept until they are too old to replay. */
export const webhookReplayTokens = pgTable('webhook_replay_tokens', {
  token: text('token').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
