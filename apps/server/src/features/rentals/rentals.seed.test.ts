import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rental, RentalProduct } from '@service-portal/shared/rentals';
import type { RentalDashboard } from '@service-portal/shared/rentals-overview';
import { seedDemoData } from '../../seed/demo.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.app.db);
  await seedDemoData(ctx.app.db); // a second start adds nothing
});
afterAll(async () => ctx.close());

describe('demo rentals', () => {
  it('shows a rental business: units in every state, rentals in every status, future bookings', async () => {
    const headers = bearer(await signIn(ctx, 'office@nordic.example.com'));
    const get = async <T>(url: string) => (await ctx.app.inject({ url: `/api${url}`, headers })).json<T>();
    const units = await get<{ items: RentalProduct[]; total: number }>(
      '/rentals/products?pageSize=48&includeInactive=true',
    );
    expect(units.total).toBe(13);
    expect(new Set(units.items.map((u) => u.availability))).toEqual(
      new Set(['available', 'rented', 'overdue', 'inactive', 'out_of_order']),
    );
    expect(new Set(units.items.map((u) => u.condition))).toEqual(
      new Set(['new', 'good', 'fair', 'poor', 'out_of_order']),
    );
    const all = await get<{ items: Rental[] }>('/rentals?pageSize=100');
    expect(new Set(all.items.map((r) => r.status))).toEqual(
      new Set(['booked', 'active', 'overdue', 'returned', 'cancelled']),
    );
    // Issue 31: no seeded record was made in the future (a booking of next week was made before now).
    const made = all.items.map((r) => Date.parse(r.createdAt));
    expect(Math.max(...made)).toBeLessThanOrEqual(Date.now());
    expect(
      all.items.filter((r) => r.status === 'booked').every((r) => r.createdAt < `${r.startDate}T23:59`),
    ).toBe(true);
    const returned = all.items.filter((r) => r.status === 'returned');
    expect(returned.every((r) => r.charges !== null && r.charges.totalMinor > 0)).toBe(true);
    expect(returned.some((r) => r.charges!.lateFeeMinor > 0)).toBe(true);
    const dash = await get<RentalDashboard>('/rentals/dashboard');
    expect(dash).toMatchObject({ unitsTotal: 12, overdue: 2, out: 4 });
    expect(dash.utilisation).toBeGreaterThan(0);
    expect(dash.upcomingBookings).toBeGreaterThanOrEqual(3);
  });
});
