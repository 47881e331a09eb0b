import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WebhookEventType } from '@service-portal/shared/webhooks';
import { servicePartners } from './partners.ts';

/**
 * A partner's webhook endpoint (docs/decisions/056-webhooks-out.md). The signing secret is stored
 * sealed (AES-GCM under a key derived from APP_SECRET); after a rotation the previous one signs
 * too until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    disabledReason: text('disabled_reason').$type<'failing'>(),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webhook_endpoints_partner_idx').on(t.servicePartnerId, t.createdAt)],
);

/**
 * The outbox: one row per event, written in the transaction of the change it reports. Its id is
 * the `webhook-id` every attempt of every delivery of it carries.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The body sent, `{ type, timestamp, data }`, exactly as signed. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('webhook_events_partner_idx').on(t.servicePartnerId, t.createdAt),
    // The retention job's cutoff (migration 0037).
    index('webhook_events_created_idx').on(t.createdAt),
  ],
);

/** One event for one endpoint; its attempts follow the retry schedule. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    state: text('state').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    /** Attempts recorded so far. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    // The cascade from a deleted event (retention, migration 0037).
    index('webhook_deliveries_event_idx').on(t.eventId),
    index('webhook_deliveries_pending_idx')
      .on(t.state)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/** The delivery log: one row per attempt. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    outcome: text('outcome').$type<'succeeded' | 'failed' | 'refused'>().notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    response: text('response').notNull().default(''),
    error: text('error'),
  },
  (t) => [
    index('webhook_attempts_endpoint_idx').on(t.endpointId, t.at),
    // The cascade from a deleted delivery (retention, migration 0037).
    index('webhook_attempts_delivery_idx').on(t.deliveryId),
  ],
);
