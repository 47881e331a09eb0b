import { z } from 'zod';

/** Where the shop's offline Admin API token comes from (README "Connect your shop"). */
export const SHOP_TOKEN_SOURCES = ['static', 'client_credentials', 'installed'] as const;
export type ShopTokenSourceName = (typeof SHOP_TOKEN_SOURCES)[number];

/**
 * The portal's standing with the shop (docs/decisions/045-shop-tokens.md): `refused` while the
 * shop refuses every token we have (the catalogue sync pauses), `not_installed` before the app
 * got its first token.
 */
export const SHOP_CONNECTION_STATES = ['ok', 'refused', 'not_installed'] as const;

export const shopConnectionSchema = z.object({
  state: z.enum(SHOP_CONNECTION_STATES),
  source: z.enum(SHOP_TOKEN_SOURCES),
  shop: z.string(),
  expiresAt: z.iso.datetime().nullable(),
  obtainedAt: z.iso.datetime().nullable(),
  refusedAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
});
export type ShopConnection = z.infer<typeof shopConnectionSchema>;
