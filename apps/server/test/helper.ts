import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedIdentities } from '../src/seed/identities.ts';
import { withDatabase } from './global-setup.ts';
import { MailCatcher } from './mail-catcher.ts';

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL in the PG pass. */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('pgTemplate');
  if (template) {
    const adminUrl = inject('pgAdminUrl');
    const name = `sp_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const database = await openDatabase({ driver: 'postgres', url: withDatabase(adminUrl, name), max: 5 });
    const closePool = database.close.bind(database);
    database.close = async () => {
      await closePool();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
    return database;
  }
  return leasePglite();
}

/**
 * PGlite databases of this worker that a file closed, kept to be handed to a later file once put
 * back as the migrated snapshot left them. Opening one from the snapshot costs 0.6–2 s (the dump
 * unpacked, PostgreSQL started in WebAssembly); emptying its tables costs a small part of that.
 * Server test files share a worker's modules (decision 071), so this list lives from file to file.
 */
const restingPglites: Database[] = [];
/** At most this many are kept; a file that opens more gets fresh ones and the rest are closed. */
const MAX_RESTING = 2;
let snapshotBlob: Blob | undefined;
let snapshotShape: Promise<SnapshotShape> | undefined;

/** What a database fresh from the snapshot holds, to put a used one back to it (`backToSnapshot`). */
interface SnapshotShape {
  /** The snapshot's objects (tables, indexes, sequences, views, functions, triggers, types). */
  objects: string;
  /** The tables the snapshot leaves empty: every table but the migrations' own records. */
  emptyTables: string[];
  /** The tables it fills (the migrations journal, the history's table list) and their contents. */
  filledTables: string[];
  filled: string;
}

/** Non-system schemas' objects; a test that adds or drops one gets a fresh database next. */
const OBJECTS_SQL = `
  select md5(coalesce(string_agg(x, ',' order by x), '')) as h from (
    select 'c' || c.oid || c.relname || c.relkind::text as x from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname !~ '^pg_'
    union all select 'p' || p.oid || p.proname from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
     where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'
    union all select 't' || t.oid || t.tgname || t.tgenabled::text from pg_trigger t where not t.tgisinternal
    union all select 'y' || t.oid || t.typname from pg_type t
      join pg_namespace n on n.oid = t.typnamespace
     where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'
  ) objects`;

const TABLES_SQL = `
  select format('%I.%I', n.nspname, c.relname) as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p') and not c.relispartition
     and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'
   order by 1`;

type Pglite = { query<T>(sql: string): Promise<{ rows: T[] }>; exec(sql: string): Promise<unknown> };
/** The PGlite under the database's actor-aware view of it (`actorAwarePglite`: its prototype). */
const pgliteOf = (database: Database) =>
  Object.getPrototypeOf((database.db as unknown as { $client: object }).$client) as Pglite;

async function filledContents(client: Pglite, tables: string[]): Promise<string> {
  if (tables.length === 0) return '';
  const parts = tables.map(
    (t) => `select md5(coalesce(string_agg(r::text, ',' order by r::text), '')) as h from ${t} r`,
  );
  const rows = await client.query<{ h: string }>(parts.join(' union all '));
  return rows.rows.map((r) => r.h).join(',');
}

async function shapeOf(database: Database): Promise<SnapshotShape> {
  const client = pgliteOf(database);
  const tables = (await client.query<{ name: string }>(TABLES_SQL)).rows.map((r) => r.name);
  const filledTables: string[] = [];
  const emptyTables: string[] = [];
  for (const t of tables) {
    const { rows } = await client.query<{ any: boolean }>(`select exists (select from ${t}) as any`);
    (rows[0]?.any ? filledTables : emptyTables).push(t);
  }
  const objects = (await client.query<{ h: string }>(OBJECTS_SQL)).rows[0]?.h ?? '';
  return { objects, emptyTables, filledTables, filled: await filledContents(client, filledTables) };
}

/**
 * Puts a database a file has closed back as the snapshot left it: the session's state discarded
 * (settings, temporary tables, listens, locks), every table the snapshot leaves empty emptied and
 * its sequences restarted, the planner's statistics of the database's own objects dropped (a fresh
 * one has none). False when it cannot be (a test added or dropped an object or changed the migrations'
 * records): then it is closed and the file gets a fresh one.
 */
async function backToSnapshot(database: Database, shape: SnapshotShape): Promise<boolean> {
  const client = pgliteOf(database);
  await client.exec('discard all');
  const objects = (await client.query<{ h: string }>(OBJECTS_SQL)).rows[0]?.h;
  if (objects !== shape.objects) return false;
  if ((await filledContents(client, shape.filledTables)) !== shape.filled) return false;
  // Objects of the database's own have ids from 16384 (FirstNormalObjectId) on.
  await client.exec(
    `truncate ${shape.emptyTables.join(', ')} restart identity cascade;
     delete from pg_statistic where starelid >= 16384;`,
  );
  return true;
}

async function freshPglite(): Promise<Database> {
  snapshotBlob ??= new Blob([readFileSync(inject('pgliteSnapshot'))]);
  return openDatabase({ driver: 'pglite', dataDir: 'memory://', loadDataDir: snapshotBlob });
}

/** A PGlite database as the snapshot left it, resting or fresh; closing it puts it to rest. */
async function leasePglite(): Promise<Database> {
  let database: Database | undefined;
  for (let resting = restingPglites.pop(); resting; resting = restingPglites.pop()) {
    if (snapshotShape && (await backToSnapshot(resting, await snapshotShape))) {
      database = resting;
      break;
    }
    await resting.close();
  }
  if (!database) {
    database = await freshPglite();
    const fresh = database;
    snapshotShape ??= shapeOf(fresh);
    await snapshotShape;
  }
  const leased = database;
  let returned = false;
  return {
    ...leased,
    close: async () => {
      if (returned) return;
      returned = true;
      if (restingPglites.length < MAX_RESTING) restingPglites.push(leased);
      else await leased.close();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    database: { driver: 'pglite', dataDir: 'memory://' },
    smtpUrl: undefined,
    mailFrom: 'Service Portal <no-reply@service-portal.test>',
    appSecret: randomBytes(32).toString('hex'),
    publicUrl: 'http://127.0.0.1',
    logLevel: 'silent',
    trustProxy: false,
    webDistDir: '/nonexistent',
    seedDemoData: false,
    inboundEmailDomain: 'inbound.service-portal.test',
    mailgunSigningKey: undefined,
    sms: {
      apiBaseUrl: 'http://127.0.0.1:9',
      accountSid: undefined,
      authToken: undefined,
      from: undefined,
      defaultCountryCode: '47',
    },
    storage: { driver: 'local', root: path.join(tmpdir(), `sp-files-${randomBytes(6).toString('hex')}`) },
    uploads: { imageMaxBytes: 10 * 1024 * 1024, totalMaxBytes: 50 * 1024 * 1024 },
    documents: { maxBytes: 50 * 1024 * 1024 },
    redisUrl: undefined,
    // Far above what any suite sends; the limiter's own tests set theirs low.
    rateLimit: { perUser: 100_000, perIp: 100_000, perToken: 100_000, windowMs: 60_000 },
    jobs: { concurrency: 4, pollIntervalMs: 200, leaseMs: 60_000 },
    webhooks: { allowedCidrs: [], timeoutMs: 2_000, retentionDays: 30 },
    shutdownGraceMs: 5_000,
    metrics: { enabled: false, token: undefined },
    clusterProbeJobs: false,
    // No shop: the app's shop client answers 'unavailable'. Suites that need one use
    // startTestShop() (test/shop-fixture.ts) and pass its configOverrides.
    shop: {
      shop: 'nordic-sanitary-demo.myshopify.com',
      apiBase: null,
      apiVersion: '2026-10',
      tokenSource: 'static',
      adminToken: 'shpat_test_admin_token',
      tokenRefreshMarginMs: 300_000,
      demo: false,
      apiKey: 'test-api-key-0123456789',
      apiSecret: 'shpss_test_api_secret',
      previousApiSecret: undefined,
      allowlist: ['nordic-sanitary-demo.myshopify.com'],
      timeoutMs: 5_000,
    },
    ...overrides,
  };
}

export interface TestContext {
  app: FastifyInstance;
  mail: MailCatcher;
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

/** The clock of the newest test context: sign-ins move it, so "today" is the server's, not the wall's. */
let newestClock: { now: Date } | null = null;

/**
 * Now as the server under test sees it. A test's "today" must follow it: each sign-in moves the
 * clock 12.5 minutes, and in the last hour before midnight the wall clock's day is the day before.
 */
export function testNow(): Date {
  return newestClock ? new Date(newestClock.now.getTime()) : new Date();
}

/**
 * The app as the server builds it, on its own database with the demo identities, mail going
 * over real SMTP to a catcher on loopback, and a clock the test can move.
 */
export async function createTestContext(
  options: {
    config?: Partial<Config>;
    logStream?: { write(line: string): void };
    /** An opened, migrated database to use instead of a fresh one (the fault tests' own). */
    database?: Database;
    /** Replaces the shop client (a test's own catalogue source). */
    shopClient?: BuildOptions['shopClient'];
    /** The catalogue sync's start-up and schedule (tests drive the sync themselves). */
    productSync?: BuildOptions['productSync'];
    /** Webhook subscriptions at start (default: subscribed when a shop is configured). */
    shopWebhooks?: BuildOptions['shopWebhooks'];
  } = {},
): Promise<TestContext> {
  const database = options.database ?? (await openTestDatabase());
  await seedIdentities(database.db);
  const mail = new MailCatcher();
  const smtpUrl = await mail.start();
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  newestClock = clock;
  const config = testConfig({
    smtpUrl,
    ...(options.logStream ? { logLevel: 'debug' as const } : {}),
    ...options.config,
  });
  const app = await buildApp({
    config,
    database,
    closeDatabase: true,
    now: () => clock.now,
    ...(options.shopClient ? { shopClient: options.shopClient } : {}),
    ...(options.productSync ? { productSync: options.productSync } : {}),
    ...(options.shopWebhooks ? { shopWebhooks: options.shopWebhooks } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  return {
    app,
    mail,
    clock,
    async close() {
      // Server test files share modules (decision 071): the next file's "today" is the wall's.
      if (newestClock === clock) newestClock = null;
      await app.close();
      await mail.stop();
      if (config.storage.driver === 'local') rmSync(config.storage.root, { recursive: true, force: true });
    },
  };
}

let ipCounter = 0;
/** A distinct client address per sign-in, so the per-IP limit does not bleed between tests. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Signs in through the real OTP flow (mail caught over SMTP) and returns the bearer token. */
export async function signIn(ctx: TestContext, email: string): Promise<string> {
  await ctx.app.outbox.drain(); // earlier sends must not be mistaken for this one
  const before = ctx.mail.messages.length;
  const ip = nextIp();
  const req = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/otp/request',
    payload: { email },
    remoteAddress: ip,
  });
  if (req.statusCode !== 200) throw new Error(`otp request for ${email}: ${req.statusCode} ${req.body}`);
  const mail = await ctx.mail.waitFor(email, 5000, before);
  const code = codeFrom(mail.text);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { email, otpCode: code },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`otp verify for ${email}: ${res.statusCode} ${res.body}`);
  // Spaced so that repeated sign-ins of one e-mail stay under its 5-an-hour send limit.
  ctx.clock.advance(12.5 * 60_000);
  return res.json<{ token: string }>().token;
}

export function codeFrom(text: string): string {
  const match = /code is (\d{6})/.exec(text);
  if (!match?.[1]) throw new Error(`no code in mail: ${text}`);
  return match[1];
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
