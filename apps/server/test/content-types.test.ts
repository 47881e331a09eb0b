import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/customers.ts';
import { bearer, createTestContext, signIn, type TestContext } from './helper.ts';
import { expectProblem } from './problem-assertions.ts';

/**
 * Issue 32: a body in a content type its operation does not document answers 415
 * `unsupported_media_type` (plugins/content-types.ts), before it is parsed, and changes nothing;
 * the OpenAPI document lists each operation's accepted types.
 */
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await signIn(ctx, 'manager@nordic.example.com');
});
afterAll(async () => ctx.close());

const send = (url: string, contentType: string | undefined, payload: string, auth = true) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: {
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(auth ? bearer(token) : {}),
    },
    payload,
  });

const customerCount = async () => (await ctx.app.db.select({ n: count() }).from(customers))[0]!.n;

describe('a JSON operation', () => {
  it.each([
    ['text/plain', '{"name":"Plain","email":"plain@example.com"}'],
    ['application/x-www-form-urlencoded', 'name=Form&email=form%40example.com'],
    [
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nM\r\n--b--\r\n',
    ],
    ['application/xml', '<customer><name>X</name></customer>'],
  ])('answers a body as %s with 415 problem+json and stores nothing', async (type, payload) => {
    const before = await customerCount();
    const body = expectProblem(await send('/customers', type, payload), 415, 'unsupported_media_type');
    expect(body).toMatchObject({ detail: expect.stringContaining('application/json') });
    expect(await customerCount()).toBe(before);
  });

  it('answers a body without a content type with 415', async () => {
    expectProblem(await send('/customers', undefined, '{"name":"None"}'), 415, 'unsupported_media_type');
  });

  it('takes JSON with a charset, in any letter case', async () => {
    const res = await send(
      '/customers',
      'Application/JSON; charset=utf-8',
      JSON.stringify({ name: 'Charset Kunde', email: 'charset@example.com' }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('still asks for sign-in first', async () => {
    expectProblem(await send('/customers', 'text/plain', 'x', false), 401);
  });
});

describe('other operations', () => {
  it('an upload answers a JSON body with 415', async () => {
    const res = await send('/documents', 'application/json', '{"scope":"partner"}');
    expectProblem(res, 415, 'unsupported_media_type');
    expect(res.json<{ detail: string }>().detail).toContain('multipart/form-data');
  });

  it('an operation without a body refuses a text body and tolerates JSON', async () => {
    expectProblem(await send('/auth/logout', 'text/plain', 'bye'), 415, 'unsupported_media_type');
    const other = await signIn(ctx, 'office@nordic.example.com');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(other), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  });

  it('an unknown URL stays 404 whatever its body', async () => {
    expectProblem(await send('/no-such-thing', 'text/plain', 'x'), 404);
  });
});

describe('the OpenAPI document', () => {
  it('lists the accepted content types of every operation that takes a body', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    }>();
    const notJson: Record<string, string[]> = {};
    let json = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const types = Object.keys(op.requestBody?.content ?? {});
        if (types.length === 1 && types[0] === 'application/json') json++;
        else if (types.length > 0) notJson[`${method.toUpperCase()} ${path}`] = types;
      }
    }
    expect(json).toBeGreaterThan(40);
    const multipart = ['multipart/form-data'];
    const form = ['application/x-www-form-urlencoded'];
    expect(notJson).toEqual({
      'POST /api/customer-upload/{token}/images': multipart,
      'POST /api/documents': multipart,
      'POST /api/documents/{id}/versions': multipart,
      'POST /api/rentals/{id}/photos': multipart,
      'POST /api/service-orders/{id}/images': multipart,
      'POST /api/webhooks/email/inbound': form,
      'POST /api/webhooks/sms/inbound': form,
      'PUT /api/partner-identity/logo': multipart,
    });
    expect(Object.keys(doc.paths['/api/shopify/webhooks']?.post?.requestBody?.content ?? {})).toEqual([
      'application/json',
    ]);
  });
});
