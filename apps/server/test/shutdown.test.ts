import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { jobs } from '../src/db/schema/jobs.ts';
import { MAIL_JOB } from '../src/integrations/mail/mailer.ts';
import { seedIdentities } from '../src/seed/identities.ts';
import { withDatabase } from './global-setup.ts';
import { MailCatcher } from './mail-catcher.ts';

// The real server (src/server.ts under tsx) as a child process: SIGTERM while a job is sending
// mail to a slow SMTP server. Within the grace the job finishes; past it, it goes back to the queue.

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Prepared {
  dataDir: string;
  /** Set in the PostgreSQL pass: the child runs against a database cloned from the template. */
  databaseUrl: string | undefined;
  open: () => Promise<Database>;
}

/** A migrated database with the demo identities, as the child will open it (PGlite or PostgreSQL). */
async function prepare(): Promise<Prepared> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-shutdown-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const template = inject('pgTemplate');
  if (template) {
    const adminUrl = inject('pgAdminUrl');
    const name = `sp_shutdown_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const databaseUrl = withDatabase(adminUrl, name);
    cleanups.push(async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    });
    const open = () => openDatabase({ driver: 'postgres', url: databaseUrl, max: 2 });
    const database = await open();
    await seedIdentities(database.db);
    await database.close();
    return { dataDir, databaseUrl, open };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const database = await openDatabase({
    driver: 'pglite',
    dataDir: path.join(dataDir, 'db'),
    loadDataDir: new Blob([snapshot]),
  });
  await seedIdentities(database.db);
  await database.close();
  return {
    dataDir,
    databaseUrl: undefined,
    open: () => openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') }),
  };
}

interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  base: string;
}

async function startServer(db: Prepared, smtpUrl: string, graceMs: number): Promise<Child> {
  const { dataDir } = db;
  const port = await freePort();
  let output = '';
  // Only the variables below: nothing of the test run's own environment (TEST_DATABASE_URL, …).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      SEED_DEMO_DATA: 'false',
      SMTP_URL: smtpUrl,
      SHUTDOWN_GRACE_MS: String(graceMs),
      JOB_POLL_INTERVAL_MS: '100',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  });
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ready = await fetch(`${base}/api/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > end) throw new Error(`server not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { process: child, output: () => output, exited, base };
}

async function mailJob(db: Prepared) {
  const database = await db.open();
  try {
    const rows = await database.db.select().from(jobs).where(eq(jobs.name, MAIL_JOB));
    return rows;
  } finally {
    await database.close();
  }
}

async function slowCatcher(delayMs: number) {
  const mail = new MailCatcher();
  mail.delayMs = delayMs;
  const url = await mail.start();
  cleanups.push(() => mail.stop());
  let arriving!: () => void;
  const started = new Promise<void>((resolve) => (arriving = resolve));
  mail.onDataStart = arriving;
  return { mail, url, started };
}

// Starting tsx and PGlite in a child takes seconds on a busy machine.
describe('SIGTERM', { timeout: 120_000 }, () => {
  it('lets a job under way finish within the grace, then exits 0', async () => {
    const db = await prepare();
    const smtp = await slowCatcher(1500);
    const server = await startServer(db, smtp.url, 10_000);

    const res = await fetch(`${server.base}/api/auth/otp/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'shutdown-test-1' },
      body: JSON.stringify({ email: 'admin@example.com' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('shutdown-test-1');
    await smtp.started; // the job is sending now
    server.process.kill('SIGTERM');

    expect(await server.exited).toBe(0);
    expect(smtp.mail.messages.map((m) => m.to)).toEqual([['admin@example.com']]);
    expect(server.output()).toContain('shutting down');
    expect(server.output()).not.toContain('given back to the queue');
    const [job] = await mailJob(db);
    expect(job).toMatchObject({ state: 'succeeded', attempts: 1, requestId: 'shutdown-test-1' });
    // The job's log lines carry the request's id.
    expect(server.output()).toMatch(/"reqId":"shutdown-test-1"[^\n]*"msg":"mail sent"/);
  });

  it('past the grace, gives the job back to the queue (attempt not counted) and still exits 0', async () => {
    const db = await prepare();
    const smtp = await slowCatcher(20_000);
    const server = await startServer(db, smtp.url, 300);

    await fetch(`${server.base}/api/auth/otp/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com' }),
    });
    await smtp.started;
    server.process.kill('SIGTERM');

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('given back to the queue');
    const [job] = await mailJob(db);
    expect(job).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    expect(job!.lastError).toMatch(/shutdown/);
  });
});
