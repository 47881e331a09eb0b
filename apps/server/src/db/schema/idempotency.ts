import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The answers of creating requests sent with an `Idempotency-Key` (docs/decisions/018): a retry
 * with the same key gets the first answer back instead of creating again. `status` is null while
 * the first request is still being handled. Rows live 24 hours.
 *
 * A key belongs to its `owner`: `user:<id>` for a signed-in user, or what a public route names
 * (`upload-link:<id>` for a customer's verified upload link, decision 057). `userId` is kept for
 * users' keys only, so that removing a user removes their stored answers.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, route, acting partner and the canonical JSON body. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    location: text('location'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
