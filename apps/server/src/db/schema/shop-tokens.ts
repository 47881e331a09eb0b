import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's offline Admin API token, one row per shop (docs/decisions/045-shop-tokens.md). The
 * access and refresh tokens are sealed (AES-256-GCM, a key derived from APP_SECRET, the shop as
 * authenticated context): a database dump alone does not give them. Renewals take the row lock,
 * so one instance at a time spends the refresh token (Shopify rotates it).
 */
export const shopTokens = pgTable('shop_tokens', {
  shop: text('shop').primaryKey(),
  /** static | client_credentials | installed (config.shop.tokenSource when written). */
  source: text('source').notNull(),
  accessTokenSealed: text('access_token_sealed'),
  /** Null: does not expire. */
  accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
  refreshTokenSealed: text('refresh_token_sealed'),
  refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
  scopes: text('scopes').array().notNull().default([]),
  /** When the shop last granted a token (install, refresh, client credentials). */
  obtainedAt: timestamp('obtained_at', { withTimezone: true }),
  /** Set while the shop refuses every token we have (401 after a renewal, or a refused grant). */
  refusedAt: timestamp('refused_at', { withTimezone: true }),
  lastError: text('last_error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
