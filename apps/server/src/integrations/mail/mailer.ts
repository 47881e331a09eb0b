import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { defineJob, type JobDefinition } from '../../lib/jobs/define.ts';
import type { JobRunner } from '../../lib/jobs/runner.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  messageId?: string;
  headers?: Record<string, string>;
}

/** Sends one message; throws when the transport refuses it. */
export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export function createSmtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transporter.sendMail({ from, ...message });
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

/**
 * Development transport when SMTP_URL is unset: the message is printed to the log so that a
 * developer can sign in with the code from it. This is the one place a code reaches the log, and
 * only because there is no mailbox to deliver to (product.md "Real parts").
 */
export function createLogTransport(log: FastifyBaseLogger, from: string): MailTransport {
  let n = 0;
  return {
    kind: 'log',
    async send(message) {
      const messageId = message.messageId ?? `<dev-${Date.now()}-${++n}@service-portal.local>`;
      log.info(
        { mail: { from, to: message.to, subject: message.subject, messageId } },
        `development mail (SMTP_URL not set)\n----- mail to ${message.to}: ${message.subject} -----\n${message.text}\n-----`,
      );
      return { messageId };
    },
    close: () => {},
  };
}

/** What a mail job carries: the message sealed, so codes and links are not readable in the jobs table. */
interface MailJobPayload {
  purpose: string;
  sealed: string;
  /** A sign-in code is useless after it expires: the job then gives up instead of sending it. */
  discardAfter: string | null;
}

export const MAIL_JOB = 'mail.send';

function seal(key: Uint8Array, message: MailMessage): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(key: Uint8Array, sealed: string): MailMessage {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as MailMessage;
}

/**
 * Mail leaves the request path as a durable job (lib/jobs): a request answers once the job is
 * stored, any instance sends it, and a refused send is retried with backoff before it lands in
 * the failed jobs with the transport's error.
 */
export class Outbox {
  /** The sending job, registered by the composition like every feature's jobs. */
  readonly jobs: JobDefinition[];

  constructor(
    readonly transport: MailTransport,
    private readonly runner: JobRunner,
    private readonly key: Uint8Array,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.jobs = [
      defineJob<MailJobPayload>({
        name: MAIL_JOB,
        handler: async ({ payload, log }) => {
          if (payload.discardAfter && new Date(payload.discardAfter) < this.now()) {
            log.warn({ purpose: payload.purpose }, 'mail expired before it could be sent: dropped');
            return;
          }
          await this.transport.send(unseal(this.key, payload.sealed));
          log.info({ purpose: payload.purpose, transport: this.transport.kind }, 'mail sent');
        },
        options: { retries: 4, backoff: { delayMs: 5_000, factor: 3, maxDelayMs: 15 * 60_000 } },
      }),
    ];
  }

  /** Stores the message as a job; `discardAfter`: do not send it after then (expiring codes). */
  async enqueue(message: MailMessage, purpose: string, options: { discardAfter?: Date } = {}): Promise<void> {
    await this.runner.enqueue<MailJobPayload>(MAIL_JOB, {
      purpose,
      sealed: seal(this.key, message),
      discardAfter: options.discardAfter?.toISOString() ?? null,
    });
  }

  /** Runs due mail (and other due jobs) until none is left (tests). */
  async drain(): Promise<void> {
    await this.runner.drain();
  }
}
