import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface FakeSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  idempotencyKey: string | undefined;
}

type Fault = 'refuse' | 'ambiguous' | 'unavailable';

/**
 * The provider side of Twilio's Messages resource over real HTTP on loopback: basic auth, form
 * bodies, 201 with a sid. Faults can be injected: `refuse` (400 with a Twilio error code),
 * `unavailable` (503, nothing sent), `ambiguous` (the message goes out, the answer is a 500).
 * A request with an Idempotency-Key it has seen gets the earlier message back, not a new one.
 */
export class FakeTwilio {
  readonly accountSid = `AC${randomBytes(16).toString('hex')}`;
  readonly authToken = randomBytes(16).toString('hex');
  readonly from = '+4759440000';
  /** Messages actually sent to phones. */
  readonly messages: FakeSms[] = [];
  /** Every POST to the Messages resource, however it was answered. */
  requests = 0;
  /** Requests recognised as a repeat of an earlier message by their Idempotency-Key. */
  duplicatesRecognised = 0;
  private readonly faults: Fault[] = [];
  private readonly byKey = new Map<string, FakeSms>();
  private readonly server: Server;
  baseUrl = '';

  constructor() {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('fake Twilio has no port');
    this.baseUrl = `http://127.0.0.1:${address.port}`;
    return this.baseUrl;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  failNext(fault: Fault): void {
    this.faults.push(fault);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const json = (status: number, body: unknown) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${this.accountSid}/Messages.json`) {
      return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    }
    this.requests += 1;
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return json(401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return json(400, { code: 20001, message: 'Expected a form body', status: 400 });
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const body = form.get('Body') ?? '';
    const key = req.headers['idempotency-key'] as string | undefined;

    const known = key ? this.byKey.get(key) : undefined;
    if (known) {
      this.duplicatesRecognised += 1;
      return json(201, {
        sid: known.sid,
        status: 'queued',
        to: known.to,
        from: known.from,
        body: known.body,
      });
    }
    if (!/^\+[1-9]\d{7,14}$/.test(to)) {
      return json(400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        status: 400,
      });
    }
    const fault = this.faults.shift();
    if (fault === 'refuse') {
      return json(400, { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 });
    }
    if (fault === 'unavailable')
      return json(503, { code: 20503, message: 'Service unavailable', status: 503 });
    const message: FakeSms = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to,
      from,
      body,
      idempotencyKey: key,
    };
    this.messages.push(message);
    if (key) this.byKey.set(key, message);
    if (fault === 'ambiguous')
      return json(500, { code: 20500, message: 'Internal Server Error', status: 500 });
    return json(201, { sid: message.sid, status: 'queued', to, from, body });
  }
}

/** Twilio's X-Twilio-Signature, written here independently of the server's implementation. */
export function twilioSign(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data).digest('base64');
}

/** Mailgun's webhook signature fields for a timestamp (seconds) and a fresh token. */
export function mailgunSign(signingKey: string, timestamp: number, token = randomBytes(25).toString('hex')) {
  const ts = String(Math.floor(timestamp));
  return {
    timestamp: ts,
    token,
    signature: createHmac('sha256', signingKey)
      .update(ts + token)
      .digest('hex'),
  };
}

/** A form body as providers post it. */
export function form(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}
