import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'sp-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Service Portal</title><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
  ctx = await createTestContext({ config: { webDistDir: dist } });
});
afterAll(async () => ctx.close());

describe('one port for the API and the web app', () => {
  it('answers client-side routes with index.html, revalidated on every visit', async () => {
    for (const url of ['/', '/service-orders/123', '/pricing', '/no/such/page']) {
      const res = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves hashed assets as immutable', async () => {
    const res = await ctx.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed file to a client that accepts it', async () => {
    const res = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe('console.log(1)');
  });

  it('keeps unknown API paths as problem+json 404, never the SPA', async () => {
    const res = await ctx.app.inject({ url: '/api/does-not-exist', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('does not fall back to the SPA for other methods', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/service-orders' });
    expect(res.statusCode).toBe(404);
  });
});
