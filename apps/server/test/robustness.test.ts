import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '@service-portal/shared/validation';
import { customers } from '../src/db/schema/customers.ts';
import { rentalProductPricing } from '../src/db/schema/pricing.ts';
import { bearer } from './helper.ts';
import { expectProblem } from './problem-assertions.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from './service-order-fixtures.ts';

let w: OrdersWorld;

beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

const manager = () => w.api(w.tokens.manager);
const admin = () => w.api(w.tokens.admin);

describe('a NUL character in text input', () => {
  const lists = [
    '/customers',
    '/service-orders',
    '/users',
    '/technicians',
    '/warehouse-locations',
    '/spare-parts',
    '/service-orders/export',
  ];
  it.each(lists)('in ?search= of %s answers 400 with the validation message', async (path) => {
    const res = await manager().get(`${path}?search=a%00b`);
    const body = expectProblem(res, 400, 'validation_failed');
    expect(body).toMatchObject({ errors: [{ path: 'search', message: M.nulCharacter }] });
  });

  it.each(['/admin/users', '/admin/service-partners'])('in ?search= of %s answers 400', async (path) => {
    expectProblem(await admin().get(`${path}?search=a%00b`), 400, 'validation_failed');
  });

  it('in a JSON body field answers 400 naming the field, and stores nothing', async () => {
    const [before] = await w.ctx.app.db.select({ n: count() }).from(customers);
    const res = await manager().post('/customers', { name: 'Nul\u0000Kunde', email: 'nul@example.com' });
    const body = expectProblem(res, 400, 'validation_failed');
    expect(body).toMatchObject({ errors: [{ path: 'name', message: M.nulCharacter }] });
    const nested = await manager().post('/service-orders', orderInput({ description: 'a\u0000b' }));
    expect(expectProblem(nested, 400)).toMatchObject({ errors: [{ path: 'description' }] });
    const [after] = await w.ctx.app.db.select({ n: count() }).from(customers);
    expect(after!.n).toBe(before!.n);
  });

  it('in a path parameter answers 400 or 404, never 5xx', async () => {
    const res = await manager().get('/customers/a%00b');
    expect([400, 404]).toContain(res.statusCode);
    expectProblem(res, res.statusCode);
  });
});

describe('the export', () => {
  it('answers a failure before its first byte with problem+json', async () => {
    const res = await manager().get('/service-orders/export?search=a%00b');
    expectProblem(res, 400, 'validation_failed');
  });
});

describe('an overlong id', () => {
  const long = 'x'.repeat(150);
  it.each([
    ['DELETE', `/api/customers/${long}`],
    ['PATCH', `/api/customers/${long}`],
    ['GET', `/api/customers/${long}`],
    ['DELETE', `/api/technicians/${long}`],
    ['PUT', `/api/pricing/rental-products/${long}`],
    ['GET', `/api/no-such/${'y'.repeat(5000)}`],
  ] as const)('%s %s answers 404 problem+json with the headers', async (method, url) => {
    const res = await w.ctx.app.inject({
      method,
      url,
      headers: bearer(w.tokens.manager),
      payload: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expectProblem(res, 404, 'not_found');
  });

  it('a malformed URL escape answers 400 problem+json with the headers', async () => {
    const res = await w.ctx.app.inject({
      method: 'DELETE',
      url: '/api/customers/%E0%A4%A',
      headers: bearer(w.tokens.manager),
    });
    expect([400, 404]).toContain(res.statusCode);
    expectProblem(res, res.statusCode);
  });
});

describe('rental product prices', () => {
  it('refuses a price for a rental product the partner does not have, storing nothing', async () => {
    const res = await manager().put(`/pricing/rental-products/${randomUUID()}`, {
      dailyPrice: 100,
      version: 0,
    });
    expectProblem(res, 404, 'not_found');
    const [rows] = await w.ctx.app.db.select({ n: count() }).from(rentalProductPricing);
    expect(rows!.n).toBe(0);
  });
});
