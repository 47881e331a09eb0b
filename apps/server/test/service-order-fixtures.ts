import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { ACTING_PARTNER_HEADER } from '@service-portal/shared/auth';
import type { ServiceOrderCreateInput } from '@service-portal/shared/service-orders';
import { technicians } from '../src/db/schema/technicians.ts';
import { warehouseLocations } from '../src/db/schema/warehouse-locations.ts';
import { seedIdentities } from '../src/seed/identities.ts';
import { seedTechnicians } from '../src/seed/technicians.ts';
import { seedWarehouseLocations } from '../src/seed/warehouse-locations.ts';
import { bearer, createTestContext, signIn, testNow, type TestContext } from './helper.ts';
import { addDays, todayIn } from '@service-portal/shared/zoned-days';

/**
 * A test app with the demo identities, technicians and warehouse locations (no demo orders, so
 * counts are the test's own), signed-in tokens for the usual cast, and a small API client.
 */
export async function createOrdersWorld(options: Parameters<typeof createTestContext>[0] = {}) {
  const ctx = await createTestContext(options);
  const partnerIds = await seedIdentities(ctx.app.db);
  await seedTechnicians(ctx.app.db, partnerIds);
  await seedWarehouseLocations(ctx.app.db, partnerIds);
  const nordic = partnerIds.get('Nordic Service AS')!;
  const fjord = partnerIds.get('Fjord Repair AS')!;

  const technicianId = async (partnerId: string, email: string) => {
    const [row] = await ctx.app.db
      .select({ id: technicians.id })
      .from(technicians)
      .where(and(eq(technicians.servicePartnerId, partnerId), eq(technicians.email, email)));
    return row!.id;
  };
  const locationId = async (partnerId: string, name: string) => {
    const [row] = await ctx.app.db
      .select({ id: warehouseLocations.id })
      .from(warehouseLocations)
      .where(and(eq(warehouseLocations.servicePartnerId, partnerId), eq(warehouseLocations.name, name)));
    return row!.id;
  };

  const signInCast = async () => ({
    manager: await signIn(ctx, 'manager@nordic.example.com'),
    office: await signIn(ctx, 'office@nordic.example.com'),
    tech: await signIn(ctx, 'tech@nordic.example.com'),
    fjord: await signIn(ctx, 'manager@fjord.example.com'),
    admin: await signIn(ctx, 'admin@example.com'),
  });
  const tokens = await signInCast();

  return {
    ctx,
    partners: { nordic, fjord },
    tokens,
    technicians: {
      tore: await technicianId(nordic, 'tech@nordic.example.com'),
      kari: await technicianId(nordic, 'kari.haugen@nordic.example.com'),
      inactive: await technicianId(nordic, 'eirik.dahl@nordic.example.com'),
      fjord: await technicianId(fjord, 'henrik.solberg@fjord.example.com'),
    },
    locations: {
      main: await locationId(nordic, 'Alnabru main warehouse'),
      inactive: await locationId(nordic, 'Lillestrøm store (closed)'),
      fjord: await locationId(fjord, 'Bergen warehouse'),
    },
    api: (token: string, headers: Record<string, string> = {}) => client(ctx, token, headers),
    /** Sessions expire on the app's clock: after moving it past their life, sign the cast in again. */
    signInAgain: async () => {
      Object.assign(tokens, await signInCast());
    },
  };
}

export type OrdersWorld = Awaited<ReturnType<typeof createOrdersWorld>>;

function client(ctx: TestContext, token: string, extra: Record<string, string>) {
  const send = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...bearer(token), ...extra },
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload: unknown) => send('POST', url, payload),
    put: (url: string, payload: unknown) => send('PUT', url, payload),
    patch: (url: string, payload: unknown) => send('PATCH', url, payload),
    del: (url: string) => send('DELETE', url),
  };
}

export const actingFor = (partnerId: string) => ({ [ACTING_PARTNER_HEADER]: partnerId });

let counter = 0;
/** A valid create body; each call a different customer unless overridden. */
export function orderInput(overrides: Partial<ServiceOrderCreateInput> = {}): ServiceOrderCreateInput {
  counter += 1;
  return {
    title: `Heater element failure ${counter}`,
    serviceType: 'repair',
    priority: 'normal',
    customerName: `Kunde ${counter}`,
    customerEmail: `kunde${counter}.${Math.random().toString(36).slice(2, 8)}@example.net`,
    customerPhone: null,
    ...overrides,
  };
}

/**
 * The first Monday–Friday on or after `osloDay(offsetDays)`: a day the seeded technicians work, so a
 * test that books one does not fail at weekends (the board's rules hold for the order form too).
 */
export function osloWorkday(offsetDays = 0): string {
  let day = osloDay(offsetDays);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() % 6 === 0) day = addDays(day, 1);
  return day;
}

/** Oslo calendar days relative to today, as the scheduled-date rule sees them. */
export function osloDay(offsetDays = 0): string {
  return addDays(todayIn('Europe/Oslo', testNow()), offsetDays);
}
