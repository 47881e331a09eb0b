import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: Record<string, string>;
  body: string;
}

/**
 * A webhook receiver on loopback for tests: records every request; `respond` decides the
 * answer (default 204). `hold` keeps requests open until `release()` (a delivery under way).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  respond: (req: Received) => { status: number; headers?: Record<string, string>; body?: string } = () => ({
    status: 204,
  });
  hold = false;
  private held: (() => void)[] = [];
  private server: http.Server | null = null;
  private waiters: (() => void)[] = [];
  url = '';

  async start(port = 0): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        const got = { headers, body: Buffer.concat(chunks).toString('utf8') };
        this.received.push(got);
        for (const w of this.waiters.splice(0)) w();
        const answer = () => {
          const out = this.respond(got);
          res.writeHead(out.status, out.headers);
          res.end(out.body ?? '');
        };
        if (this.hold) this.held.push(answer);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const address = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${address.port}/hooks`;
    return this.url;
  }

  /** Resolves once `n` requests in all have come in. */
  async waitFor(n: number, timeoutMs = 10_000): Promise<Received[]> {
    const until = Date.now() + timeoutMs;
    while (this.received.length < n) {
      if (Date.now() > until) throw new Error(`the receiver got ${this.received.length} of ${n} requests`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received;
  }

  release(): void {
    this.hold = false;
    for (const a of this.held.splice(0)) a();
  }

  async stop(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
