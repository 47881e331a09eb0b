import { createHmac } from 'node:crypto';
import { SHOP_AUTH_LIMITS, SHOP_HOST_PATTERN } from '@service-portal/shared/shop-auth';
import { safeEqual } from '../../lib/secrets.ts';

// The pure checks of shop sign-in (integrations.md), each with the answer it fails with. The
// service runs them in the order the contract gives and turns a failure into an AppError.

export type CheckFailure = { ok: false; status: 400 | 401 | 403; code: FailureCode; message: string };
export type FailureCode =
  'invalid_session_token' | 'shop_not_allowed' | 'invalid_shop_signature' | 'shop_request_expired';

const fail = (status: 400 | 401 | 403, code: FailureCode, message: string): CheckFailure => ({
  ok: false,
  status,
  code,
  message,
});

/** A shop host of the right form and on the allowlist (integrations.md "Shop domains"). */
export function isAllowedShop(host: string, allowlist: readonly string[]): boolean {
  return SHOP_HOST_PATTERN.test(host) && allowlist.includes(host.toLowerCase());
}

export interface SessionTokenClaims {
  iss: string;
  dest: string;
  aud: string;
  sub: string | null;
  exp: number;
  nbf: number;
  jti: string | null;
  /** The shop host, from `dest`. */
  shop: string;
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Checks 1–5 of a session token, in order: form and `alg`, signature (current secret, then the
 * previous one during a rotation), time with 10 s leeway, audience, issuer and destination.
 * Checks 6 (linked user) and 7 (`jti` not seen) need the database and are the service's.
 */
export function checkSessionToken(
  token: string,
  opts: { secrets: readonly string[]; apiKey: string; allowlist: readonly string[]; now: Date },
): { ok: true; claims: SessionTokenClaims } | CheckFailure {
  const invalid = (why: string) => fail(401, 'invalid_session_token', `Invalid session token: ${why}.`);

  // 1. Three parts and alg exactly HS256 (none, RS256 and the rest are refused before any key is used).
  const parts = token.split('.');
  if (parts.length !== 3) return invalid('not a JWT');
  const [h, p, s] = parts as [string, string, string];
  const header = decodeJson(h);
  if (header?.alg !== 'HS256') return invalid('algorithm not allowed');
  const payload = decodeJson(p);
  if (payload === null) return invalid('unreadable claims');

  // 2. HMAC-SHA256 over header.payload, with the current and then the previous secret.
  const signed = `${h}.${p}`;
  const goodSignature = opts.secrets
    .filter((secret) => secret.length > 0)
    .some((secret) => safeEqual(createHmac('sha256', secret).update(signed).digest('base64url'), s));
  if (!goodSignature) return invalid('bad signature');

  // 3. exp in the future and nbf in the past, 10 s either way.
  const { exp, nbf } = payload;
  const nowS = opts.now.getTime() / 1000;
  const leewayS = SHOP_AUTH_LIMITS.sessionTokenLeewayMs / 1000;
  if (!isNumber(exp) || exp + leewayS <= nowS) return invalid('expired');
  if (nbf !== undefined && (!isNumber(nbf) || nbf - leewayS > nowS)) return invalid('not valid yet');

  // 4. The audience is our API key.
  if (typeof payload.aud !== 'string' || opts.apiKey.length === 0 || !safeEqual(payload.aud, opts.apiKey)) {
    return invalid('wrong audience');
  }

  // 5. iss and dest on the same allowlisted shop host, iss path /admin.
  const iss = typeof payload.iss === 'string' ? urlOf(payload.iss) : null;
  const dest = typeof payload.dest === 'string' ? urlOf(payload.dest) : null;
  const notAllowed = fail(403, 'shop_not_allowed', 'The shop is not allowed to sign in here.');
  if (!iss || !dest || iss.protocol !== 'https:' || dest.protocol !== 'https:') return notAllowed;
  if (iss.host !== dest.host || iss.pathname !== '/admin') return notAllowed;
  if (iss.username || iss.password || iss.port || dest.username || dest.password || dest.port)
    return notAllowed;
  if (!isAllowedShop(iss.hostname, opts.allowlist)) return notAllowed;

  return {
    ok: true,
    claims: {
      iss: payload.iss as string,
      dest: payload.dest as string,
      aud: payload.aud,
      sub: typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : null,
      exp,
      nbf: isNumber(nbf) ? nbf : 0,
      jti: typeof payload.jti === 'string' && payload.jti.length > 0 ? payload.jti : null,
      shop: iss.hostname.toLowerCase(),
    },
  };
}

function urlOf(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * The message the shop signs on its OAuth redirect: every parameter it sent except `hmac` and
 * `signature` (and our own `expected_state`), sorted by key, `k=v` joined with `&`.
 */
export function oauthHmacMessage(params: Record<string, string | undefined>): string {
  return Object.entries(params)
    .filter(
      (e): e is [string, string] =>
        e[1] !== undefined && e[0] !== 'hmac' && e[0] !== 'signature' && e[0] !== 'expected_state',
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export function oauthHmac(secret: string, params: Record<string, string | undefined>): string {
  return createHmac('sha256', secret).update(oauthHmacMessage(params)).digest('hex');
}

/** Step 1: the hex HMAC matches with the current (or, in a rotation, the previous) secret. */
export function isValidOauthHmac(
  params: Record<string, string | undefined>,
  secrets: readonly string[],
): boolean {
  const given = params.hmac;
  if (typeof given !== 'string' || given.length === 0) return false;
  return secrets
    .filter((secret) => secret.length > 0)
    .some((secret) => safeEqual(oauthHmac(secret, params), given.toLowerCase()));
}

/** Step 2: `timestamp` (seconds) within ±90 s of now. */
export function isFreshTimestamp(timestamp: string | undefined, now: Date): boolean {
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) * 1000 - now.getTime()) <= SHOP_AUTH_LIMITS.callbackSkewMs;
}

/** Step 6: every scope we need is granted (`write_x` implies `read_x`, as the shop does). */
export function missingScopes(granted: string, required: readonly string[]): string[] {
  const have = new Set(
    granted
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  for (const scope of [...have]) {
    if (scope.startsWith('write_')) have.add(`read_${scope.slice('write_'.length)}`);
  }
  return required.filter((scope) => !have.has(scope));
}
