import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import {
  WAREHOUSE_MESSAGES,
  type WarehouseLocation,
  type WarehouseLocationOption,
} from '@service-portal/shared/warehouse-locations';
import { warehouseLocations } from '../../db/schema/warehouse-locations.ts';
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

const names = (items: { name: string }[]) => items.map((l) => l.name);

describe('GET /api/warehouse-locations', () => {
  it('lists active locations by name; inactive ones only when asked', async () => {
    const res = await manager().get('/warehouse-locations');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(names(res.json().items)).toEqual([
      'Alnabru main warehouse',
      'Service van 1',
      'Workshop bench area',
    ]);

    const all = await manager().get('/warehouse-locations?includeInactive=true');
    expect(all.json().total).toBe(4);
    expect(names(all.json().items)).toContain('Lillestrøm store (closed)');
    const inactive = all.json().items.find((l: WarehouseLocation) => !l.isActive);
    expect(inactive).toMatchObject({ name: 'Lillestrøm store (closed)', version: 1 });
  });

  it('searches name and description, and pages', async () => {
    expect(names((await manager().get('/warehouse-locations?search=bench')).json().items)).toEqual([
      'Workshop bench area',
    ]);
    expect(names((await manager().get('/warehouse-locations?search=field%20tech')).json().items)).toEqual([
      'Service van 1',
    ]);
    // A LIKE wildcard in the search is a literal character.
    expect((await manager().get('/warehouse-locations?search=%25')).json().total).toBe(0);
    const page2 = (await manager().get('/warehouse-locations?page=2&pageSize=2')).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(names(page2.items)).toEqual(['Workshop bench area']);
    const bad = await manager().get('/warehouse-locations?pageSize=101');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('pageSize');
  });

  it("shows only the caller's partner's locations", async () => {
    const res = await fjord().get('/warehouse-locations?includeInactive=true');
    expect(names(res.json().items)).toEqual(['Bergen warehouse', 'Førde depot (closed)', 'Workshop']);
  });

  it('lets a global administrator manage the locations of the partner they act for', async () => {
    // A global administrator passes role gates (shared/access hasRole) but only for the partner named.
    const list = await api(w.tokens.admin, actingFor(w.partners.fjord)).get('/warehouse-locations');
    expect(list.statusCode).toBe(200);
    expect(names(list.json().items)).toEqual(['Bergen warehouse', 'Workshop']);
    expect((await api(w.tokens.admin).get('/warehouse-locations')).statusCode).toBe(400);
    const res = await api(w.tokens.admin, actingFor(w.partners.fjord)).get('/warehouse-locations/options');
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Bergen warehouse', 'Workshop']);
  });
});

describe('creating and changing a location', () => {
  it('creates, reads, updates and deactivates with versions', async () => {
    const created = await manager().post('/warehouse-locations', {
      name: '  Drammen depot ',
      description: 'Pickup point by the station.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.json<WarehouseLocation>();
    expect(location).toMatchObject({ name: 'Drammen depot', isActive: true, version: 1 });

    const got = await manager().get(`/warehouse-locations/${location.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(location);

    const updated = await office().put(`/warehouse-locations/${location.id}`, {
      name: 'Drammen depot',
      description: 'Pickup point by the railway station.',
      version: 1,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // PUT without isActive keeps the state; it does not silently reactivate or deactivate.
    expect(updated.json()).toMatchObject({
      description: 'Pickup point by the railway station.',
      isActive: true,
      version: 2,
    });

    const stale = await manager().put(`/warehouse-locations/${location.id}`, {
      name: 'Overwritten',
      description: 'Someone else was first.',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');

    const off = await manager().patch(`/warehouse-locations/${location.id}/status`, {
      isActive: false,
      version: 2,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, version: 3 });
    const staleStatus = await manager().patch(`/warehouse-locations/${location.id}/status`, {
      isActive: true,
      version: 2,
    });
    expect(staleStatus.statusCode).toBe(409);
    expect(staleStatus.json().code).toBe('version_conflict');
    expect(names((await manager().get('/warehouse-locations')).json().items)).not.toContain('Drammen depot');

    const on = await manager().patch(`/warehouse-locations/${location.id}/status`, {
      isActive: true,
      version: 3,
    });
    expect(on.json()).toMatchObject({ isActive: true, version: 4 });
    const viaPut = await manager().put(`/warehouse-locations/${location.id}`, {
      name: 'Drammen depot',
      description: 'Pickup point by the railway station.',
      isActive: false,
      version: 4,
    });
    expect(viaPut.json()).toMatchObject({ isActive: false, version: 5 });
  });

  it('answers the spec messages for invalid input', async () => {
    const empty = await manager().post('/warehouse-locations', { name: '', description: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: WAREHOUSE_MESSAGES.nameRequired },
        { path: 'description', message: WAREHOUSE_MESSAGES.descriptionRequired },
      ]),
    );
    const short = await manager().post('/warehouse-locations', { name: 'A', description: 'Abcd' });
    expect(short.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'description', message: 'Description must be at least 5 characters' },
      ]),
    );
    const noVersion = await manager().put(`/warehouse-locations/${w.locations.main}`, {
      name: 'Alnabru main warehouse',
      description: 'Units in for repair.',
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().errors[0].path).toBe('version');
    const badId = await manager().get('/warehouse-locations/not-a-uuid');
    expect(badId.statusCode).toBe(400);
  });

  it('keeps names unique per partner in any case (409), but not across partners', async () => {
    const dup = await manager().post('/warehouse-locations', {
      name: 'SERVICE VAN 1',
      description: 'A second van with the same name.',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'name_taken', detail: WAREHOUSE_MESSAGES.nameTaken });
    expect(dup.json().errors).toEqual([{ path: 'name', message: WAREHOUSE_MESSAGES.nameTaken }]);

    // Renaming onto another location's name, too.
    const main = (await manager().get(`/warehouse-locations/${w.locations.main}`)).json<WarehouseLocation>();
    const rename = await manager().put(`/warehouse-locations/${main.id}`, {
      name: 'workshop bench AREA',
      description: main.description,
      version: main.version,
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe('name_taken');
    // Changing the case of its own name is fine.
    const recase = await manager().put(`/warehouse-locations/${main.id}`, {
      name: 'ALNABRU main warehouse',
      description: main.description,
      version: main.version,
    });
    expect(recase.statusCode).toBe(200);
    const back = await manager().put(`/warehouse-locations/${main.id}`, {
      name: 'Alnabru main warehouse',
      description: main.description,
      version: recase.json().version,
    });
    expect(back.statusCode).toBe(200);

    const fjordSame = await fjord().post('/warehouse-locations', {
      name: 'Service van 1',
      description: 'Fjord has a van by that name too.',
    });
    expect(fjordSame.statusCode).toBe(201);
  });
});

describe('DELETE /api/warehouse-locations/:id', () => {
  it('deletes a location no order references', async () => {
    const location = (
      await manager().post('/warehouse-locations', {
        name: 'Temporary shelf',
        description: 'For a week only.',
      })
    ).json<WarehouseLocation>();
    const res = await manager().del(`/warehouse-locations/${location.id}`);
    expect(res.statusCode).toBe(204);
    expect((await manager().get(`/warehouse-locations/${location.id}`)).statusCode).toBe(404);
    expect((await manager().del(`/warehouse-locations/${location.id}`)).statusCode).toBe(404);
  });

  it('refuses while any order references it, with the spec message word for word', async () => {
    const location = (
      await manager().post('/warehouse-locations', {
        name: 'Referenced shelf',
        description: 'An order keeps a unit here.',
      })
    ).json<WarehouseLocation>();
    const order = (
      await manager().post('/service-orders', orderInput({ warehouseLocationId: location.id }))
    ).json<ServiceOrder>();
    // A completed order references it just the same.
    await manager().post('/service-orders/bulk-update-status', { orderIds: [order.id], status: 'cancelled' });

    const res = await manager().del(`/warehouse-locations/${location.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'in_use',
      detail: 'Cannot delete warehouse location that is referenced by service orders.',
    });
    expect((await manager().get(`/warehouse-locations/${location.id}`)).statusCode).toBe(200);

    // Once the order no longer keeps its unit there, the location can go.
    await manager().put(`/service-orders/${order.id}`, {
      warehouseLocationId: null,
      version: order.version + 1,
    });
    expect((await manager().del(`/warehouse-locations/${location.id}`)).statusCode).toBe(204);
  });
});

describe('GET /api/warehouse-locations/options (the order form select)', () => {
  it('gives any signed-in user the active locations, plus the one asked for', async () => {
    const res = await tech().get('/warehouse-locations/options');
    expect(res.statusCode).toBe(200);
    const options = res.json<WarehouseLocationOption[]>();
    expect(options.every((o) => o.isActive)).toBe(true);
    expect(Object.keys(options[0]!).sort()).toEqual(['id', 'isActive', 'name']);
    expect(options.map((o) => o.id)).toContain(w.locations.main);
    expect(options.map((o) => o.id)).not.toContain(w.locations.inactive);

    const withCurrent = (
      await tech().get(`/warehouse-locations/options?include=${w.locations.inactive}`)
    ).json<WarehouseLocationOption[]>();
    expect(withCurrent.find((o) => o.id === w.locations.inactive)).toEqual({
      id: w.locations.inactive,
      name: 'Lillestrøm store (closed)',
      isActive: false,
    });
    expect(withCurrent).toHaveLength(options.length + 1);
  });

  it("never includes another partner's location", async () => {
    const res = await tech().get(`/warehouse-locations/options?include=${w.locations.fjord}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: WarehouseLocationOption) => o.id)).not.toContain(w.locations.fjord);
    expect((await tech().get('/warehouse-locations/options?include=nope')).statusCode).toBe(400);
  });
});

describe('access (spec §6: Administrator or ServiceManager)', () => {
  it('refuses a technician on every management route with 403 and changes nothing', async () => {
    const id = w.locations.main;
    const calls = [
      tech().get('/warehouse-locations'),
      tech().get(`/warehouse-locations/${id}`),
      tech().post('/warehouse-locations', { name: 'Tech shelf', description: 'Not allowed to add.' }),
      tech().put(`/warehouse-locations/${id}`, { name: 'Hijacked', description: 'Not allowed.', version: 1 }),
      tech().patch(`/warehouse-locations/${id}/status`, { isActive: false, version: 1 }),
      tech().del(`/warehouse-locations/${id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    const [row] = await w.ctx.app.db.select().from(warehouseLocations).where(eq(warehouseLocations.id, id));
    expect(row).toMatchObject({ name: 'Alnabru main warehouse', isActive: true });
  });
});

describe("Fjord's manager and Nordic's location", () => {
  it('gets 404 on every route with an id, and nothing changes', async () => {
    const id = w.locations.main;
    const [before] = await w.ctx.app.db
      .select()
      .from(warehouseLocations)
      .where(eq(warehouseLocations.id, id));
    const cases: [string, () => ReturnType<ReturnType<typeof api>['get']>][] = [
      ['GET /api/warehouse-locations/:id', () => fjord().get(`/warehouse-locations/${id}`)],
      [
        'PUT /api/warehouse-locations/:id',
        () =>
          fjord().put(`/warehouse-locations/${id}`, {
            name: 'Hijacked',
            description: 'Taken over.',
            version: before!.version,
          }),
      ],
      [
        'PATCH /api/warehouse-locations/:id/status',
        () =>
          fjord().patch(`/warehouse-locations/${id}/status`, { isActive: false, version: before!.version }),
      ],
      ['DELETE /api/warehouse-locations/:id', () => fjord().del(`/warehouse-locations/${id}`)],
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
    const [after] = await w.ctx.app.db.select().from(warehouseLocations).where(eq(warehouseLocations.id, id));
    expect(after).toEqual(before);
  });

  it('covers every warehouse-location route with an id (route walk)', () => {
    const withId = w.ctx.app.routeTable
      .filter((r) => r.url.startsWith('/api/warehouse-locations/:') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(withId.length).toBeGreaterThan(0);
    expect(withId.filter((r) => !tested.has(r))).toEqual([]);
  });
});
