import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives, so tests read mail exactly as
 * nodemailer sent it over the wire.
 */
export class MailCatcher {
  readonly messages: CaughtMail[] = [];
  /** Recipients the server refuses with a 550, to make a send fail for real. */
  readonly rejecting = new Set<string>();
  /** Holds each message this long before accepting it: a slow mail server (shutdown tests). */
  delayMs = 0;
  /** Called when a message starts to arrive. */
  onDataStart: (() => void) | undefined;
  private readonly waiters: { match: (m: CaughtMail) => boolean; resolve: (m: CaughtMail) => void }[] = [];
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.rejecting.has(address.address.toLowerCase())) return callback();
        const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(err);
      },
      onData: (stream, session, callback) => {
        this.onDataStart?.();
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.delayMs > 0) {
            setTimeout(() => accept(), this.delayMs);
            return;
          }
          accept();
        });
        const accept = () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail = parse(
            raw,
            session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            session.envelope.rcptTo.map((r) => r.address),
          );
          this.messages.push(mail);
          for (const w of [...this.waiters]) {
            if (w.match(mail)) {
              this.waiters.splice(this.waiters.indexOf(w), 1);
              w.resolve(mail);
            }
          }
          callback();
        };
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    const address = this.server.server.address();
    if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
    this.port = address.port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves with the first message (already caught or still to come) to `to`. */
  waitFor(to: string, timeoutMs = 5000, after = 0): Promise<CaughtMail> {
    const match = (m: CaughtMail) => m.to.includes(to.toLowerCase());
    const existing = this.messages.slice(after).find(match);
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  clear(): void {
    this.messages.length = 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parse(raw: string, from: string, to: string[]): CaughtMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const qp = /^Content-Transfer-Encoding: quoted-printable/im.test(head);
  const text = qp ? decodeQuotedPrintable(body) : body;
  return { from, to: to.map((t) => t.toLowerCase()), raw, subject, text };
}
