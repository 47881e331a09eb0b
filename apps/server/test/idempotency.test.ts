import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/customers.ts';
import { idempotencyKeys } from '../src/db/schema/idempotency.ts';
import { users } from '../src/db/schema/users.ts';
import { bearer, signIn } from './helper.ts';
import { createOrdersWorld, type OrdersWorld } from './service-order-fixtures.ts';

let w: OrdersWorld;
beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

const HOUR = 3600_000;

function post(token: string, url: string, payload: unknown, key?: string) {
  return w.ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...bearer(token), ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    payload: payload as Record<string, unknown>,
  });
}

async function customerCount() {
  const [row] = await w.ctx.app.db.select({ n: count() }).from(customers);
  return row!.n;
}

const customer = (n: string) => ({ name: `Idem ${n}`, email: `idem.${n}@example.net` });

describe('Idempotency-Key on creating POSTs', () => {
  it('answers a repeat with the first answer and creates nothing more', async () => {
    const key = randomUUID();
    const before = await customerCount();
    const first = await post(w.tokens.manager, '/customers', customer('a'), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(w.tokens.manager, '/customers', customer('a'), `"${key}"`);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(await customerCount()).toBe(before + 1);
  });

  it('refuses the same key with a different body: 422 idempotency_key_reused, nothing created', async () => {
    const key = randomUUID();
    expect((await post(w.tokens.manager, '/customers', customer('b'), key)).statusCode).toBe(201);
    const before = await customerCount();
    const other = await post(w.tokens.manager, '/customers', customer('b2'), key);
    expect(other.statusCode).toBe(422);
    expect(other.headers['content-type']).toContain('application/problem+json');
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused', status: 422 });
    expect(await customerCount()).toBe(before);
  });

  it('takes the body, not its field order, as the request', async () => {
    const key = randomUUID();
    const body = customer('order');
    const first = await post(w.tokens.manager, '/customers', body, key);
    const reordered = await post(w.tokens.manager, '/customers', { email: body.email, name: body.name }, key);
    expect(reordered.statusCode).toBe(201);
    expect(reordered.json()).toEqual(first.json());
  });

  it('keeps keys per caller: another user with the same key makes their own', async () => {
    const key = randomUUID();
    const mine = await post(w.tokens.manager, '/customers', customer('c'), key);
    const theirs = await post(w.tokens.fjord, '/customers', customer('c'), key);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<{ id: string }>().id).not.toBe(mine.json<{ id: string }>().id);
  });

  it('stores a 4xx answer too (the repeat is told the same), but not a refusal by validation', async () => {
    const key = randomUUID();
    const taken = await post(w.tokens.manager, '/customers', customer('a'), key);
    expect(taken.statusCode).toBe(409);
    const again = await post(w.tokens.manager, '/customers', customer('a'), key);
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(taken.json());

    const invalidKey = randomUUID();
    expect((await post(w.tokens.manager, '/customers', { name: '' }, invalidKey)).statusCode).toBe(400);
    const [row] = await w.ctx.app.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, invalidKey));
    expect(row).toBeUndefined();
  });

  it('answers 409 with Retry-After while the first request is still running', async () => {
    const key = randomUUID();
    const [manager] = await w.ctx.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'manager@nordic.example.com'));
    const first = await post(w.tokens.manager, '/customers', customer('d'), key);
    // The state of a first request under way: claimed, no answer yet.
    await w.ctx.app.db
      .update(idempotencyKeys)
      .set({ status: null, body: null, createdAt: w.ctx.clock.now })
      .where(eq(idempotencyKeys.key, key));
    const before = await customerCount();
    const during = await post(w.tokens.manager, '/customers', customer('d'), key);
    expect(during.statusCode).toBe(409);
    expect(during.json()).toMatchObject({ code: 'conflict' });
    expect(during.headers['retry-after']).toBe('1');
    expect(await customerCount()).toBe(before);
    expect(first.statusCode).toBe(201);
    expect(manager).toBeDefined();
  });

  it('takes over a key left in flight by a process that died, after a minute', async () => {
    const key = randomUUID();
    const abandoned = await post(w.tokens.manager, '/customers', customer('e'), key);
    expect(abandoned.statusCode).toBe(201);
    await w.ctx.app.db
      .update(idempotencyKeys)
      .set({ status: null, body: null, createdAt: new Date(w.ctx.clock.now.getTime() - 61_000) })
      .where(eq(idempotencyKeys.key, key));
    // Run for real again: the customer exists now, so the answer is the e-mail conflict.
    const retried = await post(w.tokens.manager, '/customers', customer('e'), key);
    expect(retried.statusCode).toBe(409);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('forgets a key after 24 hours (moved clock): just before it replays, just after it runs again', async () => {
    const key = randomUUID();
    const body = customer('f');
    const firstAt = w.ctx.clock.now.getTime();
    const first = await post(w.tokens.manager, '/customers', body, key);
    expect(first.statusCode).toBe(201);
    // Sessions last 12 hours: sign in again on the way (signing in moves the clock 12.5 minutes).
    w.ctx.clock.now = new Date(firstAt + 24 * HOUR - 13 * 60_000);
    w.tokens.manager = await signIn(w.ctx, 'manager@nordic.example.com');
    w.ctx.clock.now = new Date(firstAt + 24 * HOUR - 1_000);
    const within = await post(w.tokens.manager, '/customers', body, key);
    expect(within.statusCode).toBe(201);
    expect(within.headers['idempotent-replayed']).toBe('true');
    w.ctx.clock.advance(2_000);
    const after = await post(w.tokens.manager, '/customers', body, key);
    // Processed anew: the e-mail is taken by the first.
    expect(after.statusCode).toBe(409);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(after.json<{ detail: string }>().detail).not.toContain('Idempotency-Key');
  });

  it('refuses a malformed key with 400 and changes nothing', async () => {
    const before = await customerCount();
    for (const key of ['', 'x'.repeat(256), 'with space']) {
      const res = await post(w.tokens.manager, '/customers', customer(`g${key.length}`), key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'Idempotency-Key' }] });
    }
    expect(await customerCount()).toBe(before);
  });

  it('is honoured by every creating POST', () => {
    const idempotent = w.ctx.app.routeTable
      .filter((r) => r.method === 'POST' && r.idempotent === true)
      .map((r) => r.url)
      .sort();
    expect(idempotent).toEqual(
      [
        '/api/admin/service-partners',
        '/api/admin/shop-user-links',
        '/api/admin/users',
        '/api/customers',
        '/api/documents',
        '/api/pricing/categories',
        '/api/rentals',
        '/api/rentals/:id/photos',
        '/api/rentals/bookings',
        '/api/rentals/products',
        '/api/service-orders',
        '/api/service-orders/:id/communications',
        '/api/service-orders/:id/images',
        '/api/service-orders/:id/spare-parts',
        '/api/service-orders/:id/work-logs',
        '/api/technicians',
        '/api/warehouse-locations',
      ].sort(),
    );
  });

  it('is documented on those operations in the OpenAPI document', async () => {
    const doc = (await w.ctx.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>();
    const headerOf = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).some(
        (p) => p.in === 'header' && p.name === 'idempotency-key',
      );
    expect(headerOf('/api/customers', 'post')).toBe(true);
    expect(headerOf('/api/service-orders/{id}/work-logs', 'post')).toBe(true);
    expect(headerOf('/api/customers', 'get')).toBe(false);
  });
});
