import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEvents, otpCodes, sessions } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  codeFrom,
  createTestContext,
  nextIp,
  signIn,
  type TestContext,
} from '../../../test/helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());
beforeEach(() => ctx.clock.advance(2 * 60 * 60_000)); // every test starts outside earlier windows

const MANAGER = 'manager@nordic.example.com';

async function requestCode(email: string, ip = nextIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/otp/request',
    payload: { email },
    remoteAddress: ip,
  });
}
async function verify(email: string, otpCode: string, ip = nextIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/otp/verify',
    payload: { email, otpCode },
    remoteAddress: ip,
  });
}
async function codeFor(email: string): Promise<string> {
  await ctx.app.outbox.drain(); // earlier sends must not be mistaken for this one
  const before = ctx.mail.messages.length;
  const res = await requestCode(email);
  expect(res.statusCode).toBe(200);
  return codeFrom((await ctx.mail.waitFor(email, 5000, before)).text);
}
function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('POST /api/auth/otp/request', () => {
  it('mails a 6-digit code that signs the user in, with the claims of spec §3', async () => {
    const code = await codeFor(MANAGER);
    expect(code).toMatch(/^\d{6}$/);
    const res = await verify(MANAGER, code);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: MANAGER,
      firstName: 'Marte',
      lastName: 'Hansen',
      roles: ['ServiceManager'],
      isGlobalAdmin: false,
      servicePartnerName: 'Nordic Service AS',
      servicePartnerTimeZone: 'Europe/Oslo',
    });
    const [, payload] = (body.token as string).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({
      sub: body.user.id,
      email: MANAGER,
      given_name: 'Marte',
      family_name: 'Hansen',
      roles: ['ServiceManager'],
      isGlobalAdmin: 'false',
      servicePartnerId: body.user.servicePartnerId,
      servicePartnerName: 'Nordic Service AS',
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    const profile = await ctx.app.inject({ url: '/api/user/profile', headers: bearer(body.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(MANAGER);
    // The web shows times in the partner's zone (decision 029).
    expect(profile.json().servicePartnerTimeZone).toBe('Europe/Oslo');
  });

  it('answers an unknown e-mail exactly as a known one, and mails nothing', async () => {
    const before = ctx.mail.messages.length;
    const known = await requestCode(MANAGER);
    const unknown = await requestCode('nobody@nordic.example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    await ctx.app.outbox.drain();
    expect(ctx.mail.messages.slice(before).map((m) => m.to[0])).toEqual([MANAGER]);
  });

  it('rejects a malformed e-mail with a problem naming the field', async () => {
    for (const email of ['no-at-sign.example.com', 'a b@example.com', 'a@@example.com', 'a@example', '']) {
      const res = await requestCode(email);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'email' }] });
    }
  });

  it('allows one code a minute per e-mail and answers 429 with Retry-After', async () => {
    expect((await requestCode(MANAGER)).statusCode).toBe(200);
    ctx.clock.advance(20_000);
    const res = await requestCode(MANAGER);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'rate_limited',
      detail: 'Too many attempts. Please try again later.',
    });
    expect(Number(res.headers['retry-after'])).toBe(40);
  });

  it('answers the 6th request within an hour with 429, and lets it through once the window moves', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(MANAGER)).statusCode).toBe(200);
      ctx.clock.advance(61_000);
    }
    const sixth = await requestCode(MANAGER);
    expect(sixth.statusCode).toBe(429);
    const retry = Number(sixth.headers['retry-after']);
    expect(retry).toBeGreaterThan(3000);
    expect(retry).toBeLessThanOrEqual(3600 - 5 * 61 + 1);
    ctx.clock.advance(retry * 1000);
    expect((await requestCode(MANAGER)).statusCode).toBe(200);
  });

  it('holds the one-a-minute limit for simultaneous requests (as from several instances)', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => requestCode(MANAGER)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
  });

  it('holds the per-address limit of wrong codes for simultaneous guesses', async () => {
    const ip = nextIp();
    // 45 wrong codes first, one after another, then 10 at once: exactly 5 more are judged.
    for (let i = 0; i < 45; i++) expect((await verify(MANAGER, '000000', ip)).statusCode).toBe(401);
    const burst = await Promise.all(Array.from({ length: 10 }, () => verify(MANAGER, '000000', ip)));
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  it('limits one address to 20 codes an hour across e-mails', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await requestCode(`user${i}@example.com`, ip)).statusCode).toBe(200);
    const res = await requestCode('user20@example.com', ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/auth/otp/verify', () => {
  it('burns the code after 5 wrong tries: the right code then fails too', async () => {
    const code = await codeFor(MANAGER);
    for (let i = 0; i < 5; i++) {
      const res = await verify(MANAGER, wrong(code));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'invalid_credentials',
        detail: 'Invalid email or OTP code. Please try again.',
      });
    }
    expect((await verify(MANAGER, code)).statusCode).toBe(401);
  });

  it('accepts the right code after 4 wrong tries', async () => {
    const code = await codeFor(MANAGER);
    for (let i = 0; i < 4; i++) expect((await verify(MANAGER, wrong(code))).statusCode).toBe(401);
    expect((await verify(MANAGER, code)).statusCode).toBe(200);
  });

  it('uses a code once', async () => {
    const code = await codeFor(MANAGER);
    expect((await verify(MANAGER, code)).statusCode).toBe(200);
    expect((await verify(MANAGER, code)).statusCode).toBe(401);
  });

  it('expires a code after 10 minutes', async () => {
    const code = await codeFor(MANAGER);
    ctx.clock.advance(10 * 60_000 + 1000);
    expect((await verify(MANAGER, code)).statusCode).toBe(401);
  });

  it('retires the old code when a new one is issued', async () => {
    const first = await codeFor(MANAGER);
    ctx.clock.advance(61_000);
    const second = await codeFor(MANAGER);
    if (first !== second) expect((await verify(MANAGER, first)).statusCode).toBe(401);
    expect((await verify(MANAGER, second)).statusCode).toBe(200);
  });

  it('requires exactly 6 digits', async () => {
    for (const otpCode of ['12345', '1234567', 'abcdef', '12 456']) {
      const res = await verify(MANAGER, otpCode);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('otpCode');
    }
  });

  it('refuses a deactivated user even with a valid code', async () => {
    const email = 'office@nordic.example.com';
    const code = await codeFor(email);
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.email, email));
    expect((await verify(email, code)).statusCode).toBe(401);
    await ctx.app.db.update(users).set({ isActive: true }).where(eq(users.email, email));
  });
});

describe('sessions', () => {
  it('logout revokes the token', async () => {
    const token = await signIn(ctx, MANAGER);
    expect((await ctx.app.inject({ url: '/api/user/profile', headers: bearer(token) })).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    const after = await ctx.app.inject({ url: '/api/user/profile', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthenticated');
  });

  // Through the API the change shows on the very next request (admin.test.ts); a change made
  // behind the server's back (SQL by hand, another server) arrives as a database notification,
  // so within moments rather than strictly next (docs/decisions/008-principal-cache.md).
  const profileOf = (token: string) => ctx.app.inject({ url: '/api/user/profile', headers: bearer(token) });
  const soon = { timeout: 3000, interval: 20 };

  it('deactivating a user in the database makes their token fail', async () => {
    const email = 'tech@nordic.example.com';
    const token = await signIn(ctx, email);
    expect((await profileOf(token)).statusCode).toBe(200);
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.email, email));
    await vi.waitFor(async () => expect((await profileOf(token)).statusCode).toBe(401), soon);
    await ctx.app.db.update(users).set({ isActive: true }).where(eq(users.email, email));
  });

  it('a role change in the database shows on the following requests', async () => {
    const email = 'tech@nordic.example.com';
    const token = await signIn(ctx, email);
    expect((await profileOf(token)).json().roles).toEqual([]);
    await ctx.app.db
      .update(users)
      .set({ roles: ['ServiceManager'] })
      .where(eq(users.email, email));
    await vi.waitFor(
      async () => expect((await profileOf(token)).json().roles).toEqual(['ServiceManager']),
      soon,
    );
    await ctx.app.db.update(users).set({ roles: [] }).where(eq(users.email, email));
  });

  it('revoking a session in the database ends it', async () => {
    const token = await signIn(ctx, MANAGER);
    expect((await profileOf(token)).statusCode).toBe(200);
    await ctx.app.db.update(sessions).set({ revokedAt: new Date() }).where(isNull(sessions.revokedAt));
    await vi.waitFor(async () => expect((await profileOf(token)).statusCode).toBe(401), soon);
  });

  it('refuses tampered, unsigned and malformed tokens', async () => {
    const token = await signIn(ctx, MANAGER);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['Administrator'] })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const bad of [`${header}.${forged}.${signature}`, `${none}.${payload}.`, 'abc.def', `${token}x`]) {
      const res = await ctx.app.inject({ url: '/api/user/profile', headers: bearer(bad) });
      expect(res.statusCode).toBe(401);
    }
  });

  it('lets a user without a partner sign in but not use partner data', async () => {
    const token = await signIn(ctx, 'nopartner@example.com');
    const profile = await ctx.app.inject({ url: '/api/user/profile', headers: bearer(token) });
    expect(profile.json()).toMatchObject({ servicePartnerId: null, isGlobalAdmin: false });
    const res = await ctx.app.inject({ url: '/api/users', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'user_not_configured',
      detail: 'User not properly configured.',
    });
  });
});

describe('logs', () => {
  it('never contain the code or the token', async () => {
    const lines: string[] = [];
    const logged = await createTestContext({ logStream: { write: (line: string) => lines.push(line) } });
    try {
      const token = await signIn(logged, MANAGER);
      const code = codeFrom(logged.mail.messages.at(-1)!.text);
      await logged.app.inject({ url: '/api/user/profile?token=' + token, headers: bearer(token) });
      const all = lines.join('\n');
      expect(lines.length).toBeGreaterThan(3);
      expect(all).not.toContain(token);
      expect(all).not.toContain(token.split('.')[2]!);
      expect(all).not.toContain(code);
    } finally {
      await logged.close();
    }
  });
});

describe('pruning on the job runner', () => {
  it("'auth.prune-events' removes events and codes more than a day old and keeps recent ones", async () => {
    const HOUR = 60 * 60_000;
    const t = ctx.clock.now.getTime();
    const oldKey = `prune-old-${nextIp()}`;
    const freshKey = `prune-fresh-${nextIp()}`;
    await ctx.app.db.insert(authEvents).values([
      { kind: 'otp_request_ip', key: oldKey, createdAt: new Date(t - 25 * HOUR) },
      { kind: 'otp_request_ip', key: freshKey, createdAt: new Date(t - 23 * HOUR) },
    ]);
    await ctx.app.db.insert(otpCodes).values([
      { email: oldKey, codeHash: 'x', expiresAt: new Date(t - 25 * HOUR) },
      { email: freshKey, codeHash: 'y', expiresAt: new Date(t - 23 * HOUR) },
    ]);
    const keys = async () => (await ctx.app.db.select().from(authEvents)).map((e) => e.key);
    const codeEmails = async () => (await ctx.app.db.select().from(otpCodes)).map((c) => c.email);
    expect(await keys()).toEqual(expect.arrayContaining([oldKey, freshKey]));

    await ctx.app.jobs.enqueue('auth.prune-events', {});
    await ctx.app.jobs.drain();

    expect(await keys()).not.toContain(oldKey);
    expect(await keys()).toContain(freshKey);
    expect(await codeEmails()).not.toContain(oldKey);
    expect(await codeEmails()).toContain(freshKey);
  });
});
