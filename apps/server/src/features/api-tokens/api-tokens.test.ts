import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWellFormedApiToken, type ApiToken, type ApiTokenCreated } from '@service-portal/shared/api-tokens';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';
import { orderInput } from '../../../test/service-order-fixtures.ts';

let ctx: TestContext;
let admin: string; // Nordic's Administrator
let manager: string; // Nordic's ServiceManager
let fjordManager: string;
let globalAdmin: string;
let fjordId: string;
let fjordCustomerId: string;
let nordicCustomerId: string;

const call = (
  token: string,
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
  extra = {},
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...bearer(token), ...extra },
    ...(payload ? { payload } : {}),
  });

async function createToken(by: string, body: object, headers = {}): Promise<ApiTokenCreated> {
  const res = await call(by, 'POST', '/api-tokens', body, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ApiTokenCreated>();
}

beforeAll(async () => {
  ctx = await createTestContext({
    config: { rateLimit: { perUser: 1000, perIp: 1000, perToken: 5, windowMs: 3_600_000 } },
  });
  admin = await signIn(ctx, 'office@nordic.example.com');
  manager = await signIn(ctx, 'manager@nordic.example.com');
  fjordManager = await signIn(ctx, 'manager@fjord.example.com');
  globalAdmin = await signIn(ctx, 'admin@example.com');
  fjordId = (await call(fjordManager, 'GET', '/user/profile')).json<{ servicePartnerId: string }>()
    .servicePartnerId;
  fjordCustomerId = (await call(fjordManager, 'POST', '/customers', { name: 'Fjord Kunde' })).json<{
    id: string;
  }>().id;
  nordicCustomerId = (await call(admin, 'POST', '/customers', { name: 'Nordic Kunde' })).json<{
    id: string;
  }>().id;
});
afterAll(async () => ctx.close());

describe('API token management', () => {
  it('creates a token shown once, stored hashed, with a 90-day default expiry', async () => {
    const created = await createToken(admin, { name: 'ERP', scopes: ['customers:read', 'orders:read'] });
    expect(isWellFormedApiToken(created.secret)).toBe(true);
    expect(created.token).toMatchObject({
      name: 'ERP',
      prefix: created.secret.slice(0, 8),
      scopes: ['orders:read', 'customers:read'],
      lastUsedAt: null,
      revokedAt: null,
      createdByName: expect.any(String),
    });
    const days = (Date.parse(created.token.expiresAt) - Date.parse(created.token.createdAt)) / 86_400_000;
    expect(days).toBe(90);
    const list = (await call(admin, 'GET', '/api-tokens')).json<{ items: ApiToken[] }>();
    const listed = list.items.find((t) => t.id === created.token.id);
    expect(listed).toEqual(created.token);
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it('refuses bad input with 400 and creates nothing', async () => {
    const before = (await call(admin, 'GET', '/api-tokens')).json<{ items: ApiToken[] }>().items.length;
    for (const body of [
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['users:write'] },
      { name: '', scopes: ['orders:read'] },
      { name: 'x', scopes: ['orders:read'], expiresInDays: 400 },
    ]) {
      const res = await call(admin, 'POST', '/api-tokens', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await call(admin, 'GET', '/api-tokens')).json<{ items: ApiToken[] }>().items).toHaveLength(
      before,
    );
  });

  it('is for Administrators: a ServiceManager gets 403 on every token route', async () => {
    const { token } = await createToken(admin, { name: 'roles', scopes: ['orders:read'] });
    expect((await call(manager, 'GET', '/api-tokens')).statusCode).toBe(403);
    expect(
      (await call(manager, 'POST', '/api-tokens', { name: 'm', scopes: ['orders:read'] })).statusCode,
    ).toBe(403);
    expect((await call(manager, 'DELETE', `/api-tokens/${token.id}`)).statusCode).toBe(403);
  });

  it('keeps partners apart: another partner lists none of them and gets 404 revoking one', async () => {
    const { token } = await createToken(admin, { name: 'mine', scopes: ['orders:read'] });
    const fjord = (
      await call(globalAdmin, 'GET', '/api-tokens', undefined, { 'x-service-partner-id': fjordId })
    ).json<{
      items: ApiToken[];
    }>();
    expect(fjord.items.map((t) => t.id)).not.toContain(token.id);
    const res = await call(globalAdmin, 'DELETE', `/api-tokens/${token.id}`, undefined, {
      'x-service-partner-id': fjordId,
    });
    expect(res.statusCode).toBe(404);
    const still = (await call(admin, 'GET', '/api-tokens'))
      .json<{ items: ApiToken[] }>()
      .items.find((t) => t.id === token.id);
    expect(still?.revokedAt).toBeNull();
  });
});

describe('calling the API with a token', () => {
  it('reaches an operation its scope opens, for its own partner only, and records the last use', async () => {
    const { secret, token } = await createToken(admin, { name: 'reader', scopes: ['customers:read'] });
    const list = await call(secret, 'GET', '/customers');
    expect(list.statusCode, list.body).toBe(200);
    const names = list.json<{ items: { name: string }[] }>().items.map((c) => c.name);
    expect(names).toContain('Nordic Kunde');
    expect(names).not.toContain('Fjord Kunde');
    expect((await call(secret, 'GET', `/customers/${nordicCustomerId}`)).statusCode).toBe(200);
    expect((await call(secret, 'GET', `/customers/${fjordCustomerId}`)).statusCode).toBe(404);
    // The acting-partner header is a global administrator's: a token cannot use it to cross over.
    const crossed = await call(secret, 'GET', `/customers/${fjordCustomerId}`, undefined, {
      'x-service-partner-id': fjordId,
    });
    expect(crossed.statusCode).toBe(404);
    const listed = (await call(admin, 'GET', '/api-tokens'))
      .json<{ items: ApiToken[] }>()
      .items.find((t) => t.id === token.id);
    expect(listed?.lastUsedAt).toBe(ctx.clock.now.toISOString());
  });

  it('answers 403 insufficient_scope outside its scopes and on routes not open to tokens', async () => {
    const { secret } = await createToken(admin, { name: 'narrow', scopes: ['customers:read'] });
    const missing = await call(secret, 'GET', '/service-orders');
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'insufficient_scope' });
    expect(missing.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="orders:read"',
    );
    const write = await call(secret, 'POST', '/customers', { name: 'Nope' });
    expect(write.json()).toMatchObject({ code: 'insufficient_scope' });
    for (const [method, url] of [
      ['GET', '/api-tokens'],
      ['POST', '/api-tokens'],
      ['GET', '/admin/users'],
      ['GET', '/user/profile'],
      ['GET', '/dashboard'],
    ] as const) {
      const res = await call(
        secret,
        method,
        url,
        method === 'POST' ? { name: 't', scopes: ['orders:read'] } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'insufficient_scope' });
    }
  });

  it('writes with a write scope, as its creator, and reads the order back', async () => {
    const { secret } = await createToken(admin, { name: 'writer', scopes: ['orders:write', 'orders:read'] });
    const res = await call(secret, 'POST', '/service-orders', orderInput({ title: 'From the ERP' }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<{ id: string; title: string }>();
    expect(order.title).toBe('From the ERP');
    expect((await call(secret, 'GET', `/service-orders/${order.id}`)).statusCode).toBe(200);
    expect((await call(fjordManager, 'GET', `/service-orders/${order.id}`)).statusCode).toBe(404);
    // Deleting an order stays with people, whatever the token's scopes.
    const removed = await call(secret, 'DELETE', `/service-orders/${order.id}`);
    expect(removed.json()).toMatchObject({ code: 'insufficient_scope' });
  });

  it('answers 401 for a revoked, an expired, an unknown and a mistyped token', async () => {
    const revoked = await createToken(admin, { name: 'revoked', scopes: ['customers:read'] });
    expect((await call(revoked.secret, 'GET', '/customers')).statusCode).toBe(200); // cached now
    expect((await call(admin, 'DELETE', `/api-tokens/${revoked.token.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/api-tokens/${revoked.token.id}`)).statusCode).toBe(204);
    const afterRevoke = await call(revoked.secret, 'GET', '/customers');
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json()).toMatchObject({ code: 'unauthenticated' });

    const expiring = await createToken(admin, {
      name: 'short',
      scopes: ['customers:read'],
      expiresInDays: 7,
    });
    expect((await call(expiring.secret, 'GET', '/customers')).statusCode).toBe(200);
    ctx.clock.advance(7 * 86_400_000 + 1000);
    expect((await call(expiring.secret, 'GET', '/customers')).statusCode).toBe(401);

    const body = expiring.secret.slice(4, 34);
    const unknown = `spt_${'A'.repeat(30)}${expiring.secret.slice(34)}`;
    expect((await call(unknown, 'GET', '/customers')).statusCode).toBe(401);
    const flipped = `spt_${body[0] === 'a' ? 'b' : 'a'}${body.slice(1)}${expiring.secret.slice(34)}`;
    expect((await call(flipped, 'GET', '/customers')).statusCode).toBe(401);
    // The people's sessions ended with the week too.
    admin = await signIn(ctx, 'office@nordic.example.com');
    globalAdmin = await signIn(ctx, 'admin@example.com');
  });

  it('counts requests per token, apart from its creator and other tokens', async () => {
    const a = await createToken(admin, { name: 'limited A', scopes: ['customers:read'] });
    const b = await createToken(admin, { name: 'limited B', scopes: ['customers:read'] });
    for (let i = 0; i < 5; i += 1) expect((await call(a.secret, 'GET', '/customers')).statusCode).toBe(200);
    const over = await call(a.secret, 'GET', '/customers');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limited' });
    expect((await call(b.secret, 'GET', '/customers')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/customers')).statusCode).toBe(200);
  });

  it('acts for the partner it was made for, also when a global administrator made it', async () => {
    const { secret } = await createToken(admin, { name: 'creator', scopes: ['customers:read'] });
    expect((await call(secret, 'GET', '/customers')).statusCode).toBe(200);
    const fjordToken = await createToken(
      globalAdmin,
      { name: 'fjord', scopes: ['customers:read'] },
      {
        'x-service-partner-id': fjordId,
      },
    );
    const fjordList = await call(fjordToken.secret, 'GET', '/customers');
    expect(fjordList.json<{ items: { name: string }[] }>().items.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Fjord Kunde']),
    );
    expect((await call(fjordToken.secret, 'GET', `/customers/${nordicCustomerId}`)).statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes the token scheme and each operation’s scope', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      components: { securitySchemes: Record<string, { scheme: string }> };
      paths: Record<string, Record<string, { security?: unknown; 'x-required-scopes'?: string[] }>>;
    }>();
    expect(doc.components.securitySchemes.apiToken?.scheme).toBe('bearer');
    const list = doc.paths['/api/customers']?.get;
    expect(list?.['x-required-scopes']).toEqual(['customers:read']);
    expect(list?.security).toEqual([{ bearer: [] }, { apiToken: ['customers:read'] }]);
    expect(doc.paths['/api/api-tokens']?.get?.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/api-tokens']?.get?.['x-required-scopes']).toBeUndefined();
  });
});
