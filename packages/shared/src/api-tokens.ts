import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './validation.ts';

/**
 * Partner API tokens (issue 29, docs/decisions/055-api-tokens.md). A token looks like GitHub's:
 * `spt_` + 30 random base62 characters + a 6-character base62 CRC32 of those 30, so a secret
 * scanner (or our own server, before any database work) tells a real token from a typo offline.
 */
export const API_TOKEN_PREFIX = 'spt_';
export const API_TOKEN_RANDOM_LENGTH = 30;
export const API_TOKEN_CHECKSUM_LENGTH = 6;
export const API_TOKEN_LENGTH = API_TOKEN_PREFIX.length + API_TOKEN_RANDOM_LENGTH + API_TOKEN_CHECKSUM_LENGTH;
/** How much of a token is kept in clear to tell tokens apart in the list (`spt_` + 4). */
export const API_TOKEN_DISPLAY_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 4;

export const API_SCOPES = [
  'orders:read',
  'orders:write',
  'customers:read',
  'rentals:read',
  'rentals:write',
  'products:read',
  'documents:read',
] as const;
export const apiScopeSchema = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof apiScopeSchema>;

/** Expiry choices in days; no token lives longer than a year and none lives forever (decision 055). */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 180, 365] as const;
export type ApiTokenExpiryDays = (typeof API_TOKEN_EXPIRY_DAYS)[number];
export const API_TOKEN_DEFAULT_EXPIRY_DAYS: ApiTokenExpiryDays = 90;
export const API_TOKEN_NAME_MAX = 100;
/** Active (not revoked) tokens per partner: enough for every integration, not a runaway script. */
export const API_TOKENS_PER_PARTNER_MAX = 50;
/** `last_used_at` is written at most this often per token. */
export const API_TOKEN_LAST_USED_INTERVAL_MS = 60_000;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE, as zlib and GitHub use) of an ASCII string (a token's body is base62). */
export function crc32(ascii: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < ascii.length; i += 1) {
    crc = (CRC_TABLE[(crc ^ ascii.charCodeAt(i)) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A 32-bit number in base62, left-padded with zeros to six characters (62^6 > 2^32). */
export function base62Checksum(value: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < API_TOKEN_CHECKSUM_LENGTH; i += 1) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/** Uniform base62 characters from a CSPRNG (rejection sampling: no modulo bias). */
function randomBase62(length: number, random: (bytes: Uint8Array) => Uint8Array): string {
  let out = '';
  while (out.length < length) {
    for (const byte of random(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/**
 * A new token: prefix, 30 random characters (≈178 bits), checksum. `random` fills the array
 * from a CSPRNG (the server's `crypto.getRandomValues`).
 */
export function generateApiToken(random: (bytes: Uint8Array) => Uint8Array): string {
  const body = randomBase62(API_TOKEN_RANDOM_LENGTH, random);
  return `${API_TOKEN_PREFIX}${body}${base62Checksum(crc32(body))}`;
}

const TOKEN_SHAPE = new RegExp(
  `^${API_TOKEN_PREFIX}([0-9A-Za-z]{${API_TOKEN_RANDOM_LENGTH}})([0-9A-Za-z]{${API_TOKEN_CHECKSUM_LENGTH}})$`,
);

/** Whether the text has a token's prefix (the server then treats it as one, never as a JWT). */
export function looksLikeApiToken(text: string): boolean {
  return text.startsWith(API_TOKEN_PREFIX);
}

/** Prefix, length, alphabet and checksum all right: a token we may have issued. */
export function isWellFormedApiToken(text: string): boolean {
  const match = TOKEN_SHAPE.exec(text);
  if (!match) return false;
  const [, body, checksum] = match as unknown as [string, string, string];
  return base62Checksum(crc32(body)) === checksum;
}

/** The part of a token kept in clear (list and logs). */
export function apiTokenDisplayPrefix(token: string): string {
  return token.slice(0, API_TOKEN_DISPLAY_PREFIX_LENGTH);
}

export const apiTokenCreateSchema = z.object({
  name: z.string().trim().min(1, M.required).max(API_TOKEN_NAME_MAX, M.tooLong),
  scopes: z
    .array(apiScopeSchema)
    .min(1, M.required)
    .max(API_SCOPES.length)
    .transform((list) => API_SCOPES.filter((s) => list.includes(s))),
  expiresInDays: z
    .union(API_TOKEN_EXPIRY_DAYS.map((d) => z.literal(d)))
    .default(API_TOKEN_DEFAULT_EXPIRY_DAYS),
});
export type ApiTokenCreateInput = z.input<typeof apiTokenCreateSchema>;
export type ApiTokenCreate = z.output<typeof apiTokenCreateSchema>;

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** `spt_` and the next four characters: enough to tell tokens apart, useless to an attacker. */
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  createdAt: z.iso.datetime(),
  createdByName: z.string().nullable(),
  expiresAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The create answer: the only time the secret is ever shown. */
export const apiTokenCreatedSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const apiTokenListResponseSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenListResponse = z.infer<typeof apiTokenListResponseSchema>;

export const apiTokenIdParamsSchema = z.object({ id: z.uuid() });

export type ApiTokenState = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: the list says what an Administrator did. */
export function apiTokenState(token: Pick<ApiToken, 'expiresAt' | 'revokedAt'>, now: Date): ApiTokenState {
  if (token.revokedAt) return 'revoked';
  return new Date(token.expiresAt).getTime() <= now.getTime() ? 'expired' : 'active';
}
