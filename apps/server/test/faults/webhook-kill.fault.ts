import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookAttempt, WebhookEndpoint } from '@service-portal/shared/webhooks';
import { seedIdentities } from '../../src/seed/identities.ts';
import { codeFrom } from '../helper.ts';
import { MailCatcher } from '../mail-catcher.ts';
import { orderInput } from '../service-order-fixtures.ts';
import { WebhookReceiver } from '../webhook-receiver.ts';
import { openFaultDatabase, sleep, type FaultDatabase } from './support.ts';

/**
 * kill -9 during a webhook delivery, against the real server process (src/server.ts) on
 * PostgreSQL: the receiver has the request but the process dies before it hears the answer. After
 * a restart the delivery job's lease runs out, it runs again, and the receiver gets the event
 * again with the same webhook-id: at least once, recognisably the same message.
 */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

let fault: FaultDatabase;
let mail: MailCatcher;
let receiver: WebhookReceiver;
let dataDir: string;
let server: ChildProcess | null = null;
let output = '';
let base: string;
let env: NodeJS.ProcessEnv;

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const address = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return address.port;
}

async function startServer(): Promise<void> {
  output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server did not start:\n${output}`);
}

async function killServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}

async function api<T>(
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
}

async function signIn(email: string): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const after = mail.messages.length;
  expect((await post('/api/auth/otp/request', { email })).status).toBe(200);
  const code = codeFrom((await mail.waitFor(email, 10_000, after)).text);
  const verified = await post('/api/auth/otp/verify', { email, otpCode: code });
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

beforeAll(async () => {
  fault = await openFaultDatabase({ max: 2 });
  await seedIdentities(fault.database.db);
  mail = new MailCatcher();
  const smtpUrl = await mail.start();
  receiver = new WebhookReceiver();
  await receiver.start();
  dataDir = mkdtempSync(path.join(tmpdir(), 'sp-webhook-kill-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: fault.directUrl,
    APP_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtpUrl,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // The receiver is on loopback; a short lease so the restarted server takes the job soon.
    WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
    JOB_LEASE_MS: '2000',
    JOB_POLL_INTERVAL_MS: '200',
  };
  await startServer();
});

afterAll(async () => {
  await killServer();
  await receiver?.stop();
  await mail?.stop();
  await fault?.database.close();
  await fault?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during a webhook delivery', () => {
  it('delivers the event after a restart, with the same webhook-id', async () => {
    const admin = await signIn('office@nordic.example.com');
    const created = await api<WebhookEndpoint>(admin, 'POST', '/webhooks', {
      url: receiver.url,
      events: ['order.created'],
    });
    expect(created.status).toBe(201);
    const endpoint = created.json;

    // The receiver takes the request and keeps the answer back: the delivery is under way.
    receiver.hold = true;
    const order = await api<{ id: string }>(admin, 'POST', '/service-orders', orderInput());
    expect(order.status).toBe(201);
    await receiver.waitFor(1, 15_000);
    await killServer();
    receiver.release();

    await startServer();
    const received = await receiver.waitFor(2, 30_000);
    // Once the restarted server has recorded the attempt, nothing more comes. (The session
    // outlives the process: it is in the database.)
    const again = admin;
    let log: WebhookAttempt[] = [];
    for (let i = 0; i < 50 && log.length === 0; i++) {
      log = (await api<{ items: WebhookAttempt[] }>(again, 'GET', `/webhooks/${endpoint.id}/attempts`)).json
        .items;
      if (log.length === 0) await sleep(200);
    }
    await sleep(1_000);
    expect(received).toHaveLength(2);
    const ids = new Set(received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const r of received) {
      const payload = new Webhook(endpoint.secret).verify(r.body, r.headers) as {
        type: string;
        data: { id: string };
      };
      expect(payload).toMatchObject({ type: 'order.created', data: { id: order.json.id } });
    }
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ attempt: 1, outcome: 'succeeded', messageId: [...ids][0] });
    console.log(`[figure] webhook kill -9: ${received.length} requests, ${ids.size} webhook-id`);
  });
});
