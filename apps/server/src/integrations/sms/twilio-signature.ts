import { createHmac, timingSafeEqual } from 'node:crypto';

export type FormParams = Record<string, string | string[] | undefined>;

/**
 * Twilio's request signature: base64(HMAC-SHA1(auth token, full URL + every POST parameter as
 * key followed by value, sorted by key)). A repeated key contributes each of its values, sorted.
 */
export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  let data = url;
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? [...value].sort() : [value];
    for (const v of values) data += key + v;
  }
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** The URL as Twilio may have signed it: with and without the scheme's default port. */
function urlVariants(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [url];
  }
  const defaultPort = parsed.protocol === 'https:' ? '443' : parsed.protocol === 'http:' ? '80' : '';
  const hasPort = /^[a-z]+:\/\/[^/]*:\d+/i.test(url);
  if (!defaultPort) return [url];
  if (hasPort) {
    if (parsed.port !== '') return [url]; // a non-default port is part of the URL Twilio called
    return [url, url.replace(/^([a-z]+:\/\/[^/]*?):\d+/i, '$1')];
  }
  return [url, url.replace(/^([a-z]+:\/\/[^/]+)/i, `$1:${defaultPort}`)];
}

/** Constant-time check of `X-Twilio-Signature` against the URL we are served at and the parameters. */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: FormParams,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature, 'utf8');
  let ok = false;
  for (const candidate of urlVariants(url)) {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params), 'utf8');
    // Every variant is compared, so the time taken does not depend on which one matched.
    if (expected.length === given.length && timingSafeEqual(expected, given)) ok = true;
  }
  return ok;
}
