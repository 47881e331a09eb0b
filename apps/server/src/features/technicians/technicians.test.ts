import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import {
  TECHNICIAN_CONFLICTS,
  TECHNICIAN_PAGE_SIZES,
  type Technician,
  type TechnicianStats,
} from '@service-portal/shared/technicians';
import { VALIDATION_MESSAGES as M } from '@service-portal/shared/validation';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { technicians } from '../../db/schema/technicians.ts';
import {
  actingFor,
  createOrdersWorld,
  orderInput,
  type OrdersWorld,
} from '../../../test/service-order-fixtures.ts';

let w: OrdersWorld;
beforeAll(async () => {
  w = await createOrdersWorld();
});
afterAll(async () => w.ctx.close());

const tested = new Set<string>();

const api = (token: string, headers: Record<string, string> = {}) => w.api(token, headers);
const manager = () => api(w.tokens.manager);
const office = () => api(w.tokens.office);
const tech = () => api(w.tokens.tech);
const fjord = () => api(w.tokens.fjord);

const fullNames = (items: Technician[]) => items.map((t) => t.fullName);

const newTechnician = {
  firstName: 'Ingvild',
  lastName: 'Aas',
  email: 'Ingvild.Aas@Nordic.example.com',
  phoneNumber: '+47 922 33 444',
  jobTitle: 'Field technician',
  department: 'Field service',
};

describe('GET /api/technicians', () => {
  it('lists any signed-in user the technicians by last name, paged', async () => {
    const res = await tech().get('/technicians');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 5, page: 1, pageSize: 20 });
    expect(fullNames(res.json().items)).toEqual([
      'Sindre Bakken',
      'Eirik Dahl',
      'Kari Haugen',
      'Jonas Moe',
      'Tore Nilsen',
    ]);
    expect(res.json().items[0]).toMatchObject({
      firstName: 'Sindre',
      lastName: 'Bakken',
      email: 'sindre.bakken@nordic.example.com',
      jobTitle: 'Field technician',
      isActive: true,
      version: 1,
    });
  });

  it('filters by active state and searches name, e-mail, phone, title and department', async () => {
    expect(fullNames((await tech().get('/technicians?isActive=false')).json().items)).toEqual(['Eirik Dahl']);
    expect((await tech().get('/technicians?isActive=true')).json().total).toBe(4);
    expect(fullNames((await tech().get('/technicians?search=kari%20h')).json().items)).toEqual([
      'Kari Haugen',
    ]);
    expect(fullNames((await tech().get('/technicians?search=JONAS.MOE@')).json().items)).toEqual([
      'Jonas Moe',
    ]);
    expect(fullNames((await tech().get('/technicians?search=482%2011')).json().items)).toEqual([
      'Kari Haugen',
    ]);
    expect((await tech().get('/technicians?search=field%20service&isActive=true')).json().total).toBe(1);
    expect((await tech().get('/technicians?isActive=maybe')).statusCode).toBe(400);
  });

  it('pages with the offered page sizes or any size up to 100', async () => {
    for (const size of TECHNICIAN_PAGE_SIZES) {
      expect((await tech().get(`/technicians?pageSize=${size}`)).json().pageSize).toBe(size);
    }
    const page = (await tech().get('/technicians?page=2&pageSize=3')).json();
    expect(page).toMatchObject({ total: 5, page: 2, pageSize: 3 });
    expect(fullNames(page.items)).toEqual(['Jonas Moe', 'Tore Nilsen']);
    expect((await tech().get('/technicians?pageSize=101')).statusCode).toBe(400);
    expect((await tech().get('/technicians?page=0')).statusCode).toBe(400);
  });

  it("shows only the caller's partner's technicians", async () => {
    const res = (await fjord().get('/technicians')).json();
    expect(res.total).toBe(4);
    expect(
      res.items.map((t: Technician) => t.email).every((e: string) => e.endsWith('@fjord.example.com')),
    ).toBe(true);
    const acting = await api(w.tokens.admin, actingFor(w.partners.fjord)).get('/technicians');
    expect(acting.json().total).toBe(4);
  });

  it('reads one technician', async () => {
    const res = await tech().get(`/technicians/${w.technicians.kari}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: w.technicians.kari, fullName: 'Kari Haugen', isActive: true });
    expect((await tech().get('/technicians/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('adding and changing technicians (Administrator or ServiceManager)', () => {
  it('creates a technician; the e-mail is stored lower-cased', async () => {
    const res = await manager().post('/technicians', newTechnician);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      ...newTechnician,
      email: 'ingvild.aas@nordic.example.com',
      fullName: 'Ingvild Aas',
      isActive: true,
      version: 1,
    });
  });

  it('keeps e-mails unique per partner in any case (409), not across partners', async () => {
    const dup = await office().post('/technicians', {
      ...newTechnician,
      firstName: 'Other',
      email: 'INGVILD.AAS@nordic.example.com',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'email_taken', detail: TECHNICIAN_CONFLICTS.emailTaken });
    expect(dup.json().errors).toEqual([{ path: 'email', message: TECHNICIAN_CONFLICTS.emailTaken }]);
    expect((await fjord().post('/technicians', newTechnician)).statusCode).toBe(201);
  });

  it('answers the validation messages of the shared schema', async () => {
    const empty = await manager().post('/technicians', { firstName: '', lastName: '', email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: M.required },
        { path: 'lastName', message: M.required },
        { path: 'email', message: M.required },
      ]),
    );
    const bad = await manager().post('/technicians', {
      ...newTechnician,
      email: 'not an email',
      phoneNumber: 'call me',
    });
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: M.emailInvalid },
        { path: 'phoneNumber', message: M.phoneInvalid },
      ]),
    );
    const long = await manager().post('/technicians', { ...newTechnician, jobTitle: 'x'.repeat(101) });
    expect(long.json().errors).toEqual([{ path: 'jobTitle', message: M.tooLong }]);
  });

  it('updates with a version; a stale version is a 409 that changes nothing', async () => {
    const created = (
      await manager().post('/technicians', {
        ...newTechnician,
        email: 'mats.ro@nordic.example.com',
        firstName: 'Mats',
        lastName: 'Rø',
      })
    ).json<Technician>();
    const res = await office().put(`/technicians/${created.id}`, {
      firstName: 'Mats',
      lastName: 'Røed',
      email: 'mats.roed@nordic.example.com',
      phoneNumber: '',
      jobTitle: 'Senior technician',
      department: null,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      fullName: 'Mats Røed',
      email: 'mats.roed@nordic.example.com',
      phoneNumber: null,
      department: null,
      version: 2,
    });
    const stale = await manager().put(`/technicians/${created.id}`, {
      ...newTechnician,
      email: 'x@nordic.example.com',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    expect((await manager().get(`/technicians/${created.id}`)).json().lastName).toBe('Røed');

    const taken = await manager().put(`/technicians/${created.id}`, {
      ...newTechnician,
      email: 'kari.haugen@nordic.example.com',
      version: 2,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');
  });

  it('deactivates and activates; an inactive technician cannot be assigned', async () => {
    const created = (
      await manager().post('/technicians', { ...newTechnician, email: 'leaving@nordic.example.com' })
    ).json<Technician>();
    const off = await manager().patch(`/technicians/${created.id}/status`, { isActive: false, version: 1 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, version: 2 });

    const assign = await manager().post('/service-orders', orderInput({ assignedTechnicianId: created.id }));
    expect(assign.statusCode).toBe(400);
    expect(assign.json().errors).toEqual([
      { path: 'assignedTechnicianId', message: 'This technician is inactive' },
    ]);

    const stale = await manager().patch(`/technicians/${created.id}/status`, { isActive: true, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const on = await office().patch(`/technicians/${created.id}/status`, { isActive: true, version: 2 });
    expect(on.json()).toMatchObject({ isActive: true, version: 3 });
    expect(
      (await manager().post('/service-orders', orderInput({ assignedTechnicianId: created.id }))).statusCode,
    ).toBe(201);

    expect(
      (await manager().patch(`/technicians/${created.id}/status`, { isActive: 'no', version: 3 })).statusCode,
    ).toBe(400);
  });

  it('refuses a technician (no role) with 403 on create, update and status, and changes nothing', async () => {
    const before = (await tech().get(`/technicians/${w.technicians.kari}`)).json<Technician>();
    const calls = [
      tech().post('/technicians', { ...newTechnician, email: 'sneaky@nordic.example.com' }),
      tech().put(`/technicians/${before.id}`, { ...newTechnician, version: before.version }),
      tech().patch(`/technicians/${before.id}/status`, { isActive: false, version: before.version }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect((await tech().get(`/technicians/${before.id}`)).json()).toEqual(before);
    expect((await tech().get('/technicians?search=sneaky')).json().total).toBe(0);
  });
});

describe('GET /api/technicians/:id/stats', () => {
  it('counts a known set of orders', async () => {
    const technician = (
      await manager().post('/technicians', {
        ...newTechnician,
        email: 'stats@nordic.example.com',
        firstName: 'Stat',
      })
    ).json<Technician>();
    const empty = await tech().get(`/technicians/${technician.id}/stats`);
    expect(empty.json()).toEqual({
      technicianId: technician.id,
      assignedOrders: 0,
      openOrders: 0,
      completedOrders: 0,
      cancelledOrders: 0,
      completionRate: 0,
      averageResolutionHours: null,
    });

    const make = async () =>
      (
        await manager().post('/service-orders', orderInput({ assignedTechnicianId: technician.id }))
      ).json<ServiceOrder>().id;
    const [a, b, c, d, e] = [await make(), await make(), await make(), await make(), await make()];
    // Someone else's orders do not count.
    await manager().post('/service-orders', orderInput({ assignedTechnicianId: w.technicians.kari }));
    await fjord().post('/service-orders', orderInput({ assignedTechnicianId: w.technicians.fjord }));

    const bulk = (orderIds: string[], status: string) =>
      manager().post('/service-orders/bulk-update-status', { orderIds, status });
    expect((await bulk([a, b, d], 'in_progress')).statusCode).toBe(200);
    expect((await bulk([a, b], 'completed')).statusCode).toBe(200);
    expect((await bulk([c], 'cancelled')).statusCode).toBe(200);
    // Known resolution times: 10 h and 30 h.
    const t0 = new Date('2026-03-02T08:00:00Z');
    await w.ctx.app.db
      .update(serviceOrders)
      .set({ createdAt: t0, completedAt: new Date(t0.getTime() + 10 * 3600_000) })
      .where(eq(serviceOrders.id, a));
    await w.ctx.app.db
      .update(serviceOrders)
      .set({ createdAt: t0, completedAt: new Date(t0.getTime() + 30 * 3600_000) })
      .where(eq(serviceOrders.id, b));

    const res = await tech().get(`/technicians/${technician.id}/stats`);
    expect(res.statusCode).toBe(200);
    expect(res.json<TechnicianStats>()).toEqual({
      technicianId: technician.id,
      assignedOrders: 5,
      openOrders: 2,
      completedOrders: 2,
      cancelledOrders: 1,
      completionRate: 0.5,
      averageResolutionHours: 20,
    });

    // The technician's orders themselves come from the service-order list.
    const orders = (
      await tech().get(`/service-orders?assignedTechnicianId=${technician.id}&pageSize=100`)
    ).json();
    expect(orders.total).toBe(5);
    expect(new Set(orders.items.map((o: ServiceOrder) => o.id))).toEqual(new Set([a, b, c, d, e]));
  });
});

describe("Fjord's manager and Nordic's technician", () => {
  it('gets 404 on every route with an id, and nothing changes', async () => {
    const id = w.technicians.kari;
    const dayOff = await manager().post(`/technicians/${id}/days-off`, { date: '2031-01-06' });
    const dayOffId = dayOff.json<{ id: string }>().id;
    const [before] = await w.ctx.app.db.select().from(technicians).where(eq(technicians.id, id));
    const week = [null, null, null, null, null, null, null];
    const cases: [string, () => ReturnType<ReturnType<typeof api>['get']>][] = [
      ['GET /api/technicians/:id/working-hours', () => fjord().get(`/technicians/${id}/working-hours`)],
      [
        'PUT /api/technicians/:id/working-hours',
        () =>
          fjord().put(`/technicians/${id}/working-hours`, { workingHours: week, version: before!.version }),
      ],
      ['GET /api/technicians/:id/days-off', () => fjord().get(`/technicians/${id}/days-off`)],
      [
        'POST /api/technicians/:id/days-off',
        () => fjord().post(`/technicians/${id}/days-off`, { date: '2031-01-07' }),
      ],
      [
        'DELETE /api/technicians/:id/days-off/:dayOffId',
        () => fjord().del(`/technicians/${id}/days-off/${dayOffId}`),
      ],
      ['GET /api/technicians/:id', () => fjord().get(`/technicians/${id}`)],
      ['GET /api/technicians/:id/stats', () => fjord().get(`/technicians/${id}/stats`)],
      [
        'PUT /api/technicians/:id',
        () => fjord().put(`/technicians/${id}`, { ...newTechnician, version: before!.version }),
      ],
      [
        'PATCH /api/technicians/:id/status',
        () => fjord().patch(`/technicians/${id}/status`, { isActive: false, version: before!.version }),
      ],
    ];
    for (const [route, call] of cases) {
      const res = await call();
      expect({ route, status: res.statusCode, code: res.json().code }).toEqual({
        route,
        status: 404,
        code: 'not_found',
      });
      tested.add(route);
    }
    const [after] = await w.ctx.app.db.select().from(technicians).where(eq(technicians.id, id));
    expect(after).toEqual(before);
    const left = await manager().get(`/technicians/${id}/days-off?from=2031-01-01&to=2031-01-31`);
    expect(left.json<{ items: { date: string }[] }>().items.map((d) => d.date)).toEqual(['2031-01-06']);
    // Nor can Fjord assign Nordic's technician.
    const assign = await fjord().post('/service-orders', orderInput({ assignedTechnicianId: id }));
    expect(assign.statusCode).toBe(400);
  });

  it('covers every technician route with an id (route walk)', () => {
    const withId = w.ctx.app.routeTable
      // A technician's work time is the work-logs feature's, whose tests cover its tenancy.
      .filter(
        (r) => r.url.startsWith('/api/technicians/:') && !r.url.endsWith('/work-time') && r.method !== 'HEAD',
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(withId.length).toBeGreaterThan(0);
    expect(withId.filter((r) => !tested.has(r))).toEqual([]);
  });
});
