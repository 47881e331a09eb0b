import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../../config.ts';

export interface SmsMessage {
  /** E.164, e.g. +4791234567. */
  to: string;
  body: string;
  /**
   * The same for every attempt at one message, sent as `Idempotency-Key`: a retry after an
   * ambiguous failure (timeout, 5xx) can be recognised by the provider or a proxy in front of it.
   */
  idempotencyKey: string;
}

/** Sends one SMS; throws `SmsError` when the provider refuses it or does not answer. */
export interface SmsTransport {
  readonly kind: 'twilio' | 'log';
  readonly from: string | undefined;
  send(message: SmsMessage): Promise<{ providerMessageId: string }>;
}

export class SmsError extends Error {
  constructor(
    message: string,
    /** True when the provider may have sent it anyway (no answer, or a 5xx). */
    readonly ambiguous: boolean,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

const TIMEOUT_MS = 15_000;

interface TwilioError {
  code?: number;
  message?: string;
}

/**
 * Twilio's Messages resource: `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, form-encoded
 * `To, From, Body`, basic auth with the account SID and auth token; 201 with `{ sid, status }`.
 * `base` is configurable so the tests (and a staging proxy) can stand in for api.twilio.com.
 */
export function createTwilioTransport(options: {
  apiBaseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}): SmsTransport {
  const url = `${options.apiBaseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    from: options.from,
    async send(message) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            'idempotency-key': message.idempotencyKey,
          },
          body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }).toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        const reason =
          err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
        throw new SmsError(`The SMS provider ${reason}; the message may or may not have been sent.`, true);
      }
      const text = await res.text().catch(() => '');
      let body: (TwilioError & { sid?: string }) | null;
      try {
        body = JSON.parse(text) as TwilioError & { sid?: string };
      } catch {
        body = null;
      }
      if (res.ok && typeof body?.sid === 'string') return { providerMessageId: body.sid };
      if (res.ok) throw new SmsError('The SMS provider answered without a message id.', true);
      const detail = [body?.message, body?.code ? `code ${body.code}` : undefined].filter(Boolean).join(', ');
      if (res.status >= 500) {
        throw new SmsError(
          `The SMS provider failed (HTTP ${res.status}); the message may or may not have been sent.`,
          true,
        );
      }
      throw new SmsError(
        `The SMS provider refused the message (HTTP ${res.status}${detail ? `: ${detail}` : ''}).`,
        false,
      );
    },
  };
}

/** Development transport: without a provider the SMS is printed to the log (product.md "Real parts"). */
export function createLogSmsTransport(log: FastifyBaseLogger, from: string | undefined): SmsTransport {
  return {
    kind: 'log',
    from,
    async send(message) {
      const providerMessageId = `dev-${randomUUID()}`;
      log.info(
        { sms: { to: message.to, from, providerMessageId } },
        `development SMS (SMS provider not configured)\n----- SMS to ${message.to} -----\n${message.body}\n-----`,
      );
      return { providerMessageId };
    },
  };
}

/** Twilio when account, token and sender are configured; otherwise the log. */
export function createSmsTransport(config: SmsConfig, log: FastifyBaseLogger): SmsTransport {
  if (config.accountSid && config.authToken && config.from) {
    return createTwilioTransport({
      apiBaseUrl: config.apiBaseUrl,
      accountSid: config.accountSid,
      authToken: config.authToken,
      from: config.from,
    });
  }
  return createLogSmsTransport(log, config.from);
}
