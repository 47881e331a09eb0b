import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

/**
 * Starts the built server exactly as `npm start` runs it (dist/server.js, embedded PGlite in a
 * fresh data folder, demo data seeded on first start), with mail going to `smtpUrl`. `extraEnv`
 * adds settings (say MAILGUN_SIGNING_KEY) on top; without it the server starts as before.
 */
export async function startApp(smtpUrl: string, extraEnv: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '', // always the embedded database, as a fresh clone's npm start
      // Production refuses to start without a shop unless the demo is asked for, and seeds no
      // demo data unless asked (issue 24): the tests sign in as the demo accounts, shop or not.
      ...(extraEnv.SHOPIFY_API_BASE ? {} : { DEMO_MODE: 'true' }),
      SEED_DEMO_DATA: 'true',
      ...extraEnv,
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
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
