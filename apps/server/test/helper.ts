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
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  return openDatabase({ driver: 'pglite', dataDir: 'memory://', loadDataDir: new Blob([snapshot]) });
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
