import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  type ActingPartner,
  type AdminServicePartner,
  type AdminUser,
} from '@service-portal/shared/admin';
import { ACTING_PARTNER_HEADER } from '@service-portal/shared/auth';
import { VALIDATION_MESSAGES as M } from '@service-portal/shared/validation';
import { seedIdentities } from '../../seed/identities.ts';
import { seedTechnicians } from '../../seed/technicians.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';

let ctx: TestContext;
let nordic: string;
let fjord: string;
const tokens: Record<'admin' | 'manager' | 'tech' | 'fjord', string> = {
  admin: '',
  manager: '',
  tech: '',
  fjord: '',
};

beforeAll(async () => {
  ctx = await createTestContext();
  const partnerIds = await seedIdentities(ctx.app.db);
  await seedTechnicians(ctx.app.db, partnerIds);
  nordic = partnerIds.get('Nordic Service AS')!;
  fjord = partnerIds.get('Fjord Repair AS')!;
  tokens.admin = await signIn(ctx, 'admin@example.com');
  tokens.manager = await signIn(ctx, 'manager@nordic.example.com');
  tokens.tech = await signIn(ctx, 'tech@nordic.example.com');
  tokens.fjord = await signIn(ctx, 'manager@fjord.example.com');
});
afterAll(async () => ctx.close());

function api(token: string, headers: Record<string, string> = {}) {
  const send = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...bearer(token), ...headers },
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload: unknown) => send('POST', url, payload),
    put: (url: string, payload: unknown) => send('PUT', url, payload),
  };
}
const admin = () => api(tokens.admin);

async function userByEmail(email: string): Promise<AdminUser> {
  const res = await admin().get(`/admin/users?search=${encodeURIComponent(email)}`);
  const user = res.json<{ items: AdminUser[] }>().items.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

const invite = (overrides: Record<string, unknown> = {}) => ({
  email: 'Siri.Sand@Nordic.example.com',
  firstName: 'Siri',
  lastName: 'Sand',
  servicePartnerId: nordic,
  roles: [],
  isActive: true,
  isGlobalAdmin: false,
  ...overrides,
});

describe('access: global administrators only', () => {
  it('refuses a partner manager and a technician with 403 on every /admin route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const token of [tokens.manager, tokens.tech]) {
      const calls = [
        api(token).get('/admin/service-partners'),
        api(token).get(`/admin/service-partners/${id}`),
        api(token).post('/admin/service-partners', { name: 'Sneaky AS' }),
        api(token).put(`/admin/service-partners/${id}`, { name: 'x', isActive: true, version: 1 }),
        api(token).get('/admin/acting-partners'),
        api(token).get('/admin/users'),
        api(token).get(`/admin/users/${id}`),
        api(token).post('/admin/users', invite({ email: 'sneaky@example.com' })),
        api(token).put(`/admin/users/${id}`, { ...invite(), version: 1 }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    }
    expect((await admin().get('/admin/service-partners?search=sneaky')).json().total).toBe(0);
  });

  it('needs no acting partner (and ignores one)', async () => {
    expect((await admin().get('/admin/users')).statusCode).toBe(200);
    expect(
      (await api(tokens.admin, { [ACTING_PARTNER_HEADER]: fjord }).get('/admin/users')).json().total,
    ).toBe(6);
  });
});

describe('service partners', () => {
  it('lists partners by name with user counts', async () => {
    const res = await admin().get('/admin/service-partners');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: AdminServicePartner[]; total: number }>();
    expect(body.total).toBe(2);
    expect(body.items.map((p) => [p.name, p.userCount, p.activeUserCount])).toEqual([
      ['Fjord Repair AS', 1, 1],
      ['Nordic Service AS', 3, 3],
    ]);
    expect(body.items[1]).toMatchObject({ id: nordic, isActive: true, timeZone: 'Europe/Oslo', version: 1 });
    expect((await admin().get('/admin/service-partners?search=fjord')).json().items).toHaveLength(1);
    expect((await admin().get(`/admin/service-partners/${fjord}`)).json()).toMatchObject({
      name: 'Fjord Repair AS',
      userCount: 1,
    });
    expect(
      (await admin().get('/admin/service-partners/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('creates a partner; names are unique in any case; time zones are checked', async () => {
    const res = await admin().post('/admin/service-partners', { name: '  Trøndelag Varme AS ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Trøndelag Varme AS',
      isActive: true,
      timeZone: 'Europe/Oslo',
      userCount: 0,
      version: 1,
    });

    const dup = await admin().post('/admin/service-partners', { name: 'NORDIC service as' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'name_taken', detail: ADMIN_MESSAGES.partnerNameTaken });
    const empty = await admin().post('/admin/service-partners', { name: '' });
    expect(empty.json().errors).toEqual([{ path: 'name', message: M.required }]);
    const zone = await admin().post('/admin/service-partners', {
      name: 'Somewhere AS',
      timeZone: 'Mars/Olympus',
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().errors).toEqual([{ path: 'timeZone', message: ADMIN_MESSAGES.invalidTimeZone }]);
    const stockholm = await admin().post('/admin/service-partners', {
      name: 'Svensk Service AB',
      timeZone: 'Europe/Stockholm',
    });
    expect(stockholm.json().timeZone).toBe('Europe/Stockholm');
  });

  it('renames and changes the time zone with a version', async () => {
    const partner = (
      await admin().post('/admin/service-partners', { name: 'Rename Me AS' })
    ).json<AdminServicePartner>();
    const res = await admin().put(`/admin/service-partners/${partner.id}`, {
      name: 'Renamed AS',
      isActive: true,
      timeZone: 'Europe/Helsinki',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed AS', timeZone: 'Europe/Helsinki', version: 2 });
    const stale = await admin().put(`/admin/service-partners/${partner.id}`, {
      name: 'Again AS',
      isActive: true,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const taken = await admin().put(`/admin/service-partners/${partner.id}`, {
      name: 'fjord repair as',
      isActive: true,
      version: 2,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('name_taken');
    // timeZone may be left out: it stays.
    const keep = await admin().put(`/admin/service-partners/${partner.id}`, {
      name: 'Renamed AS',
      isActive: true,
      version: 2,
    });
    expect(keep.json()).toMatchObject({ timeZone: 'Europe/Helsinki', version: 3 });
    const unknown = await admin().put('/admin/service-partners/00000000-0000-4000-8000-000000000000', {
      name: 'X',
      isActive: true,
      version: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('deactivating a partner signs its users out on their next request; reactivating lets them back', async () => {
    expect((await api(tokens.fjord).get('/technicians')).statusCode).toBe(200);
    const partner = (await admin().get(`/admin/service-partners/${fjord}`)).json<AdminServicePartner>();
    const off = await admin().put(`/admin/service-partners/${fjord}`, {
      name: partner.name,
      isActive: false,
      version: partner.version,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, version: partner.version + 1 });

    const refused = await api(tokens.fjord).get('/technicians');
    expect(refused.statusCode).toBe(401);
    expect((await api(tokens.fjord).get('/user/profile')).statusCode).toBe(401);
    // Other partners are untouched, and the switcher no longer offers it.
    expect((await api(tokens.manager).get('/technicians')).statusCode).toBe(200);
    const acting = (await admin().get('/admin/acting-partners')).json<ActingPartner[]>();
    expect(acting.map((p) => p.id)).not.toContain(fjord);

    const on = await admin().put(`/admin/service-partners/${fjord}`, {
      name: partner.name,
      isActive: true,
      version: partner.version + 1,
    });
    expect(on.statusCode).toBe(200);
    expect((await api(tokens.fjord).get('/technicians')).statusCode).toBe(200);
  });

  it('lists the active partners for the acting-partner switcher', async () => {
    const res = await admin().get('/admin/acting-partners');
    expect(res.statusCode).toBe(200);
    const list = res.json<ActingPartner[]>();
    // The time zone lets the web show times on the chosen partner's clock (decision 029).
    expect(Object.keys(list[0]!).sort()).toEqual(['id', 'name', 'timeZone']);
    expect(list.find((p) => p.name === 'Nordic Service AS')?.timeZone).toBe('Europe/Oslo');
    expect(list.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Fjord Repair AS', 'Nordic Service AS', 'Renamed AS']),
    );
    const names = list.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

describe('users', () => {
  it('lists every partner’s users; filters by partner, active state and text; pages', async () => {
    const all = (await admin().get('/admin/users')).json();
    expect(all.total).toBe(6);
    expect(all.items[0]).toMatchObject({
      email: 'admin@example.com',
      isGlobalAdmin: true,
      servicePartnerId: null,
      servicePartnerName: null,
    });
    const ofNordic = (await admin().get(`/admin/users?servicePartnerId=${nordic}`)).json();
    expect(ofNordic.items.map((u: AdminUser) => u.email).sort()).toEqual([
      'manager@nordic.example.com',
      'office@nordic.example.com',
      'tech@nordic.example.com',
    ]);
    expect(ofNordic.items[0].servicePartnerName).toBe('Nordic Service AS');
    expect(
      (await admin().get('/admin/users?search=marte%20h')).json().items.map((u: AdminUser) => u.email),
    ).toEqual(['manager@nordic.example.com']);
    expect((await admin().get('/admin/users?isActive=false')).json().total).toBe(0);
    const page = (await admin().get('/admin/users?page=2&pageSize=4')).json();
    expect(page).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(page.items).toHaveLength(2);
    // Pages follow one stable order: together they are the whole list, nobody twice.
    const first = (await admin().get('/admin/users?page=1&pageSize=4')).json();
    expect([...first.items, ...page.items].map((u: AdminUser) => u.id)).toEqual(
      all.items.map((u: AdminUser) => u.id),
    );
    expect((await admin().get('/admin/users?pageSize=101')).statusCode).toBe(400);
    expect((await admin().get('/admin/users?page=0')).statusCode).toBe(400);
    expect((await admin().get('/admin/users?servicePartnerId=nordic')).statusCode).toBe(400);
  });

  it('invites a user: e-mailed the sign-in link, who then signs in with a code', async () => {
    const before = ctx.mail.messages.length;
    const res = await admin().post(
      '/admin/users',
      invite({ roles: ['ServiceManager'], jobTitle: 'Coordinator' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json<AdminUser>();
    expect(user).toMatchObject({
      email: 'siri.sand@nordic.example.com',
      firstName: 'Siri',
      roles: ['ServiceManager'],
      servicePartnerId: nordic,
      servicePartnerName: 'Nordic Service AS',
      isActive: true,
      isGlobalAdmin: false,
      jobTitle: 'Coordinator',
      department: null,
      version: 1,
    });
    expect((await admin().get(`/admin/users/${user.id}`)).json()).toEqual(user);

    await ctx.app.outbox.drain();
    const mail = await ctx.mail.waitFor('siri.sand@nordic.example.com', 5000, before);
    expect(mail.subject).toBe('You have been invited to Service Portal');
    expect(mail.text).toContain('http://127.0.0.1/login');
    expect(mail.text).toContain('Astrid Admin has given you access to Service Portal for Nordic Service AS.');
    expect(mail.text).toContain('one-time code');

    const token = await signIn(ctx, 'siri.sand@nordic.example.com');
    const profile = await api(token).get('/user/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email: 'siri.sand@nordic.example.com',
      roles: ['ServiceManager'],
      servicePartnerName: 'Nordic Service AS',
    });
    expect((await api(token).get('/warehouse-locations')).statusCode).toBe(200);
    const counts = (await admin().get(`/admin/service-partners/${nordic}`)).json<AdminServicePartner>();
    expect(counts.userCount).toBe(4);
  });

  it('refuses a taken e-mail, a missing or unknown partner, and bad fields', async () => {
    const taken = await admin().post('/admin/users', invite({ email: 'MANAGER@nordic.example.com' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'email_taken', detail: ADMIN_MESSAGES.emailTaken });
    const noPartner = await admin().post(
      '/admin/users',
      invite({ email: 'lost@example.com', servicePartnerId: null }),
    );
    expect(noPartner.statusCode).toBe(400);
    expect(noPartner.json().errors).toEqual([
      { path: 'servicePartnerId', message: ADMIN_MESSAGES.partnerRequired },
    ]);
    const unknown = await admin().post(
      '/admin/users',
      invite({ email: 'lost@example.com', servicePartnerId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { path: 'servicePartnerId', message: ADMIN_MESSAGES.partnerNotFound },
    ]);
    const bad = await admin().post(
      '/admin/users',
      invite({ email: 'not an email', firstName: '', roles: ['Owner'] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['email', 'firstName', 'roles.0']);
    // A global administrator needs no partner.
    const platform = await admin().post(
      '/admin/users',
      invite({ email: 'ops@example.com', servicePartnerId: null, isGlobalAdmin: true }),
    );
    expect(platform.statusCode).toBe(201);
  });

  it('sends no invitation to a user created inactive', async () => {
    const res = await admin().post(
      '/admin/users',
      invite({ email: 'later@nordic.example.com', isActive: false }),
    );
    expect(res.statusCode).toBe(201);
    await ctx.app.outbox.drain();
    expect(ctx.mail.messages.some((m) => m.to.includes('later@nordic.example.com'))).toBe(false);
  });

  it('applies role, partner and active changes on the user’s next request', async () => {
    await admin().post(
      '/admin/users',
      invite({ email: 'vegard.vik@nordic.example.com', firstName: 'Vegard', lastName: 'Vik' }),
    );
    const token = await signIn(ctx, 'vegard.vik@nordic.example.com');
    expect((await api(token).get('/warehouse-locations')).statusCode).toBe(403);
    let user = await userByEmail('vegard.vik@nordic.example.com');

    const promote = await admin().put(`/admin/users/${user.id}`, {
      ...invite(),
      firstName: 'Vegard',
      lastName: 'Vik',
      roles: ['Administrator'],
      version: user.version,
    });
    expect(promote.statusCode, promote.body).toBe(200);
    expect(promote.json()).toMatchObject({ roles: ['Administrator'], version: user.version + 1 });
    expect((await api(token).get('/warehouse-locations')).statusCode).toBe(200);
    expect((await api(token).get('/user/profile')).json().roles).toEqual(['Administrator']);

    user = promote.json<AdminUser>();
    const move = await admin().put(`/admin/users/${user.id}`, {
      ...invite(),
      firstName: 'Vegard',
      lastName: 'Vik',
      roles: ['Administrator'],
      servicePartnerId: fjord,
      version: user.version,
    });
    expect(move.json()).toMatchObject({ servicePartnerId: fjord, servicePartnerName: 'Fjord Repair AS' });
    const techs = (await api(token).get('/technicians')).json();
    expect(techs.items.every((t: { email: string }) => t.email.endsWith('@fjord.example.com'))).toBe(true);

    user = move.json<AdminUser>();
    const stale = await admin().put(`/admin/users/${user.id}`, {
      ...invite(),
      servicePartnerId: fjord,
      isActive: false,
      version: user.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    expect((await api(token).get('/technicians')).statusCode).toBe(200);

    const off = await admin().put(`/admin/users/${user.id}`, {
      ...invite(),
      firstName: 'Vegard',
      lastName: 'Vik',
      servicePartnerId: fjord,
      isActive: false,
      version: user.version,
    });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await api(token).get('/technicians')).statusCode).toBe(401);
    expect((await api(token).get('/user/profile')).statusCode).toBe(401);
  });

  it('grants and withdraws the global-admin flag, effective at once', async () => {
    await admin().post(
      '/admin/users',
      invite({ email: 'helga.holm@nordic.example.com', firstName: 'Helga', lastName: 'Holm' }),
    );
    const token = await signIn(ctx, 'helga.holm@nordic.example.com');
    expect((await api(token).get('/admin/users')).statusCode).toBe(403);
    const user = await userByEmail('helga.holm@nordic.example.com');
    const grant = await admin().put(`/admin/users/${user.id}`, {
      ...invite(),
      firstName: 'Helga',
      lastName: 'Holm',
      isGlobalAdmin: true,
      version: user.version,
    });
    expect(grant.json().isGlobalAdmin).toBe(true);
    expect((await api(token).get('/admin/users')).statusCode).toBe(200);
    const withdraw = await admin().put(`/admin/users/${user.id}`, {
      ...invite(),
      firstName: 'Helga',
      lastName: 'Holm',
      isGlobalAdmin: false,
      version: user.version + 1,
    });
    expect(withdraw.statusCode).toBe(200);
    expect((await api(token).get('/admin/users')).statusCode).toBe(403);
  });

  it('does not let a global administrator remove their own flag or deactivate themself (409)', async () => {
    const me = await userByEmail('admin@example.com');
    const self = {
      firstName: me.firstName,
      lastName: me.lastName,
      servicePartnerId: null,
      roles: [],
      isActive: true,
      isGlobalAdmin: true,
      version: me.version,
    };
    const demote = await admin().put(`/admin/users/${me.id}`, {
      ...self,
      isGlobalAdmin: false,
      servicePartnerId: nordic,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({
      code: 'conflict',
      detail: ADMIN_MESSAGES.cannotRemoveOwnGlobalAdmin,
    });
    const deactivate = await admin().put(`/admin/users/${me.id}`, { ...self, isActive: false });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().detail).toBe(ADMIN_MESSAGES.cannotDeactivateSelf);
    expect((await admin().get('/admin/users')).statusCode).toBe(200);
    // Anything else about themself is fine.
    const rename = await admin().put(`/admin/users/${me.id}`, { ...self, jobTitle: 'Platform owner' });
    expect(rename.statusCode).toBe(200);
    expect(rename.json()).toMatchObject({ jobTitle: 'Platform owner', isGlobalAdmin: true, isActive: true });
  });

  it('answers 404 for an unknown user', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await admin().get(`/admin/users/${id}`)).statusCode).toBe(404);
    expect((await admin().put(`/admin/users/${id}`, { ...invite(), version: 1 })).statusCode).toBe(404);
  });
});
