import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '@service-portal/shared/access';
import { API_SCOPES, type ApiTokenCreated } from '@service-portal/shared/api-tokens';
import { customers } from '../src/db/schema/customers.ts';
import { rentals } from '../src/db/schema/rentals.ts';
import { serviceOrders } from '../src/db/schema/service-orders.ts';
import { servicePartners } from '../src/db/schema/partners.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { bearer, createTestContext, signIn, type TestContext } from './helper.ts';

/**
 * Issue 29: a token never reaches another partner's data, on every route a token may call (walked
 * from the route table, so a new scoped route is covered without editing this file). A token made
 * for Fjord with every scope asks each scoped route for Nordic's orders, customers and rentals: no
 * list answers with one of their ids, no route taking an id answers 2xx for one, and nothing of
 * Nordic's changes.
 */
let ctx: TestContext;
let fjordToken: string;
/** Nordic's record ids by kind: every one for the lists, a few per kind for the routes with ids. */
const nordic = new Map<string, string[]>();

const ID_PARAM = /:[A-Za-z]+/g;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.app.db);
  const db = ctx.app.db;
  const partner = async (name: string) =>
    (await db.select().from(servicePartners).where(eq(servicePartners.name, name)))[0]!.id;
  const nordicId = await partner('Nordic Service AS');
  const fjordId = await partner('Fjord Repair AS');
  nordic.set(
    'orders',
    (
      await db
        .select({ id: serviceOrders.id })
        .from(serviceOrders)
        .where(eq(serviceOrders.servicePartnerId, nordicId))
    ).map((r) => r.id),
  );
  nordic.set(
    'customers',
    (
      await db.select({ id: customers.id }).from(customers).where(eq(customers.servicePartnerId, nordicId))
    ).map((r) => r.id),
  );
  nordic.set(
    'rentals',
    (await db.select({ id: rentals.id }).from(rentals).where(eq(rentals.servicePartnerId, nordicId))).map(
      (r) => r.id,
    ),
  );
  const admin = await signIn(ctx, 'admin@example.com');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/api-tokens',
    headers: { ...bearer(admin), 'x-service-partner-id': fjordId },
    payload: { name: 'fjord, every scope', scopes: API_SCOPES },
  });
  expect(res.statusCode, res.body).toBe(201);
  fjordToken = res.json<ApiTokenCreated>().secret;
}, 120_000);
afterAll(async () => ctx.close());

const scoped = () =>
  ctx.app.routeTable.filter(
    (r) =>
      (r.access as Access).kind !== 'public' &&
      (r.access as Access).scope !== undefined &&
      r.method !== 'HEAD',
  );

describe("an API token and another partner's data", () => {
  it('has records of every kind to look for', () => {
    for (const kind of ['orders', 'customers', 'rentals'])
      expect(nordic.get(kind)!.length, kind).toBeGreaterThan(0);
  });

  it('no list a token may read answers with one of them', async () => {
    const lists = scoped().filter((r) => r.method === 'GET' && !r.url.includes(':'));
    expect(lists.length).toBeGreaterThan(3);
    const every = [...nordic.values()].flat();
    for (const route of lists) {
      const res = await ctx.app.inject({ method: 'GET', url: route.url, headers: bearer(fjordToken) });
      expect([200, 400], `${route.url}: ${res.statusCode}`).toContain(res.statusCode);
      const leaked = every.filter((id) => res.body.includes(id));
      expect({ route: route.url, leaked }).toEqual({ route: route.url, leaked: [] });
    }
  });

  it('no route taking an id reads or changes one of them', async () => {
    const withIds = scoped().filter((r) => r.url.includes(':'));
    expect(withIds.length).toBeGreaterThan(5);
    const samples = [...nordic.values()].flatMap((ids) => ids.slice(0, 2));
    const before = await ctx.app.db
      .select({ id: serviceOrders.id, version: serviceOrders.version })
      .from(serviceOrders);
    for (const route of withIds) {
      for (const id of samples) {
        const url = route.url.replace(ID_PARAM, id).replace(/\*$/, 'x');
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url,
          headers: bearer(fjordToken),
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect({ route: `${route.method} ${route.url}`, ok: res.statusCode < 300 }).toEqual({
          route: `${route.method} ${route.url}`,
          ok: false,
        });
      }
    }
    const after = await ctx.app.db
      .select({ id: serviceOrders.id, version: serviceOrders.version })
      .from(serviceOrders);
    expect(after).toEqual(before);
    const stillThere = await ctx.app.db.select({ id: customers.id }).from(customers);
    expect(stillThere.length).toBeGreaterThanOrEqual(nordic.get('customers')!.length);
  });
});
