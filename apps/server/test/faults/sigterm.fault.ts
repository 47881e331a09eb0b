import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/db/schema/customers.ts';
import { seedIdentities } from '../../src/seed/identities.ts';
import { codeFrom } from '../helper.ts';
import { MailCatcher } from '../mail-catcher.ts';
import { figure, openFaultDatabase, sleep, type FaultDatabase } from './support.ts';

/**
 * SIGTERM under load, against the real server process (src/server.ts) on PostgreSQL: requests
 * under way finish, new ones are refused (503 on an open connection, or the port closed), the
 * process exits 0 within its grace, and every confirmed write is in the database.
 */

/** The grace server.ts gives in-flight requests before it gives up (its shutdown timer). */
const GRACE_MS = 10_000;
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

let fault: FaultDatabase;
let mail: MailCatcher;
let dataDir: string;
let server: ChildProcess;
let output = '';
let base: string;

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const address = s.address() as net.AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return address.port;
}

async function waitUntilUp(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server did not start:\n${output}`);
}

beforeAll(async () => {
  fault = await openFaultDatabase({ max: 2 });
  await seedIdentities(fault.database.db);
  mail = new MailCatcher();
  const smtpUrl = await mail.start();
  dataDir = mkdtempSync(path.join(tmpdir(), 'sp-sigterm-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: fault.directUrl,
      APP_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      // Production refuses to start without a shop unless the built-in demo shop is asked for.
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtpUrl,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  await waitUntilUp();
});

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await mail?.stop();
  await fault?.database.close();
  await fault?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(email: string): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const requested = await post('/api/auth/otp/request', { email });
  expect(requested.status).toBe(200);
  const code = codeFrom((await mail.waitFor(email, 10_000)).text);
  const verified = await post('/api/auth/otp/verify', { email, otpCode: code });
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

type Outcome =
  | { kind: 'answer'; status: number; id?: string; start: number; end: number }
  | { kind: 'network'; error: string; start: number; end: number };

describe('SIGTERM under load', () => {
  it('finishes what is under way, refuses new requests, exits 0 within the grace, loses no confirmed write', async () => {
    const token = await signIn('manager@nordic.example.com');
    const outcomes: Outcome[] = [];
    let n = 0;
    let exited = false;
    const exit = new Promise<{ code: number | null; at: number }>((resolve) =>
      server.once('exit', (code) => {
        exited = true;
        resolve({ code, at: performance.now() });
      }),
    );

    const workers = Array.from({ length: 16 }, async () => {
      while (!exited) {
        n += 1;
        const start = performance.now();
        try {
          const res = await fetch(`${base}/api/customers`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Sigterm Kunde ${n}`, email: `sigterm${n}@example.net` }),
          });
          const body = (await res.json()) as { id?: string };
          outcomes.push({
            kind: 'answer',
            status: res.status,
            ...(res.status === 201 && body.id ? { id: body.id } : {}),
            start,
            end: performance.now(),
          });
        } catch (err) {
          const cause = (err as { cause?: { code?: string; message?: string } }).cause;
          outcomes.push({
            kind: 'network',
            error: cause?.code ?? cause?.message ?? String(err),
            start,
            end: performance.now(),
          });
          await sleep(10);
        }
      }
    });

    await sleep(1_500);
    const termAt = performance.now();
    server.kill('SIGTERM');
    const { code, at: exitAt } = await exit;
    await Promise.all(workers);
    const afterExit = await fetch(`${base}/api/health`).then(
      () => 'answered',
      (err: unknown) => (err as { cause?: { code?: string } }).cause?.code ?? 'failed',
    );

    const answers = outcomes.filter((o) => o.kind === 'answer');
    const confirmed = answers.flatMap((o) => (o.id ? [o.id] : []));
    const found = await fault.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(like(customers.name, 'Sigterm Kunde %'));
    const confirmedFound = confirmed.length
      ? await fault.database.db
          .select({ id: customers.id })
          .from(customers)
          .where(inArray(customers.id, confirmed))
      : [];
    const finishedAfterTerm = answers.filter((o) => o.start < termAt && o.end > termAt && o.status === 201);

    expect(code, output).toBe(0);
    expect(exitAt - termAt).toBeLessThan(GRACE_MS);
    expect(answers.filter((o) => o.status !== 201 && o.status !== 503)).toEqual([]);
    expect(confirmedFound.length).toBe(confirmed.length);
    // Nothing was written whose answer was lost: in-flight requests finished and were answered.
    expect(found.length).toBe(confirmed.length);
    expect(afterExit).toBe('ECONNREFUSED');
    expect(output).not.toMatch(/shutdown timed out|error during shutdown/);

    figure('SIGTERM under load', {
      requests: outcomes.length,
      confirmedWrites: confirmed.length,
      rowsFound: found.length,
      inFlightAtSigtermFinished: finishedAfterTerm.length,
      refused503: answers.filter((o) => o.status === 503).length,
      refusedConnection: outcomes.filter((o) => o.kind === 'network').length,
      exitMsAfterSigterm: Math.round(exitAt - termAt),
      graceMs: GRACE_MS,
      exitCode: code,
    });
  });
});
