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
    expect(config.database).toEqual({ driver: 'postgres', url: 'postgres://u@h:5432/db' });
    expect(config.appSecret).toBe('x'.repeat(32));
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
