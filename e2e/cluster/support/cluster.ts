import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
export const SERVER_JS = path.join(ROOT, 'apps/server/dist/server.js');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
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

async function waitHealthy(url: string, alive: () => boolean, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`${url} exited before it was healthy:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy:\n${output()}`);
    await sleep(150);
  }
}

/**
 * One server process (the built dist/server.js, as production runs it) on a fixed loopback port,
 * so that it can be stopped and started again behind the same proxy entry.
 */
export class Instance {
  private child: ChildProcess | null = null;
  private log = '';
  readonly url: string;
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  output(): string {
    return this.log;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [SERVER_JS], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...this.env,
        PORT: String(this.port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const append = (c: Buffer) => {
      this.log += c.toString();
      // Keep the tail only: a long run must not grow without bound.
      if (this.log.length > 200_000) this.log = this.log.slice(-100_000);
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    this.child = child;
    await waitHealthy(
      this.url,
      () => this.running,
      () => this.log,
    );
  }

  /** Sends `signal` and waits for the process to end; answers how it ended. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; signal: string | null }> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      return { code: child?.exitCode ?? null, signal: child?.signalCode ?? null };
    }
    const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, sig) => resolve({ code, signal: sig })),
    );
    child.kill(signal);
    return ended;
  }
}

/** nginx from Debian's package, round-robin over the instances, in a folder of its own. */
export class Proxy {
  private child: ChildProcess | null = null;
  readonly url: string;
  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async start(upstreamPorts: number[]): Promise<Proxy> {
    const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
    if (!nginx) throw new Error('nginx is not installed (apt-get install -y nginx; .ci/run does it)');
    const dir = mkdtempSync(path.join(tmpdir(), 'sp-cluster-nginx-'));
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
    const port = await freePort();
    const proxy = new Proxy(dir, port);
    const runAs = process.getuid?.() === 0 ? 'user root;' : '';
    const conf = `
${runAs}
worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream portal {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 60m;
    location / {
      proxy_pass http://portal;
      proxy_set_header Host $host;
      # One proxy in front: the client is whoever connected to it. Replacing (not appending)
      # keeps a client from choosing its own address for the rate limits.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A refused connection (an instance restarting) moves on to the next instance; a request
      # already sent is never sent twice (nginx does not retry POST unless told to).
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
    const confFile = path.join(dir, 'nginx.conf');
    writeFileSync(confFile, conf);
    const test = spawnSync(nginx, ['-t', '-p', dir, '-c', confFile], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
    proxy.child = spawn(nginx, ['-p', dir, '-c', confFile, '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        const res = await fetch(`${proxy.url}/api/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (proxy.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`nginx did not start:\n${proxy.errorLog()}`);
      }
      await sleep(100);
    }
    return proxy;
  }

  errorLog(): string {
    const file = path.join(this.dir, 'error.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const ended = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await Promise.race([ended, sleep(5000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A fresh PostgreSQL database for one run, dropped at the end. */
export class ClusterDatabase {
  readonly name = `sp_cluster_${randomBytes(5).toString('hex')}`;
  readonly url: string;
  private readonly adminUrl: string;
  private pool: pg.Pool | null = null;

  constructor(serverUrl: string) {
    const base = serverUrl.replace(/\/+$/, '');
    const u = new URL(base);
    u.pathname = '/postgres';
    this.adminUrl = u.toString();
    u.pathname = `/${this.name}`;
    this.url = u.toString();
  }

  async create(): Promise<void> {
    const admin = new pg.Client({ connectionString: this.adminUrl });
    await admin.connect();
    await admin.query(`create database ${this.name}`);
    await admin.end();
  }

  query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    this.pool ??= new pg.Pool({ connectionString: this.url, max: 2 });
    return this.pool.query<R>(text, values);
  }

  async drop(): Promise<void> {
    await this.pool?.end().catch(() => {});
    const admin = new pg.Client({ connectionString: this.adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${this.name} with (force)`);
    await admin.end();
  }
}
