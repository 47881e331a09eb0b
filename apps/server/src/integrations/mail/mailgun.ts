import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Mailgun-style inbound mail: the webhook signs `timestamp + token` with the signing key
 * (hex HMAC-SHA256) and sends the parsed message as form fields.
 */

export function mailgunSignature(signingKey: string, timestamp: string, token: string): string {
  return createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
}

/** Constant-time comparison of the `signature` field with the one we compute. */
export function verifyMailgunSignature(
  signingKey: string,
  timestamp: string,
  token: string,
  signature: string,
): boolean {
  const expected = Buffer.from(mailgunSignature(signingKey, timestamp, token), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Seconds since the epoch, as Mailgun sends it; freshness is the caller's rule. */
export function timestampAgeSeconds(timestamp: string, now: Date): number | null {
  if (!/^\d{1,12}$/.test(timestamp)) return null;
  return now.getTime() / 1000 - Number(timestamp);
}

/** `message-headers`: a JSON list of [name, value] pairs; anything else counts as no headers. */
export function parseMessageHeaders(json: string | undefined): [string, string][] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (h): h is [string, string] => Array.isArray(h) && typeof h[0] === 'string' && typeof h[1] === 'string',
    );
  } catch {
    return [];
  }
}

/** The first header of that name, any case. */
export function headerValue(headers: [string, string][], name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find(([n]) => n.toLowerCase() === lower)?.[1];
}

/** Every `<id>` in a Message-ID / In-Reply-To / References value, in order. */
export function messageIdsIn(value: string | undefined): string[] {
  if (!value) return [];
  return [...value.matchAll(/<[^<>\s]+>/g)].map((m) => m[0]);
}

/** `"Ingrid Johansen" <ingrid@example.net>` → its name and lower-cased address. */
export function parseAddress(value: string | undefined): { name: string | null; address: string } | null {
  if (!value) return null;
  const angle = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  if (angle) {
    const name = angle[1]?.replace(/^"(.*)"$/, '$1').trim() || null;
    return { name, address: angle[2]!.toLowerCase() };
  }
  const bare = /^\s*([^\s<>@]+@[^\s<>@]+)\s*$/.exec(value);
  return bare ? { name: null, address: bare[1]!.toLowerCase() } : null;
}
