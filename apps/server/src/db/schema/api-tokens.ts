import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiScope } from '@service-portal/shared/api-tokens';
import { servicePartners } from './partners.ts';
import { users } from './users.ts';

/**
 * A partner's API token (docs/decisions/055-api-tokens.md): only the SHA-256 of the secret is
 * stored, with its first characters in clear to tell tokens apart. The token acts for the user
 * who created it, within its scopes; when that user goes (set null), the token stops working.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    servicePartnerId: uuid('service_partner_id')
      .notNull()
      .references(() => servicePartners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenPrefix: text('token_prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_partner_idx').on(t.servicePartnerId, t.createdAt),
  ],
);
