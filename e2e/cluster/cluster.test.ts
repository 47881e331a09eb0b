import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../../apps/server/test/mail-catcher.ts';
import { ClusterDatabase, freePort, Instance, Proxy, SERVER_JS, sleep } from './support/cluster.ts';

/*
 * Three instances of the built server on one PostgreSQL database and one Redis, behind nginx on
 * loopback (issue 11). Everything a client does goes through the proxy, except where a check
 * needs to reach one instance in particular.
 */

const PG_SERVER = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
// A Redis database of its own, emptied at the start: counters of an earlier run do not count.
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const PER_USER = 500;
const PER_IP = 60;

const ADMIN = 'admin@example.com';
const OFFICE = 'office@nordic.example.com'; // Administrator at Nordic: load
const FJORD = 'manager@fjord.example.com'; // ServiceManager at Fjord: load
const MANAGER = 'manager@nordic.example.com'; // exhausts the per-user limit
const TECH = 'tech@nordic.example.com'; // no role: promoted, then deactivated

const mail = new MailCatcher();
const db = new ClusterDatabase(PG_SERVER);
const instances: Instance[] = [];
let proxy: Proxy | null = null;
let dataDir = '';
const tokens = new Map<string, string>();

const figures = {
  requests: 0,
  instances: 3,
  restarted: 0,
  killed: 0,
  writesConfirmed: 0,
  writesFound: 0,
  writesUnconfirmedButStored: 0,
  schedulePeriods: 0,
  jobsTakenOver: 0,
};

function count(status: number) {
  figures.requests += 1;
  return status;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string | undefined; json?: unknown; form?: string } = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = options.form;
  }
  const res = await fetch(`${base}${url}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  count(res.status);
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

const via = () => {
  if (!proxy) throw new Error('no proxy');
  return proxy.url;
};
const tokenOf = (email: string) => {
  const token = tokens.get(email);
  if (!token) throw new Error(`${email} is not signed in`);
  return token;
};

function codeFrom(text: string): string {
  const match = /code is (\d{6})/.exec(text);
  if (!match?.[1]) throw new Error(`no code in mail: ${text}`);
  return match[1];
}

async function verify(email: string, code: string): Promise<string> {
  const res = await call(via(), 'POST', '/api/auth/otp/verify', { json: { email, otpCode: code } });
  if (res.status !== 200) throw new Error(`verify ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

async function signIn(email: string): Promise<void> {
  const before = mail.messages.length;
  const res = await call(via(), 'POST', '/api/auth/otp/request', { json: { email } });
  if (res.status !== 200) throw new Error(`code for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  const message = await mail.waitFor(email, 10_000, before);
  tokens.set(email, await verify(email, codeFrom(message.text)));
}

/** Polls `probe` until it answers something other than null, or fails after `timeoutMs`. */
async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(200);
  }
}

/** The lines the probe jobs wrote (apps/server/src/lib/cluster-probe.ts), one per step of a run. */
function probeLines(): string[] {
  const file = path.join(dataDir, 'cluster-probe.log');
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

/** Runs `jobs` with at most `width` at a time; answers their results in order. */
async function pool<T>(jobs: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

beforeAll(async () => {
  if (!existsSync(SERVER_JS)) throw new Error(`${SERVER_JS} is missing: npm run test:cluster builds it`);
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  await redis.quit();

  await db.create();
  const smtpUrl = await mail.start();
  dataDir = mkdtempSync(path.join(tmpdir(), 'sp-cluster-'));
  const ports = [await freePort(), await freePort(), await freePort()];
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    APP_SECRET: randomBytes(32).toString('hex'),
    REDIS_URL,
    TRUST_PROXY: 'true',
    SMTP_URL: smtpUrl,
    SEED_DEMO_DATA: 'true',
    // The built-in demo shop (production refuses to start without a shop otherwise).
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_PER_USER: String(PER_USER),
    RATE_LIMIT_PER_IP: String(PER_IP),
    RATE_LIMIT_WINDOW_SECONDS: '60',
    // The probe jobs, and a short lease so that a killed instance's job is taken over quickly.
    CLUSTER_PROBE_JOBS: 'true',
    JOB_POLL_INTERVAL_MS: '300',
    JOB_LEASE_MS: '3000',
  };
  ports.forEach((port, i) => instances.push(new Instance(`instance ${i + 1}`, port, env)));
  // The first migrates and loads the demo data; the other two find both done.
  await instances[0]!.start();
  await Promise.all(instances.slice(1).map((i) => i.start()));
  proxy = await Proxy.start(ports);
}, 120_000);

afterAll(async () => {
  console.log(
    `cluster figures: requests ${figures.requests}, instances ${figures.instances}, ` +
      `restarted (SIGTERM) ${figures.restarted}, killed (SIGKILL) ${figures.killed}, ` +
      `writes confirmed ${figures.writesConfirmed}, writes found ${figures.writesFound}, ` +
      `unconfirmed but stored ${figures.writesUnconfirmedButStored}, ` +
      `schedule periods ${figures.schedulePeriods} (one run each), ` +
      `jobs taken over after a kill ${figures.jobsTakenOver}`,
  );
  await proxy?.stop();
  await Promise.all(instances.map((i) => i.stop('SIGKILL')));
  await mail.stop().catch(() => {});
  await db.drop().catch((err: unknown) => console.error('could not drop', db.name, err));
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis
    .connect()
    .then(() => redis.flushdb())
    .catch(() => {});
  redis.disconnect();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('three instances behind nginx', () => {
  it('hold the sign-in code limit when the requests are spread over the instances', async () => {
    const before = mail.messages.length;
    // Six at once for one e-mail, two on each instance: one code a minute, whichever instance.
    const answers = await Promise.all(
      instances.flatMap((i) =>
        [0, 1].map(() => call(i.url, 'POST', '/api/auth/otp/request', { json: { email: TECH } })),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429, 429]);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.body).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const message = await mail.waitFor(TECH, 10_000, before);
    expect(mail.messages.slice(before).filter((m) => m.to.includes(TECH))).toHaveLength(1);
    // The one code signs in through the proxy, whichever instance answers.
    tokens.set(TECH, await verify(TECH, codeFrom(message.text)));

    for (const email of [ADMIN, OFFICE, FJORD, MANAGER]) await signIn(email);
  });

  it('hold the per-user API limit across the instances (counters in Redis)', async () => {
    const token = tokenOf(MANAGER);
    const extra = 30;
    const answers = await pool(
      Array.from(
        { length: PER_USER + extra },
        () => () => call(via(), 'GET', '/api/customers?pageSize=1', { token }),
      ),
      10,
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PER_USER);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(extra);
    expect(refused[0]!.body).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: 'Too many attempts. Please try again later.',
    });
    expect(refused[0]!.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Each instance on its own refuses the user too; another user goes on.
    for (const instance of instances) {
      expect((await call(instance.url, 'GET', '/api/customers?pageSize=1', { token })).status).toBe(429);
      const other = await call(instance.url, 'GET', '/api/customers?pageSize=1', { token: tokenOf(OFFICE) });
      expect(other.status).toBe(200);
    }
  });

  it('hold the per-address API limit for callers without a session across the instances', async () => {
    // An inbound webhook without its secret answers 503: public, cheap, and counted by address.
    const hook = () =>
      call(via(), 'POST', '/api/webhooks/sms/inbound', { form: 'From=%2B4790000000&Body=hi' });
    const first = await hook();
    expect(first.status).toBe(503);
    const remaining = Number(first.headers.get('x-ratelimit-remaining'));
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThan(PER_IP);
    const extra = 15;
    const answers = await pool(
      Array.from({ length: remaining + extra }, () => hook),
      10,
    );
    expect(answers.filter((a) => a.status === 503)).toHaveLength(remaining);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(extra);
    for (const instance of instances) {
      const direct = await call(instance.url, 'POST', '/api/webhooks/sms/inbound', { form: 'Body=hi' });
      expect(direct.status).toBe(429);
      // Health probes are never limited.
      expect((await call(instance.url, 'GET', '/api/health')).status).toBe(200);
    }
  });

  it('apply a role change, a deactivation and a logout on every instance on the next request', async () => {
    const admin = tokenOf(ADMIN);
    const tech = tokenOf(TECH);
    // Every instance has the technician (no role) in its cache: pricing is for managers.
    for (const instance of instances) {
      expect((await call(instance.url, 'GET', '/api/pricing', { token: tech })).status).toBe(403);
    }
    const list = await call(via(), 'GET', `/api/admin/users?search=${encodeURIComponent(TECH)}`, {
      token: admin,
    });
    const found = (list.body as { items: { id: string }[] }).items[0];
    if (!found) throw new Error('technician not found');
    const read = async () =>
      (await call(via(), 'GET', `/api/admin/users/${found.id}`, { token: admin })).body as Record<
        string,
        unknown
      > & { version: number };
    const put = async (change: Record<string, unknown>) => {
      const u = await read();
      const res = await call(via(), 'PUT', `/api/admin/users/${found.id}`, {
        token: admin,
        json: {
          firstName: u.firstName,
          lastName: u.lastName,
          servicePartnerId: u.servicePartnerId,
          roles: u.roles,
          isActive: u.isActive,
          isGlobalAdmin: u.isGlobalAdmin,
          department: u.department,
          jobTitle: u.jobTitle,
          phoneNumber: u.phoneNumber,
          version: u.version,
          ...change,
        },
      });
      expect(res.status).toBe(200);
    };

    await put({ roles: ['ServiceManager'] });
    for (const instance of instances) {
      expect((await call(instance.url, 'GET', '/api/pricing', { token: tech })).status, instance.name).toBe(
        200,
      );
    }

    await put({ isActive: false });
    for (const instance of instances) {
      expect((await call(instance.url, 'GET', '/api/customers', { token: tech })).status, instance.name).toBe(
        401,
      );
    }

    // A logout on one instance ends the session on the others.
    for (const instance of instances) {
      expect((await call(instance.url, 'GET', '/api/admin/users?pageSize=1', { token: admin })).status).toBe(
        200,
      );
    }
    expect((await call(instances[0]!.url, 'POST', '/api/auth/logout', { token: admin })).status).toBe(204);
    for (const instance of instances) {
      const res = await call(instance.url, 'GET', '/api/admin/users?pageSize=1', { token: admin });
      expect(res.status, instance.name).toBe(401);
    }
  });

  it('lose no confirmed write through a rolling restart and a kill -9 under load', async () => {
    const run = randomBytes(3).toString('hex');
    const writers = [tokenOf(OFFICE), tokenOf(FJORD)];
    const load = { stop: false, confirmed: [] as string[], statuses: new Map<string, number>() };
    const note = (what: string) => load.statuses.set(what, (load.statuses.get(what) ?? 0) + 1);

    // Four writers, each at most ~3.5 writes a second: 7 a second per user stays under the
    // per-user limit (500 a minute) however long the restarts take.
    const worker = async (w: number) => {
      for (let n = 0; !load.stop; n += 1) {
        const started = Date.now();
        try {
          const res = await call(via(), 'POST', '/api/customers', {
            token: writers[(w + n) % 2],
            json: { name: `load-${run}-${w}-${n}` },
          });
          note(String(res.status));
          if (res.status === 201) load.confirmed.push((res.body as { id: string }).id);
        } catch (err) {
          note(`network: ${(err as Error).message}`);
        }
        await sleep(Math.max(0, 285 - (Date.now() - started)));
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    const confirmedAt = () => load.confirmed.length;

    try {
      await sleep(1500);
      for (const instance of instances) {
        const before = confirmedAt();
        const ended = await instance.stop('SIGTERM');
        expect(ended, `${instance.name} stops cleanly on SIGTERM`).toEqual({ code: 0, signal: null });
        figures.restarted += 1;
        await sleep(500); // served by the other two meanwhile
        await instance.start();
        await sleep(1000);
        expect(confirmedAt(), `writes go on while ${instance.name} restarts`).toBeGreaterThan(before);
      }
      const victim = instances[1]!;
      const ended = await victim.stop('SIGKILL');
      expect(ended.signal).toBe('SIGKILL');
      figures.killed += 1;
      await sleep(500);
      await victim.start();
      await sleep(1500);
    } finally {
      load.stop = true;
      await Promise.all(workers);
    }

    const confirmed = load.confirmed;
    figures.writesConfirmed = confirmed.length;
    const stored = await db.query<{ id: string; name: string }>(
      `select id, name from customers where name like $1`,
      [`load-${run}-%`],
    );
    figures.writesFound = stored.rowCount ?? 0;
    const storedIds = new Set(stored.rows.map((r) => r.id));
    const missing = confirmed.filter((id) => !storedIds.has(id));
    figures.writesUnconfirmedButStored = stored.rows.length - confirmed.length + missing.length;
    console.log('load answers:', Object.fromEntries(load.statuses));

    expect(confirmed.length).toBeGreaterThan(50);
    expect(missing, 'every confirmed write is in the database').toEqual([]);
    // Nothing was written twice (nginx never re-sent a write to another instance).
    expect(new Set(stored.rows.map((r) => r.name)).size).toBe(stored.rows.length);
    // Only the kill may cost answers; a SIGTERM restart finishes what it took on.
    const refusedOrLost = [...load.statuses].filter(([s]) => s !== '201').reduce((a, [, n]) => a + n, 0);
    expect(refusedOrLost).toBeLessThanOrEqual(8);
  });

  it('retry a job whose instance was killed with SIGKILL mid-run on another instance, applying its effect once', async () => {
    const created = await call(via(), 'POST', '/api/customers', {
      token: tokenOf(OFFICE),
      json: { name: 'Probe target' },
    });
    expect(created.status).toBe(201);
    const customerId = (created.body as { id: string }).id;
    // Queued as any instance would (the insert wakes every runner); 4 s of work after the effect.
    const inserted = await db.query<{ id: string }>(
      `insert into jobs (name, payload, state, attempts, max_attempts, run_at, created_at, updated_at)
       values ('probe.slow', $1::jsonb, 'queued', 0, 4, now(), now(), now()) returning id`,
      [JSON.stringify({ customerId, ms: 4000 })],
    );
    const jobId = inserted.rows[0]!.id;
    const applied = new RegExp(`^slow-applied ${jobId} 1 (\\d+) true$`);
    const first = await waitFor(
      'the first run to apply its effect',
      async () =>
        probeLines()
          .map((l) => applied.exec(l))
          .find((m) => m !== null) ?? null,
      15_000,
    );
    const victim = instances.find((i) => i.pid === Number(first[1]));
    if (!victim) throw new Error(`no instance has pid ${first[1]}`);
    const ended = await victim.stop('SIGKILL');
    expect(ended.signal).toBe('SIGKILL');
    figures.killed += 1;

    // Its lease runs out, another instance takes the job and finishes it.
    const done = await waitFor(
      'the job to succeed on another instance',
      async () => {
        const r = await db.query<{ state: string; attempts: number }>(
          'select state, attempts from jobs where id = $1',
          [jobId],
        );
        return r.rows[0]?.state === 'succeeded' ? r.rows[0] : null;
      },
      30_000,
    );
    expect(done.attempts).toBe(2);
    figures.jobsTakenOver += 1;
    const runs = probeLines().filter((l) => l.includes(` ${jobId} `));
    const starts = runs.filter((l) => l.startsWith('slow-start'));
    expect(starts).toHaveLength(2);
    // Two processes: the killed one, then another.
    expect(starts.map((l) => l.split(' ').at(-1))).toEqual([
      first[1],
      expect.not.stringMatching(`^${first[1]}$`),
    ]);
    expect(runs.filter((l) => l.startsWith('slow-applied')).map((l) => l.split(' ').at(-1))).toEqual([
      'true',
      'false',
    ]);
    expect(runs.filter((l) => l.startsWith('slow-done'))).toHaveLength(1);
    const customer = await db.query<{ notes: string | null }>('select notes from customers where id = $1', [
      customerId,
    ]);
    expect(customer.rows[0]?.notes).toBe('probe;');

    await victim.start();
  });

  it('run a scheduled job once per period, not once per instance', async () => {
    // probe.tick fires every minute; every instance (and every restart) tries each period.
    const slots = await waitFor(
      'two periods of the schedule',
      async () => {
        const r = await db.query<{ slot: Date; n: number; done: number }>(
          `select schedule_slot as slot, count(*)::int as n,
                  count(*) filter (where state = 'succeeded')::int as done
           from jobs where name = 'probe.tick' group by 1 order by 1`,
        );
        return r.rows.length >= 2 && r.rows.every((row) => row.done === row.n) ? r.rows : null;
      },
      90_000,
    );
    figures.schedulePeriods = slots.length;
    for (const row of slots) expect(row.n, row.slot.toISOString()).toBe(1);
    const ticks = probeLines().filter((l) => l.startsWith('tick '));
    for (const row of slots) {
      expect(ticks.filter((l) => l.startsWith(`tick ${row.slot.toISOString()} `))).toHaveLength(1);
    }
  }, 120_000);
});
