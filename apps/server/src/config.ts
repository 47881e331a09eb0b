import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { StorageConfig } from './integrations/storage/storage.ts';
import { parseCidr } from './lib/ip-ranges.ts';
import { deriveKey } from './lib/secrets.ts';

/** integrations.md: a valid shop host. */
export const SHOP_HOST = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Service Portal <no-reply@service-portal.local>'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().optional(),
  // Unset: true outside production, false in production unless DEMO_MODE=true (issue 24).
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  // The built-in demo shop and demo data in production: only when asked for (issue 24).
  DEMO_MODE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Communications (issue 6): replies come back to reply+{token}@INBOUND_EMAIL_DOMAIN.
  INBOUND_EMAIL_DOMAIN: z
    .string()
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
      'INBOUND_EMAIL_DOMAIN must be a domain name',
    )
    .optional(),
  MAILGUN_SIGNING_KEY: z.string().min(8, 'MAILGUN_SIGNING_KEY looks too short').optional(),
  SMS_API_BASE_URL: z.url().default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC\w{8,}$/, 'TWILIO_ACCOUNT_SID must start with AC')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(8, 'TWILIO_AUTH_TOKEN looks too short').optional(),
  SMS_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|[A-Za-z][A-Za-z0-9 ]{0,10})$/,
      'SMS_FROM must be an E.164 number (+4759440000) or a sender name of up to 11 characters',
    )
    .optional(),
  // Several instances (issue 11): Redis holds what they must share (the API rate limit's counters).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  RATE_LIMIT_PER_USER: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_PER_TOKEN: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SMS_DEFAULT_COUNTRY_CODE: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, 'SMS_DEFAULT_COUNTRY_CODE must be a calling code without +, e.g. 47')
    .default('47'),
  // File storage (issue 14): a folder under DATA_DIR, or an S3-compatible bucket.
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  UPLOAD_MAX_IMAGE_MB: z.coerce.number().int().min(1).max(100).default(10),
  UPLOAD_MAX_TOTAL_MB: z.coerce.number().int().min(1).max(1000).default(50),
  // The info center (issue 17): per document file.
  DOCUMENT_MAX_MB: z.coerce.number().int().min(1).max(2000).default(50),
  // Background jobs and operations (issue 11).
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(4),
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // Webhooks out (docs/decisions/056-webhooks-out.md): addresses (CIDRs or single addresses,
  // comma-separated) an endpoint may reach although they are private, loopback or link-local;
  // plain http is allowed only to these. Empty: public https addresses only.
  WEBHOOK_ALLOWED_CIDRS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const item of list) {
        if (!parseCidr(item)) {
          ctx.addIssue({ code: 'custom', message: `WEBHOOK_ALLOWED_CIDRS: ${item} is no address or CIDR` });
        }
      }
      return list;
    }),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Days the delivered (or finally failed) webhook events and their delivery log are kept.
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  METRICS_ENABLED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  // The cluster test's probe jobs (lib/cluster-probe.ts); never set in a real installation.
  CLUSTER_PROBE_JOBS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // The shop (issue 13): unset SHOPIFY_API_BASE → the built-in demo shop on loopback.
  SHOPIFY_SHOP: z
    .string()
    .regex(SHOP_HOST, 'SHOPIFY_SHOP must be a shop host like name.myshopify.com')
    .default('nordic-sanitary-demo.myshopify.com'),
  SHOPIFY_API_BASE: z.url().optional(),
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^\d{4}-(01|04|07|10)$/, 'SHOPIFY_API_VERSION must be a quarterly version like 2026-10')
    .default('2026-10'),
  SHOPIFY_ADMIN_TOKEN: z.string().min(8, 'SHOPIFY_ADMIN_TOKEN looks too short').optional(),
  // Where the offline Admin API token comes from (docs/decisions/045-shop-tokens.md).
  SHOPIFY_TOKEN_SOURCE: z.enum(['static', 'client_credentials', 'installed']).optional(),
  SHOPIFY_TOKEN_REFRESH_MARGIN_SECONDS: z.coerce.number().int().min(0).max(3000).default(300),
  SHOPIFY_API_KEY: z.string().min(8, 'SHOPIFY_API_KEY looks too short').optional(),
  SHOPIFY_API_SECRET: z.string().min(8, 'SHOPIFY_API_SECRET looks too short').optional(),
  SHOPIFY_API_SECRET_PREVIOUS: z.string().min(8, 'SHOPIFY_API_SECRET_PREVIOUS looks too short').optional(),
  SHOPIFY_SHOP_ALLOWLIST: z
    .string()
    .refine(
      (v) => v.split(',').every((h) => SHOP_HOST.test(h.trim())),
      'SHOPIFY_SHOP_ALLOWLIST must be a comma list of shop hosts like name.myshopify.com',
    )
    .optional(),
  SHOPIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  database:
    | { driver: 'pglite'; dataDir: string }
    | {
        driver: 'postgres';
        url: string;
        /** A query running longer is cancelled; the request answers 503 (docs/decisions/019). */
        statementTimeoutMs: number;
        /** Waiting longer for a connection (a new one, or a free one of the pool) answers 503. */
        connectTimeoutMs: number;
      };
  smtpUrl: string | undefined;
  mailFrom: string;
  appSecret: string;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  webDistDir: string | undefined;
  seedDemoData: boolean;
  /** The domain of reply+{token}@… addresses on outgoing mail. */
  inboundEmailDomain: string;
  /** Verifies inbound-mail webhooks; unset → the webhook answers 503. */
  mailgunSigningKey: string | undefined;
  sms: SmsConfig;
  storage: StorageConfig;
  /** Spec §5: 10 MB per image, 50 MB per upload (a customer link in all). */
  uploads: { imageMaxBytes: number; totalMaxBytes: number };
  /** Issue 17: the largest document file (DOCUMENT_MAX_MB, default 50 MB). */
  documents: { maxBytes: number };
  /** Shared state of several instances; unset → one instance only (counters in this process). */
  redisUrl: string | undefined;
  rateLimit: RateLimitConfig;
  jobs: JobsConfig;
  /** SIGTERM: requests and jobs under way get this long to finish before the process closes. */
  shutdownGraceMs: number;
  /** Webhooks out: addresses allowed although private (tests, private networks), time limit. */
  webhooks: { allowedCidrs: string[]; timeoutMs: number; retentionDays: number };
  /** GET /api/metrics answers when enabled; with a token, only to `Authorization: Bearer <token>`. */
  metrics: { enabled: boolean; token: string | undefined };
  /** Registers the cluster test's probe jobs (test only). */
  clusterProbeJobs: boolean;
  shop: ShopConfig;
}

/**
 * The shop (integrations.md "Shop platform"). `apiBase` null: no shop is configured, and the
 * server starts the built-in demo shop (apps/demo-shop) with these key, secret and token, then
 * passes the effective base URL on (docs/decisions/023-demo-shop.md).
 */
export interface ShopConfig {
  /** The shop's host, e.g. nordic-sanitary-demo.myshopify.com. */
  shop: string;
  /** `https://{shop}` for a real shop; null → the demo shop. */
  apiBase: string | null;
  /** Admin API version, YYYY-MM. */
  apiVersion: string;
  /**
   * Where the offline Admin API token (sync, draft orders) comes from:
   * - `static`: `adminToken`, as configured; never renewed (an old admin-made custom app's token);
   * - `client_credentials`: the client-credentials grant (client id + secret → a 24 h token; an app
   *   of the organisation's own store), asked again before it expires;
   * - `installed`: the expiring offline token the app got at install (token exchange when the app
   *   is opened in the shop admin), kept encrypted in the database and renewed with its refresh
   *   token (integrations/shop/tokens.ts).
   */
  tokenSource: ShopTokenSource;
  /** The static token (SHOPIFY_ADMIN_TOKEN); null unless tokenSource is 'static'. */
  adminToken: string | null;
  /** An expiring token is renewed this long before it expires. */
  tokenRefreshMarginMs: number;
  /** The built-in demo shop (no SHOPIFY_API_BASE; development, test, or DEMO_MODE=true). */
  demo: boolean;
  /** Client id: OAuth client_id and the session token's `aud`. */
  apiKey: string;
  /** Client secret: OAuth HMAC, webhook HMAC, session-token signature. */
  apiSecret: string;
  /** The secret before a rotation, still accepted while set. */
  previousApiSecret: string | undefined;
  /** Shop hosts we accept (lower case). */
  allowlist: string[];
  /** Per HTTP attempt to the shop. */
  timeoutMs: number;
}

export type ShopTokenSource = 'static' | 'client_credentials' | 'installed';

/**
 * The general API limit: requests per window per signed-in user, per API token (each token its
 * own counter, apart from its creator's), or per client address for callers without a session.
 * 0 turns that limit off.
 */
export interface RateLimitConfig {
  perUser: number;
  perIp: number;
  perToken: number;
  windowMs: number;
}

export interface JobsConfig {
  /** Jobs one instance runs at once; 0 makes an instance that only serves requests. */
  concurrency: number;
  /** How often an idle instance looks for due jobs (a queued job also wakes it at once). */
  pollIntervalMs: number;
  /** A running job's claim, renewed every third of it; another instance takes over once it ran out. */
  leaseMs: number;
}

/**
 * Twilio-style SMS. With account, token and sender set, messages go to `apiBaseUrl`; otherwise
 * they are printed to the log. The auth token also verifies inbound-SMS webhooks (unset → 503).
 */
export interface SmsConfig {
  apiBaseUrl: string;
  accountSid: string | undefined;
  authToken: string | undefined;
  from: string | undefined;
  /** For customer numbers stored without a country code ("912 34 567"). */
  defaultCountryCode: string;
}

export class ConfigError extends Error {}

/** The secret is generated once and kept in DATA_DIR so restarts keep sessions valid. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * `inbound.{host of PUBLIC_URL}` when that is a domain name, else a placeholder that shows in
 * development mail (no MX record: replies only arrive once INBOUND_EMAIL_DOMAIN is real).
 */
function defaultInboundDomain(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname.toLowerCase() : '';
  const isName = /^([a-z0-9-]+\.)+[a-z]{2,63}$/.test(host);
  return isName ? `inbound.${host}` : 'inbound.service-portal.local';
}

/** Parses the environment once. Nothing else in the server reads process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means "not set", as shells and .env files use it.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Sending SMS needs all three; a half-configured provider is a mistake, not a choice.
  const smsSending = [e.TWILIO_ACCOUNT_SID, e.SMS_FROM];
  if (smsSending.some(Boolean) && !(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.SMS_FROM)) {
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM must be set together to send SMS',
    );
  }
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET must be set when STORAGE_DRIVER is s3');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  // Several instances must check each other's tokens: a secret generated per data folder would not do.
  if (e.REDIS_URL && !e.APP_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  APP_SECRET must be set (the same on every instance) when REDIS_URL is set',
    );
  }
  // Production never falls back to the demo shop by itself: a forgotten SHOPIFY_API_BASE would
  // otherwise run a real installation against an imitation shop (issue 24).
  if (e.NODE_ENV === 'production' && !e.SHOPIFY_API_BASE && !e.DEMO_MODE) {
    throw new ConfigError(
      'Invalid configuration:\n  SHOPIFY_API_BASE must be set in production (your shop: https://{shop}.myshopify.com); set DEMO_MODE=true to run the built-in demo shop instead',
    );
  }
  if (e.DEMO_MODE && e.SHOPIFY_API_BASE) {
    throw new ConfigError(
      'Invalid configuration:\n  DEMO_MODE=true runs the built-in demo shop: unset SHOPIFY_API_BASE, or unset DEMO_MODE to use your shop',
    );
  }
  // A real shop needs its client id and secret; the token comes from the configured source.
  if (e.SHOPIFY_API_BASE && !(e.SHOPIFY_API_KEY && e.SHOPIFY_API_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  SHOPIFY_API_KEY and SHOPIFY_API_SECRET must be set when SHOPIFY_API_BASE is set',
    );
  }
  if (e.SHOPIFY_TOKEN_SOURCE === 'static' && !e.SHOPIFY_ADMIN_TOKEN) {
    throw new ConfigError(
      'Invalid configuration:\n  SHOPIFY_ADMIN_TOKEN must be set when SHOPIFY_TOKEN_SOURCE is static',
    );
  }
  if (e.SHOPIFY_ADMIN_TOKEN && e.SHOPIFY_TOKEN_SOURCE && e.SHOPIFY_TOKEN_SOURCE !== 'static') {
    throw new ConfigError(
      `Invalid configuration:\n  SHOPIFY_ADMIN_TOKEN is a static token: unset it, or set SHOPIFY_TOKEN_SOURCE=static (it is ${e.SHOPIFY_TOKEN_SOURCE})`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const appSecret = e.APP_SECRET ?? loadOrCreateSecret(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? {
          driver: 'postgres',
          url: e.DATABASE_URL,
          statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
          connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
        }
      : { driver: 'pglite', dataDir: path.join(dataDir, 'db') },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appSecret,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR,
    seedDemoData: e.SEED_DEMO_DATA ?? (e.NODE_ENV !== 'production' || e.DEMO_MODE),
    inboundEmailDomain: (e.INBOUND_EMAIL_DOMAIN ?? defaultInboundDomain(e.PUBLIC_URL)).toLowerCase(),
    mailgunSigningKey: e.MAILGUN_SIGNING_KEY,
    sms: {
      apiBaseUrl: e.SMS_API_BASE_URL.replace(/\/$/, ''),
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      from: e.SMS_FROM,
      defaultCountryCode: e.SMS_DEFAULT_COUNTRY_CODE,
    },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'local', root: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'files')) },
    uploads: {
      imageMaxBytes: e.UPLOAD_MAX_IMAGE_MB * 1024 * 1024,
      totalMaxBytes: e.UPLOAD_MAX_TOTAL_MB * 1024 * 1024,
    },
    documents: { maxBytes: e.DOCUMENT_MAX_MB * 1024 * 1024 },
    redisUrl: e.REDIS_URL,
    rateLimit: {
      perUser: e.RATE_LIMIT_PER_USER,
      perIp: e.RATE_LIMIT_PER_IP,
      perToken: e.RATE_LIMIT_PER_TOKEN,
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    jobs: {
      concurrency: e.JOB_CONCURRENCY,
      pollIntervalMs: e.JOB_POLL_INTERVAL_MS,
      leaseMs: e.JOB_LEASE_MS,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    webhooks: {
      allowedCidrs: e.WEBHOOK_ALLOWED_CIDRS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retentionDays: e.WEBHOOK_RETENTION_DAYS,
    },
    // A token implies the endpoint is wanted.
    metrics: { enabled: e.METRICS_ENABLED || e.METRICS_TOKEN !== undefined, token: e.METRICS_TOKEN },
    clusterProbeJobs: e.CLUSTER_PROBE_JOBS,
    shop: shopConfig(e, appSecret),
  };
}

/** The demo shop's credentials come from APP_SECRET, so they stay the same across restarts. */
function shopConfig(e: Env, appSecret: string): ShopConfig {
  const demo = (purpose: string) => Buffer.from(deriveKey(appSecret, `demo-shop-${purpose}`)).toString('hex');
  const shop = e.SHOPIFY_SHOP.toLowerCase();
  // A static token wherever one is configured; else a real shop's token comes from its install,
  // and the demo shop's from the client-credentials grant (so `npm start` renews tokens too).
  const tokenSource: ShopTokenSource =
    e.SHOPIFY_TOKEN_SOURCE ??
    (e.SHOPIFY_ADMIN_TOKEN ? 'static' : e.SHOPIFY_API_BASE ? 'installed' : 'client_credentials');
  return {
    shop,
    apiBase: e.SHOPIFY_API_BASE ? e.SHOPIFY_API_BASE.replace(/\/$/, '') : null,
    apiVersion: e.SHOPIFY_API_VERSION,
    tokenSource,
    adminToken: tokenSource === 'static' ? (e.SHOPIFY_ADMIN_TOKEN ?? null) : null,
    tokenRefreshMarginMs: e.SHOPIFY_TOKEN_REFRESH_MARGIN_SECONDS * 1000,
    demo: !e.SHOPIFY_API_BASE,
    apiKey: e.SHOPIFY_API_KEY ?? demo('api-key').slice(0, 32),
    apiSecret: e.SHOPIFY_API_SECRET ?? `shpss_${demo('api-secret').slice(0, 32)}`,
    previousApiSecret: e.SHOPIFY_API_SECRET_PREVIOUS,
    allowlist: e.SHOPIFY_SHOP_ALLOWLIST
      ? e.SHOPIFY_SHOP_ALLOWLIST.split(',').map((h) => h.trim().toLowerCase())
      : [shop],
    timeoutMs: e.SHOPIFY_TIMEOUT_MS,
  };
}
