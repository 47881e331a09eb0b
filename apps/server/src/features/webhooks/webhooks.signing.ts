import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: `whsec_` + 32 random bytes in base64 (the Standard Webhooks form). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the secret's decoded key. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The three Standard Webhooks headers; with a rotated secret still in its grace period both
 * signatures go, space separated, so a receiver with either secret accepts the message.
 */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signWebhook(s, id, timestampSeconds, body)).join(' '),
  };
}
