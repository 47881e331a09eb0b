import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/customers.ts';
import { images as imagesTable } from '../src/db/schema/images.ts';
import { expectProblem } from './problem-assertions.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from './service-order-fixtures.ts';

/** Issue 32: bodies no form ever sends answer 400, never 500, and change nothing. */
let w: OrdersWorld;
let orderId: string;

beforeAll(async () => {
  w = await createOrdersWorld();
  const res = await w.api(w.tokens.manager).post('/service-orders', orderInput());
  orderId = res.json<{ id: string }>().id;
});
afterAll(async () => w.ctx.close());

const inject = (url: string, contentType: string, payload: string, auth = true) =>
  w.ctx.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: {
      'content-type': contentType,
      ...(auth ? { authorization: `Bearer ${w.tokens.manager}` } : {}),
    },
    payload,
  });

const file = (boundary: string, closed: boolean) =>
  [
    `--${boundary}`,
    'Content-Disposition: form-data; name="categories"',
    '',
    'Before',
    `--${boundary}`,
    'Content-Disposition: form-data; name="files"; filename="a.jpg"',
    'Content-Type: image/jpeg',
    '',
    '\xff\xd8\xff\xe0 not really a jpeg',
    closed ? `--${boundary}--\r\n` : '',
  ].join('\r\n');

describe('malformed multipart', () => {
  const images = () => `/service-orders/${orderId}/images`;

  it('without a boundary answers 400 and stores nothing', async () => {
    const res = await inject(images(), 'multipart/form-data', file('xyz', true));
    expectProblem(res, 400, 'invalid_multipart');
    const [n] = await w.ctx.app.db.select({ n: count() }).from(imagesTable);
    expect(n!.n).toBe(0);
  });

  it('without its closing boundary answers 400 and stores nothing', async () => {
    const res = await inject(images(), 'multipart/form-data; boundary=xyz', file('xyz', false));
    expectProblem(res, 400, 'invalid_multipart');
    const [n] = await w.ctx.app.db.select({ n: count() }).from(imagesTable);
    expect(n!.n).toBe(0);
  });

  it('on the public customer upload answers 400 too', async () => {
    const res = await inject(
      '/customer-upload/not-a-real-token/images',
      'multipart/form-data',
      'garbage',
      false,
    );
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

describe('JSON nested deeper than any form', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it.each([10_000, 200_000])('%i levels answer 400 before any validation, storing nothing', async (depth) => {
    const [before] = await w.ctx.app.db.select({ n: count() }).from(customers);
    const body = `{"name":"Deep","email":"deep@example.com","address":${nested(depth)}}`;
    const res = await inject('/customers', 'application/json', body);
    expectProblem(res, 400, 'body_too_deep');
    const [after] = await w.ctx.app.db.select({ n: count() }).from(customers);
    expect(after!.n).toBe(before!.n);
  });

  it('without sign-in too (the check runs before the route)', async () => {
    const res = await inject('/auth/otp/request', 'application/json', `{"email":${nested(10_000)}}`, false);
    expectProblem(res, 400, 'body_too_deep');
  });

  it('a depth inside strings is text, not nesting', async () => {
    const res = await inject(
      '/customers',
      'application/json',
      JSON.stringify({ name: '[[[[{{{{'.repeat(20).slice(0, 90), email: 'brackets@example.com' }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('broken JSON is still a 400', async () => {
    expectProblem(await inject('/customers', 'application/json', '{"name":'), 400);
  });
});
