import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC } from '@service-portal/shared/access';
import { ERROR_CODES } from '@service-portal/shared/problem';
import { createTestContext, type TestContext } from './helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { trustProxy: true } });
  ctx.app.get('/api/test-boom', { config: { access: PUBLIC } }, async () => {
    throw new Error('connection string postgres://secret@db');
  });
});
afterAll(async () => ctx.close());

describe('errors', () => {
  it('hides 5xx details behind problem+json', async () => {
    const res = await ctx.app.inject({ url: '/api/test-boom' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 500, code: 'internal_error', title: 'Internal Server Error' });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('stack');
  });

  it('answers unknown API paths with a problem 404', async () => {
    const res = await ctx.app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/otp/request',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('answers a wrong content type with a 415 problem', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/otp/request',
      headers: { 'content-type': 'text/xml' },
      payload: '<email/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });
});

describe('headers', () => {
  it('sends the security headers and no-store on the API', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when the request came over TLS through a trusted proxy', async () => {
    const res = await ctx.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('health and documentation', () => {
  it('checks the database', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(['pglite', 'postgres']).toContain(res.json().driver);
  });

  it('serves an OpenAPI document generated from the request schemas', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const verify = doc.paths['/api/auth/otp/verify'].post;
    const schema = verify.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'otpCode']));
    expect(schema.properties.otpCode.pattern).toBe('^\\d{6}$');
    expect(doc.paths['/api/users'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'search']),
    );
    // The error catalogue: one enum of codes, every problem's `code` pointing at it, and the
    // routes naming the conflicts the UI tells apart.
    expect(doc.components.schemas.ErrorCode.enum).toEqual([...ERROR_CODES]);
    const created = doc.paths['/api/customers'].post.responses['409'];
    expect(created.content['application/json'].schema.properties.code).toEqual({
      $ref: '#/components/schemas/ErrorCode',
    });
    expect(created.description).toContain('email_taken');
    expect(doc.paths['/api/warehouse-locations/{id}'].delete.responses['409'].description).toContain(
      'in_use',
    );
    expect(
      doc.paths['/api/customers'].get.responses['403'].content['application/json'].schema.properties.code,
    ).toEqual({ $ref: '#/components/schemas/ErrorCode' });
    const ui = await ctx.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
