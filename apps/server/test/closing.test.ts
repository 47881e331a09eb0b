import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper.ts';

/**
 * Issue 32: a request on a connection accepted just before the server closes is answered with the
 * product's 503 (problem+json, Retry-After, the security headers), not Fastify's own
 * `{"error":"Service Unavailable"}`. The request's first bytes arrive before the close (so the
 * connection is busy, not idle, and survives it), the rest after.
 */
let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  // The test closed the app; the rest of the context still goes.
  await ctx.mail.stop();
});

/** Sends `head`, lets `between` run, sends `rest`, and returns the raw answer. */
async function split(head: string, between: () => void, rest: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(head);
  await new Promise((resolve) => setTimeout(resolve, 50));
  between();
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.write(rest);
  await ended;
  return answer;
}

describe('a request that arrives while the server shuts down', () => {
  it('gets problem+json 503 with Retry-After and the security headers', async () => {
    let closed: Promise<void> | undefined;
    const answer = await split(
      'GET /api/customers HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      () => {
        // As server.ts does on SIGTERM: readiness fails, then the app closes.
        ctx.app.lifecycle.shuttingDown = true;
        closed = ctx.app.close();
      },
      'Accept: application/json\r\n\r\n',
    );
    await closed;
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
    );
    expect(head.split('\r\n')[0], answer).toBe('HTTP/1.1 503 Service Unavailable');
    expect(headers['content-type']).toContain('application/problem+json');
    expect(headers['retry-after']).toMatch(/^\d+$/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers.connection).toBe('close');
    expect(JSON.parse(body)).toMatchObject({ status: 503, code: 'service_unavailable' });
  });
});
