import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTING_PARTNER_HEADER } from '@service-portal/shared/auth';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';

let ctx: TestContext;
let nordic: string;
let fjord: string;
let admin: string;
let partnerIds: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  nordic = await signIn(ctx, 'manager@nordic.example.com');
  fjord = await signIn(ctx, 'manager@fjord.example.com');
  admin = await signIn(ctx, 'admin@example.com');
  const profile = async (t: string) =>
    (await ctx.app.inject({ url: '/api/user/profile', headers: bearer(t) })).json();
  partnerIds = {
    nordic: (await profile(nordic)).servicePartnerId,
    fjord: (await profile(fjord)).servicePartnerId,
  };
});
afterAll(async () => ctx.close());

async function list(token: string, headers: Record<string, string> = {}, query = '') {
  return ctx.app.inject({ url: `/api/users${query}`, headers: { ...bearer(token), ...headers } });
}

describe('GET /api/users (tenant scope)', () => {
  it("lists only the caller's partner's users, paged", async () => {
    const res = await list(nordic);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(body.items.map((u: { email: string }) => u.email).sort()).toEqual([
      'manager@nordic.example.com',
      'office@nordic.example.com',
      'tech@nordic.example.com',
    ]);
    const fjordBody = (await list(fjord)).json();
    expect(fjordBody.items.map((u: { email: string }) => u.email)).toEqual(['manager@fjord.example.com']);
  });

  it('searches and pages', async () => {
    expect((await list(nordic, {}, '?search=tore')).json().items).toHaveLength(1);
    const page2 = (await list(nordic, {}, '?page=2&pageSize=2')).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items).toHaveLength(1);
    const bad = await list(nordic, {}, '?pageSize=101');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('pageSize');
  });

  it("answers 404 for another partner's user", async () => {
    const fjordUser = (await list(fjord)).json().items[0].id as string;
    const res = await ctx.app.inject({ url: `/api/users/${fjordUser}`, headers: bearer(nordic) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    const own = await ctx.app.inject({ url: `/api/users/${fjordUser}`, headers: bearer(fjord) });
    expect(own.statusCode).toBe(200);
  });

  it('ignores the acting-partner header from a user who is not a global administrator', async () => {
    const res = await list(nordic, { [ACTING_PARTNER_HEADER]: partnerIds.fjord! });
    expect(res.json().items.every((u: { email: string }) => u.email.endsWith('@nordic.example.com'))).toBe(
      true,
    );
  });
});

describe('a global administrator names the partner they act for', () => {
  it('must name one', async () => {
    const res = await list(admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('partner_required');
  });

  it('sees the named partner only', async () => {
    const res = await list(admin, { [ACTING_PARTNER_HEADER]: partnerIds.fjord! });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((u: { email: string }) => u.email)).toEqual(['manager@fjord.example.com']);
  });

  it('gets 400 for a malformed id and 404 for an unknown partner', async () => {
    expect((await list(admin, { [ACTING_PARTNER_HEADER]: 'nordic' })).statusCode).toBe(400);
    expect(
      (await list(admin, { [ACTING_PARTNER_HEADER]: '5d1f7c1e-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });
});
