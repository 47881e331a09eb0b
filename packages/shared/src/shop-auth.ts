// zod/mini (decision 032): the sign-in page's "Sign in with Shopify" reads these; the links a global
// administrator manages are in shop-links.ts.
import { z } from 'zod/mini';
import { authTokenResponseSchema } from './auth.ts';

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
  returnUrl: z._default(z.string(), '/').check(z.refine(isOwnPath, RETURN_URL_MESSAGE)),
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
const text = (max: number) => z.string().check(z.maxLength(max));
const required = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
export const shopCallbackQuerySchema = z.catchall(
  z.object({
    code: required(512),
    state: required(512),
    expected_state: required(512),
    hmac: z.optional(text(512)),
    shop: z.optional(text(255)),
    timestamp: z.optional(text(32)),
    host: z.optional(text(1024)),
  }),
  text(2048),
);
export type ShopCallbackQuery = z.infer<typeof shopCallbackQuerySchema>;

export const shopCallbackResponseSchema = z.extend(authTokenResponseSchema, {
  /** Where the browser goes next: the own path given to GET /auth/login. */
  returnUrl: z.string(),
});
export type ShopCallbackResponse = z.infer<typeof shopCallbackResponseSchema>;

export const verifyJwtSchema = z.object({
  shopifyJwt: required(SHOP_AUTH_LIMITS.maxSessionTokenLength),
});
export type VerifyJwt = z.infer<typeof verifyJwtSchema>;
