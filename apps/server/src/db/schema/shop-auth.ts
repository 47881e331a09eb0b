import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A shop user (the shop's staff account, `sub` of its session tokens) linked to one of our users.
 * Made when the shop vouches for the user's e-mail (`email_verified`) and that e-mail is one of our
 * active users, or by a global administrator. Nothing else ever signs a shop user in.
 */
export const shopUserLinks = pgTable(
  'shop_user_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shop: text('shop').notNull(),
    shopUserId: text('shop_user_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'verified_email' | 'admin'. */
    method: text('method').$type<'verified_email' | 'admin'>().notNull(),
    /** The administrator who linked them; null for a link by verified e-mail. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_user_links_shop_user_key').on(t.shop, t.shopUserId),
    index('shop_user_links_user_idx').on(t.userId),
  ],
);

/** OAuth states we issued: only the SHA-256 of the state is kept, with where to return; single use. */
export const shopOauthStates = pgTable(
  'shop_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    returnUrl: text('return_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * Session-token ids (`jti`) already used, kept until the token's `exp` + 10 s: in the database so a
 * replay is refused by whichever instance it reaches.
 */
export const shopSessionTokenUses = pgTable(
  'shop_session_token_uses',
  {
    jti: text('jti').primaryKey(),
    keepUntil: timestamp('keep_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('shop_session_token_uses_keep_idx').on(t.keepUntil)],
);
