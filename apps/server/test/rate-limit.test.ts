import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, nextIp, signIn, type TestContext } from './helper.ts';

// Low limits so a handful of requests crosses them; the window is long enough not to reset mid-test.
const PER_USER = 5;
const PER_IP = 4;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    config: { rateLimit: { perUser: PER_USER, perIp: PER_IP, perToken: PER_USER, windowMs: 10 * 60_000 } },
  });
});
afterAll(async () => ctx.close());

const wrongCode = (ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { email: 'nobody@example.com', otpCode: '000000' },
    remoteAddress: ip,
  });

const customers = (token: string, ip = nextIp()) =>
  ctx.app.inject({ url: '/api/customers', headers: bearer(token), remoteAddress: ip });

describe('API rate limit', () => {
  it('answers a caller without a session past the per-IP limit with 429 problem+json and Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < PER_IP; i += 1) {
      const res = await wrongCode(ip);
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(PER_IP - 1 - i));
    }
    const refused = await wrongCode(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: 'Too many attempts. Please try again later.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);

    // Another address is counted on its own.
    expect((await wrongCode(nextIp())).statusCode).toBe(401);
  });

  it('counts a signed-in caller per user, wherever the requests come from', async () => {
    const token = await signIn(ctx, 'manager@nordic.example.com');
    const other = await signIn(ctx, 'office@nordic.example.com');
    const sharedIp = nextIp();
    for (let i = 0; i < PER_USER; i += 1) {
      // A new address every time: the per-IP limit (4) would have stopped the fifth otherwise.
      expect((await customers(token)).statusCode).toBe(200);
    }
    const refused = await customers(token, sharedIp);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Another user, even from the same address, and a caller without a session there, go on.
    expect((await customers(other, sharedIp)).statusCode).toBe(200);
    expect((await wrongCode(sharedIp)).statusCode).toBe(401);
  });

  it('never counts health probes or static files', async () => {
    const ip = nextIp();
    for (let i = 0; i < PER_IP * 3; i += 1) {
      const res = await ctx.app.inject({ url: '/api/health', remoteAddress: ip });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    // No web build in tests: an unknown non-API path gets the plain 404, never a 429.
    for (let i = 0; i < PER_IP * 2; i += 1) {
      expect((await ctx.app.inject({ url: '/assets/app.js', remoteAddress: ip })).statusCode).toBe(404);
    }
    expect((await wrongCode(ip)).statusCode).toBe(401);
  });
});

describe('API rate limit turned off', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext({
      config: { rateLimit: { perUser: 0, perIp: 0, perToken: 0, windowMs: 60_000 } },
    });
  });
  afterAll(async () => off.close());

  it('lets every request through when the limits are 0', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/auth/otp/verify',
        payload: { email: 'nobody@example.com', otpCode: '000000' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('API rate limit with its Redis away', () => {
  let away: TestContext;
  beforeAll(async () => {
    away = await createTestContext({
      // Nothing listens on port 1: the store fails at once and requests go through uncounted.
      config: {
        redisUrl: 'redis://127.0.0.1:1',
        rateLimit: { perUser: 2, perIp: 2, perToken: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(async () => away.close());

  it('serves requests rather than refusing or waiting for the store', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await away.app.inject({
        method: 'POST',
        url: '/api/auth/otp/verify',
        payload: { email: 'nobody@example.com', otpCode: '000000' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
  });
});
