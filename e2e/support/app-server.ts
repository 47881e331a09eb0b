import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** A server process started on `dataDir`, healthy. */
interface Launched {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts dist/server.js on `dataDir` with `env` on top of the e2e settings; waits until healthy. */
async function launch(dataDir: string, env: Record<string, string>): Promise<Launched> {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '', // always the embedded database, as a fresh clone's npm start
      // Production refuses to start without a shop unless the demo is asked for, and seeds no
      // demo data unless asked (issue 24): the tests sign in as the demo accounts, shop or not.
      ...(env.SHOPIFY_API_BASE ? {} : { DEMO_MODE: 'true' }),
      SEED_DEMO_DATA: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running: a server that missed the deadline on a loaded machine would keep using it.
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, url, output: () => output };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The partner's calendar day the demo data is seeded relative to (the seed's "today"). */
const seedDay = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Oslo' });

/**
 * The data folder of a server that has migrated the embedded database and seeded the demo data,
 * then stopped, made once per run (global-setup.ts) for the files to start from a copy: a fresh
 * start spends ≈ 10 s of each file on that. Its jobs are not run (JOB_CONCURRENCY=0): the copies'
 * servers find them queued, as a fresh seed leaves them.
 */
export async function makeSeededTemplate(): Promise<{ dir: string; day: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-e2e-template-'));
  const day = seedDay();
  try {
    const app = await launch(dir, { SMTP_URL: 'smtp://127.0.0.1:9', JOB_CONCURRENCY: '0' });
    await stopChild(app.child);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return { dir, day };
}

/**
 * Starts the built server exactly as `npm start` runs it (dist/server.js, embedded PGlite in a
 * fresh data folder, demo data seeded on first start), with mail going to `smtpUrl`. `extraEnv`
 * adds settings (say MAILGUN_SIGNING_KEY) on top; without it the server starts as before. A file
 * without `extraEnv` starts from a copy of the run's seeded template (global-setup.ts) while the
 * partner's day is still the one it was seeded on; otherwise it migrates and seeds its own.
 */
export async function startApp(smtpUrl: string, extraEnv: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-e2e-'));
  const template = inject('e2eTemplate');
  if (template && Object.keys(extraEnv).length === 0 && template.day === seedDay())
    cpSync(template.dir, dataDir, { recursive: true });
  let app: Launched;
  try {
    app = await launch(dataDir, { SMTP_URL: smtpUrl, ...extraEnv });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: app.url,
    output: app.output,
    async stop() {
      await stopChild(app.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
