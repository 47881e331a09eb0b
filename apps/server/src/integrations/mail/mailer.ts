import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

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

/**
 * Mail leaves the request path: a request answers at once (the same for a known and an unknown
 * e-mail), and the send happens behind it. `drain()` waits for what is still being sent.
 */
export class Outbox {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  enqueue(message: MailMessage, purpose: string): void {
    const job = this.transport
      .send(message)
      .then(() => this.log.info({ purpose, transport: this.transport.kind }, 'mail sent'))
      .catch((err: unknown) => this.log.error({ err, purpose }, 'mail could not be sent'))
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
