import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to PGlite in DATA_DIR and keeps a generated secret there', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sp-config-'));
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.database).toEqual({ driver: 'pglite', dataDir: path.join(dir, 'db') });
    expect(first.port).toBe(3000);
    expect(first.host).toBe('127.0.0.1');
    expect(first.appSecret.length).toBeGreaterThanOrEqual(48);
    expect(readFileSync(path.join(dir, 'app-secret'), 'utf8').trim()).toBe(first.appSecret);
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first.appSecret);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', APP_SECRET: 'x'.repeat(32) });
    expect(config.database).toEqual({
      driver: 'postgres',
      url: 'postgres://u@h:5432/db',
      statementTimeoutMs: 10_000,
      connectTimeoutMs: 5_000,
    });
    expect(config.appSecret).toBe('x'.repeat(32));
  });

  it('reads the job runner, shutdown and metrics settings; a metrics token turns metrics on', () => {
    const base = { APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base)).toMatchObject({
      jobs: { concurrency: 4, pollIntervalMs: 2000, leaseMs: 60_000 },
      shutdownGraceMs: 10_000,
      metrics: { enabled: false, token: undefined },
    });
    const set = loadConfig({
      ...base,
      JOB_CONCURRENCY: '0',
      JOB_POLL_INTERVAL_MS: '500',
      JOB_LEASE_MS: '30000',
      SHUTDOWN_GRACE_MS: '25000',
      METRICS_TOKEN: 't'.repeat(20),
    });
    expect(set).toMatchObject({
      jobs: { concurrency: 0, pollIntervalMs: 500, leaseMs: 30_000 },
      shutdownGraceMs: 25_000,
      metrics: { enabled: true, token: 't'.repeat(20) },
    });
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ ...base, JOB_LEASE_MS: '10' })).toThrow(/JOB_LEASE_MS/);
  });

  it('treats an empty variable as unset', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sp-config-'));
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: '', SMTP_URL: '', PORT: '' })).toMatchObject({
      database: { driver: 'pglite' },
      smtpUrl: undefined,
      port: 3000,
    });
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SMTP_URL: 'http://x', APP_SECRET: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', SMTP_URL: 'http://x', APP_SECRET: 'short' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/SMTP_URL/);
      expect((err as Error).message).toMatch(/APP_SECRET/);
    }
  });
});

describe('loadConfig: several instances', () => {
  const base = { APP_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://u@h/db' };

  it('defaults to no Redis and limits no real user reaches', () => {
    expect(loadConfig(base)).toMatchObject({
      redisUrl: undefined,
      rateLimit: { perUser: 600, perIp: 1200, perToken: 600, windowMs: 60_000 },
    });
  });

  it('reads REDIS_URL and the limits, and refuses what is not a redis URL', () => {
    expect(
      loadConfig({
        ...base,
        REDIS_URL: 'redis://127.0.0.1:6379/2',
        RATE_LIMIT_PER_USER: '30',
        RATE_LIMIT_PER_IP: '0',
        RATE_LIMIT_WINDOW_SECONDS: '10',
      }),
    ).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379/2',
      rateLimit: { perUser: 30, perIp: 0, perToken: 600, windowMs: 10_000 },
    });
    expect(() => loadConfig({ ...base, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    // Several instances share one secret; one generated into each data folder would differ.
    expect(() =>
      loadConfig({ DATABASE_URL: base.DATABASE_URL, REDIS_URL: 'redis://127.0.0.1:6379' }),
    ).toThrow(/APP_SECRET must be set/);
    expect(() => loadConfig({ ...base, RATE_LIMIT_PER_USER: '-1' })).toThrow(/RATE_LIMIT_PER_USER/);
  });
});

describe('loadConfig: communications', () => {
  const base = { APP_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://u@h/db' };

  it('defaults to logged SMS, no webhook secrets and a placeholder inbound domain', () => {
    const config = loadConfig(base);
    expect(config.inboundEmailDomain).toBe('inbound.service-portal.local');
    expect(config.mailgunSigningKey).toBeUndefined();
    expect(config.sms).toEqual({
      apiBaseUrl: 'https://api.twilio.com',
      accountSid: undefined,
      authToken: undefined,
      from: undefined,
      defaultCountryCode: '47',
    });
  });

  it('derives the inbound domain from a PUBLIC_URL with a domain name, not from an address', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://portal.example.com/' }).inboundEmailDomain).toBe(
      'inbound.portal.example.com',
    );
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://10.0.0.5:3000' }).inboundEmailDomain).toBe(
      'inbound.service-portal.local',
    );
    expect(
      loadConfig({
        ...base,
        PUBLIC_URL: 'https://portal.example.com',
        INBOUND_EMAIL_DOMAIN: 'Replies.Example.com',
      }).inboundEmailDomain,
    ).toBe('replies.example.com');
  });

  it('reads the SMS provider and the signing keys', () => {
    const config = loadConfig({
      ...base,
      SMS_API_BASE_URL: 'http://127.0.0.1:4010/',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'twilio-auth-token',
      SMS_FROM: '+4759440000',
      SMS_DEFAULT_COUNTRY_CODE: '46',
      MAILGUN_SIGNING_KEY: 'key-0123456789',
    });
    expect(config.sms).toEqual({
      apiBaseUrl: 'http://127.0.0.1:4010',
      accountSid: 'AC0123456789abcdef0123456789abcdef',
      authToken: 'twilio-auth-token',
      from: '+4759440000',
      defaultCountryCode: '46',
    });
    expect(config.mailgunSigningKey).toBe('key-0123456789');
    // The auth token alone verifies inbound SMS while outgoing SMS are still logged.
    expect(loadConfig({ ...base, TWILIO_AUTH_TOKEN: 'twilio-auth-token' }).sms.authToken).toBe(
      'twilio-auth-token',
    );
  });

  it('refuses a half-configured SMS provider and malformed values', () => {
    expect(() => loadConfig({ ...base, TWILIO_ACCOUNT_SID: 'AC0123456789' })).toThrow(/set together/);
    expect(() =>
      loadConfig({ ...base, SMS_FROM: '+4759440000', TWILIO_AUTH_TOKEN: 'twilio-auth-token' }),
    ).toThrow(/set together/);
    try {
      loadConfig({ ...base, INBOUND_EMAIL_DOMAIN: 'not a domain', SMS_FROM: '12', SMS_API_BASE_URL: 'nope' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(/INBOUND_EMAIL_DOMAIN/);
      expect((err as Error).message).toMatch(/SMS_FROM/);
      expect((err as Error).message).toMatch(/SMS_API_BASE_URL/);
    }
  });
});

describe('loadConfig: production without demo parts (issue 24)', () => {
  const base = { APP_SECRET: 'p'.repeat(40) };
  const shop = {
    SHOPIFY_SHOP: 'maker.myshopify.com',
    SHOPIFY_API_BASE: 'https://maker.myshopify.com',
    SHOPIFY_API_KEY: 'client-id-123',
    SHOPIFY_API_SECRET: 'shpss_realsecret',
  };

  it('refuses to start in production without a shop unless demo mode is asked for', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(
      /SHOPIFY_API_BASE must be set in production.*DEMO_MODE=true/s,
    );
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', DEMO_MODE: 'false' })).toThrow(
      /SHOPIFY_API_BASE must be set in production/,
    );
    const demo = loadConfig({ ...base, NODE_ENV: 'production', DEMO_MODE: 'true' });
    expect(demo.shop).toMatchObject({ demo: true, apiBase: null });
    expect(loadConfig({ ...base, NODE_ENV: 'production', ...shop }).shop).toMatchObject({
      demo: false,
      apiBase: 'https://maker.myshopify.com',
    });
    // Demo mode and a real shop at once is a mistake, not a choice.
    expect(() => loadConfig({ ...base, ...shop, DEMO_MODE: 'true' })).toThrow(
      /DEMO_MODE=true runs the built-in demo shop/,
    );
    expect(() => loadConfig({ ...base, DEMO_MODE: 'yes' })).toThrow(/DEMO_MODE/);
  });

  it('seeds demo data by default only outside production, or in production in demo mode', () => {
    expect(loadConfig(base).seedDemoData).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).seedDemoData).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production', ...shop }).seedDemoData).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO_MODE: 'true' }).seedDemoData).toBe(true);
    // Asked for explicitly, either way.
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', ...shop, SEED_DEMO_DATA: 'true' }).seedDemoData,
    ).toBe(true);
    expect(loadConfig({ ...base, SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', DEMO_MODE: 'true', SEED_DEMO_DATA: 'false' })
        .seedDemoData,
    ).toBe(false);
  });

  it('development (what npm start runs) keeps the whole demo: demo shop and demo data', () => {
    const c = loadConfig(base);
    expect(c.env).toBe('development');
    expect(c.shop.demo).toBe(true);
    expect(c.seedDemoData).toBe(true);
  });
});
