import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Derives an independent key per purpose from APP_SECRET, so one leak does not give the others. */
export function deriveKey(appSecret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', appSecret, 'service-portal', purpose, 32));
}

export function hmacHex(key: Uint8Array, message: string): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

/** Constant-time comparison of two strings (integrations.md: compare MACs and codes this way). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
