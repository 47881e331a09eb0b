import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { defineJob, type JobDefinition } from '../../lib/jobs/define.ts';
import type { JobRunner } from '../../lib/jobs/runner.ts';
import type { Db } from '../../db/client.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  messageId?: string;
  headers?: Record<string, string>;
  /** Files from the storage ledger, read when the job sends (the job row holds only the key). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  fileKey: string;
  /** Filled in by the sending job from storage. */
  content?: Buffer;
}

/** Opens a stored file by key (the storage ledger's `get`). */
export type OpenStoredFile = (key: string) => Promise<NodeJS.ReadableStream | null>;

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
      const attachments = message.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content ?? Buffer.alloc(0),
      }));
      const info = await transporter.sendMail({ from, ...message, attachments });
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
  private openFile: OpenStoredFile | null = null;

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
          const message = unseal(this.key, payload.sealed);
          for (const a of message.attachments ?? []) a.content = await this.readAttachment(a.fileKey);
          await this.transport.send(message);
          log.info({ purpose: payload.purpose, transport: this.transport.kind }, 'mail sent');
        },
        options: { retries: 4, backoff: { delayMs: 5_000, factor: 3, maxDelayMs: 15 * 60_000 } },
      }),
    ];
  }

  /** Where attachments are read from (the storage ledger, known once storage is open). */
  readAttachmentsFrom(open: OpenStoredFile): void {
    this.openFile = open;
  }

  private async readAttachment(key: string): Promise<Buffer> {
    const stream = this.openFile ? await this.openFile(key) : null;
    if (!stream) throw new Error(`mail attachment ${key} is not in storage`);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  /**
   * Stores the message as a job; `discardAfter`: do not send it after then (expiring codes);
   * `tx`: in this transaction, so the mail exists only if the change it tells of commits.
   */
  async enqueue(
    message: MailMessage,
    purpose: string,
    options: { discardAfter?: Date; tx?: Db } = {},
  ): Promise<void> {
    await this.runner.enqueue<MailJobPayload>(
      MAIL_JOB,
      {
        purpose,
        sealed: seal(this.key, message),
        discardAfter: options.discardAfter?.toISOString() ?? null,
      },
      options.tx ? { tx: options.tx } : {},
    );
  }

  /** Runs due mail (and other due jobs) until none is left (tests). */
  async drain(): Promise<void> {
    await this.runner.drain();
  }
}
