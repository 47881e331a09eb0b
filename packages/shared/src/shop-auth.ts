import { z } from 'zod';
import { authTokenResponseSchema } from './auth.ts';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';

// Shop sign-in (integrations.md "Session token sign-in", "OAuth redirect sign-in") and the links
// between shop users and ours (a global administrator sees and changes them).

/** integrations.md: a valid shop host; it must also be on the configured allowlist. */
export const SHOP_HOST_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

/** The scopes the app asks for and needs granted (integrations.md, OAuth step 6). */
export const SHOP_REQUIRED_SCOPES = ['read_products', 'write_draft_orders'] as const;

export const SHOP_AUTH_LIMITS = {
  /** An issued OAuth state lives this long and is used once. */
  stateTtlMs: 10 * 60_000,
  /** Random bytes of an OAuth state (≥ 128 bits). */
  stateBytes: 32,
  /** The callback's `timestamp` may differ from our clock by this much. */
  callbackSkewMs: 90_000,
  /** Session tokens: `exp`/`nbf` tolerance, and how long after `exp` a used `jti` is kept. */
  sessionTokenLeewayMs: 10_000,
  maxReturnUrlLength: 2000,
  maxSessionTokenLength: 8192,
} as const;

/**
 * A path of our own app, and nothing that a browser could read as another origin: a single
 * leading `/` (not `//`), no backslash (browsers treat `/\` as `//`), no control characters and
 * no scheme anywhere before the path.
 */
export function isOwnPath(value: string): boolean {
  if (value.length === 0 || value.length > SHOP_AUTH_LIMITS.maxReturnUrlLength) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\')) return false;
  // Browsers drop tabs and newlines inside URLs ("/\t/evil.com" is "//evil.com"): none at all.
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f]/.test(value);
}

export const RETURN_URL_MESSAGE = 'returnUrl must be a path of this app';

export const shopLoginQuerySchema = z.object({
  returnUrl: z.string().default('/').refine(isOwnPath, RETURN_URL_MESSAGE),
});
export type ShopLoginQuery = z.infer<typeof shopLoginQuerySchema>;

export const shopLoginResponseSchema = z.object({
  authorizationUrl: z.url(),
  state: z.string(),
});
export type ShopLoginResponse = z.infer<typeof shopLoginResponseSchema>;

/**
 * The parameters the shop redirects with (more may come: every one takes part in the HMAC), plus
 * our own `expected_state` (the state the browser kept since GET /auth/login).
 */
export const shopCallbackQuerySchema = z
  .object({
    code: z.string().min(1).max(512),
    state: z.string().min(1).max(512),
    expected_state: z.string().min(1).max(512),
    hmac: z.string().max(512).optional(),
    shop: z.string().max(255).optional(),
    timestamp: z.string().max(32).optional(),
    host: z.string().max(1024).optional(),
  })
  .catchall(z.string().max(2048));
export type ShopCallbackQuery = z.infer<typeof shopCallbackQuerySchema>;

export const shopCallbackResponseSchema = authTokenResponseSchema.extend({
  /** Where the browser goes next: the own path given to GET /auth/login. */
  returnUrl: z.string(),
});
export type ShopCallbackResponse = z.infer<typeof shopCallbackResponseSchema>;

export const verifyJwtSchema = z.object({
  shopifyJwt: z.string().min(1).max(SHOP_AUTH_LIMITS.maxSessionTokenLength),
});
export type VerifyJwt = z.infer<typeof verifyJwtSchema>;

// ---------------------------------------------------------------------------------------------
// Links (global administrator)

export const SHOP_LINK_METHODS = ['verified_email', 'admin'] as const;

export const shopUserLinkSchema = z.object({
  id: z.uuid(),
  shop: z.string(),
  shopUserId: z.string(),
  userId: z.uuid(),
  userEmail: z.string(),
  userName: z.string(),
  method: z.enum(SHOP_LINK_METHODS),
  /** The administrator who made the link; null when it was made by a verified e-mail. */
  createdBy: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type ShopUserLink = z.infer<typeof shopUserLinkSchema>;

export const shopUserLinkListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type ShopUserLinkListQuery = z.infer<typeof shopUserLinkListQuerySchema>;
export const shopUserLinkListResponseSchema = listResponseSchema(shopUserLinkSchema);

export const SHOP_LINK_MESSAGES = {
  shopInvalid: 'Enter a shop host such as example.myshopify.com',
  shopUserIdInvalid: 'Enter the shop user id (digits)',
} as const;

export const shopUserLinkCreateSchema = z.object({
  shop: z
    .string()
    .trim()
    .toLowerCase()
    .max(255)
    .refine((v) => SHOP_HOST_PATTERN.test(v), SHOP_LINK_MESSAGES.shopInvalid),
  shopUserId: z
    .string()
    .trim()
    .regex(/^[0-9]{1,20}$/, SHOP_LINK_MESSAGES.shopUserIdInvalid),
  userId: z.uuid(),
});
export type ShopUserLinkCreate = z.input<typeof shopUserLinkCreateSchema>;

export const shopUserLinkParamsSchema = z.object({ id: z.uuid() });
