import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

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

/**
 * AES-256-GCM: `iv (12) | tag (16) | ciphertext`, base64url. `context` is authenticated but not
 * stored (e.g. the row's key), so a sealed value copied into another row does not open there.
 */
export function sealText(key: Uint8Array, plain: string, context = ''): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens what sealText sealed with the same key and context; throws when anything differs. */
export function unsealText(key: Uint8Array, sealed: string, context = ''): string {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length < 28) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
