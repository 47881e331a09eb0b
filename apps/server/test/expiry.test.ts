import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@service-portal/shared/limits';
import type { UploadLinkCreated, UploadSession } from '@service-portal/shared/upload-links';
import { bearer, codeFrom, createTestContext, nextIp, signIn, type TestContext } from './helper.ts';
import { gpsJpeg, multipart } from './image-fixtures.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from './service-order-fixtures.ts';

/**
 * Expiry boundaries with a moved clock: the app's one clock (BuildOptions.now) issues and checks
 * sessions and sign-in codes, so a test can stand one second before and one second after a life.
 * Customer upload links (24 hours) get the same pair, on an app of their own with orders.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const SECOND = 1_000;
const MANAGER = 'manager@nordic.example.com';

async function codeFor(email: string, ip: string): Promise<string> {
  await ctx.app.outbox.drain();
  const before = ctx.mail.messages.length;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/otp/request',
    payload: { email },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  return codeFrom((await ctx.mail.waitFor(email, 5000, before)).text);
}

const verify = (email: string, otpCode: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { email, otpCode },
    remoteAddress: ip,
  });

const customers = (token: string) =>
  ctx.app.inject({ url: '/api/customers?pageSize=1', headers: bearer(token) });

describe('a session token', () => {
  it('works one second before the end of its life and not one second after', async () => {
    ctx.clock.advance(2 * 3600_000);
    const ip = nextIp();
    const code = await codeFor(MANAGER, ip);
    const res = await verify(MANAGER, code, ip);
    expect(res.statusCode).toBe(200);
    const { token, expiresAt } = res.json<{ token: string; expiresAt: string }>();
    const issuedAt = ctx.clock.now.getTime();
    expect(new Date(expiresAt).getTime()).toBe(issuedAt + LIMITS.sessionTtlMs);

    expect((await customers(token)).statusCode).toBe(200);
    ctx.clock.now = new Date(issuedAt + LIMITS.sessionTtlMs - SECOND);
    expect((await customers(token)).statusCode).toBe(200);
    ctx.clock.now = new Date(issuedAt + LIMITS.sessionTtlMs + SECOND);
    const after = await customers(token);
    expect(after.statusCode).toBe(401);
    expect(after.headers['content-type']).toContain('application/problem+json');
    expect(after.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('a fresh sign-in works again after the old one ended', async () => {
    const token = await signIn(ctx, MANAGER);
    expect((await customers(token)).statusCode).toBe(200);
  });
});

describe('a sign-in code', () => {
  it('is accepted one second before 10 minutes', async () => {
    ctx.clock.advance(2 * 3600_000);
    const ip = nextIp();
    const code = await codeFor(MANAGER, ip);
    ctx.clock.advance(LIMITS.otpTtlMs - SECOND);
    expect((await verify(MANAGER, code, ip)).statusCode).toBe(200);
  });

  it('is refused one second after 10 minutes', async () => {
    ctx.clock.advance(2 * 3600_000);
    const ip = nextIp();
    const code = await codeFor(MANAGER, ip);
    ctx.clock.advance(LIMITS.otpTtlMs + SECOND);
    const res = await verify(MANAGER, code, ip);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('a customer upload link', () => {
  const PHONE = '+47 912 34 567';
  const SERIAL = 'SN-EXPIRY-1';
  const DAY = 24 * 3600_000;
  let w: OrdersWorld;
  let orderId: string;

  beforeAll(async () => {
    w = await createOrdersWorld();
    const res = await w
      .api(w.tokens.manager)
      .post('/service-orders', orderInput({ customerPhone: PHONE, serialNumber: SERIAL }));
    expect(res.statusCode, res.body).toBe(201);
    orderId = res.json<{ id: string }>().id;
  });
  afterAll(async () => w.ctx.close());

  const pub = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    w.ctx.app.inject({
      method,
      url: `/api/customer-upload${url}`,
      ...(payload ? { payload } : {}),
    });
  const verifyLink = (token: string) =>
    pub('POST', `/${token}/verify`, { phoneNumber: PHONE, serialNumber: SERIAL });
  const uploadPhoto = async (token: string, session: string) => {
    const body = multipart([
      { name: 'files', filename: 'a.jpg', data: await gpsJpeg() },
      { name: 'categories', value: 'other' },
    ]);
    return w.ctx.app.inject({
      method: 'POST',
      url: `/api/customer-upload/${token}/images`,
      headers: { ...body.headers, 'x-upload-session': session },
      payload: body.payload,
    });
  };

  it('works one second before its 24 hours end and is an invalid link one second after', async () => {
    const created = await w.api(w.tokens.tech).post(`/service-orders/${orderId}/upload-links`, {
      sendVia: 'none',
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json<UploadLinkCreated>();
    const token = link.url.split('/customer-upload/')[1]!;
    const issuedAt = w.ctx.clock.now.getTime();
    expect(new Date(link.expiresAt).getTime()).toBe(issuedAt + DAY);

    w.ctx.clock.now = new Date(issuedAt + DAY - SECOND);
    expect((await pub('GET', `/${token}`)).statusCode).toBe(200);
    const verified = await verifyLink(token);
    expect(verified.statusCode, verified.body).toBe(200);
    const session = verified.json<UploadSession>().session;
    const before = await uploadPhoto(token, session);
    expect(before.statusCode, before.body).toBe(201);

    w.ctx.clock.now = new Date(issuedAt + DAY + SECOND);
    for (const res of [
      await pub('GET', `/${token}`),
      await verifyLink(token),
      await uploadPhoto(token, session),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'invalid_upload_link' });
    }
  });
});
