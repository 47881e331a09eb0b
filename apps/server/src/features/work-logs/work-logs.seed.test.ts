import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeWorkLogCost, type PricingConfig, type WorkLogCategory } from '@service-portal/shared/pricing';
import type { OrderTotals, WorkLog } from '@service-portal/shared/work-logs';
import { servicePartners } from '../../db/schema/partners.ts';
import { categoryPricing, pricingConfigs } from '../../db/schema/pricing.ts';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { workLogs } from '../../db/schema/work-logs.ts';
import { seedDemoData } from '../../seed/demo.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.app.db);
});
afterAll(async () => ctx.close());

describe('demo pricing and work logs', () => {
  it('gives Nordic NOK 950/h, 15 min up and Fjord NOK 890/h, 30 min nearest, with category prices', async () => {
    const get = async (email: string) =>
      (
        await ctx.app.inject({ url: '/api/pricing', headers: bearer(await signIn(ctx, email)) })
      ).json<PricingConfig>();
    const nordic = await get('manager@nordic.example.com');
    expect(nordic).toMatchObject({
      defaultHourlyRate: 95_000,
      currency: 'NOK',
      roundingIntervalMinutes: 15,
      roundingDirection: 'up',
      isDefault: false,
    });
    expect(Object.fromEntries(nordic.categories.map((c) => [c.category, [c.pricingType, c.price]]))).toEqual({
      shipping: ['fixed', 35_000],
      service_fee: ['fixed', 50_000],
      extra_cleaning: ['hourly', 75_000],
    });
    const fjord = await get('manager@fjord.example.com');
    expect(fjord).toMatchObject({
      defaultHourlyRate: 89_000,
      roundingIntervalMinutes: 30,
      roundingDirection: 'nearest',
    });
  });

  it('logs work on a share of the worked orders, costs frozen by the shared rule, a few left open', async () => {
    const db = ctx.app.db;
    const logs = await db
      .select({ log: workLogs, order: serviceOrders })
      .from(workLogs)
      .innerJoin(serviceOrders, eq(serviceOrders.id, workLogs.serviceOrderId));
    expect(logs.length).toBeGreaterThan(200);
    const configs = new Map((await db.select().from(pricingConfigs)).map((c) => [c.servicePartnerId, c]));
    const categories = await db.select().from(categoryPricing);
    const open = logs.filter((l) => l.log.status === 'open');
    expect(open.length).toBeGreaterThanOrEqual(2);
    expect(open.length).toBeLessThanOrEqual(8);
    for (const { log, order } of logs) {
      expect(log.servicePartnerId).toBe(order.servicePartnerId);
      expect(['in_progress', 'waiting_for_parts', 'ready_for_pickup', 'completed']).toContain(order.status);
      expect(log.createdAt.getTime()).toBeGreaterThanOrEqual(order.createdAt.getTime());
      expect(log.timerStartedAt).toBeNull();
      if (log.status === 'open') {
        expect(log.costMinor).toBeNull();
        continue;
      }
      const config = configs.get(log.servicePartnerId)!;
      const expected = computeWorkLogCost({
        workedSeconds: log.manualMinutes === null ? log.trackedSeconds : log.manualMinutes * 60,
        category: log.category as WorkLogCategory,
        pricing: {
          defaultHourlyRate: config.defaultHourlyRateMinor,
          currency: config.currency,
          roundingIntervalMinutes: config.roundingIntervalMinutes,
          roundingDirection: config.roundingDirection,
          categories: categories
            .filter((c) => c.servicePartnerId === log.servicePartnerId)
            .map((c) => ({
              category: c.category as WorkLogCategory,
              pricingType: c.pricingType,
              price: c.priceMinor,
              intervalMinutes: c.intervalMinutes,
            })),
        },
      });
      expect(log).toMatchObject(expected);
      expect(log.completedAt!.getTime()).toBeGreaterThanOrEqual(log.createdAt.getTime());
      expect(log.completedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('serves seeded logs and totals through the API', async () => {
    const token = await signIn(ctx, 'tech@nordic.example.com');
    const [withLogs] = await ctx.app.db
      .select({ id: workLogs.serviceOrderId })
      .from(workLogs)
      .innerJoin(serviceOrders, eq(serviceOrders.id, workLogs.serviceOrderId))
      .innerJoin(servicePartners, eq(servicePartners.id, workLogs.servicePartnerId))
      .where(and(eq(serviceOrders.status, 'completed'), eq(servicePartners.name, 'Nordic Service AS')))
      .limit(1);
    const list = await ctx.app.inject({
      url: `/api/service-orders/${withLogs!.id}/work-logs`,
      headers: bearer(token),
    });
    expect(list.statusCode, list.body).toBe(200);
    const logs = list.json<WorkLog[]>();
    expect(logs.length).toBeGreaterThan(0);
    const totals = (
      await ctx.app.inject({ url: `/api/service-orders/${withLogs!.id}/totals`, headers: bearer(token) })
    ).json<OrderTotals>();
    const labour = logs.filter((l) => l.status === 'completed').reduce((sum, l) => sum + l.costMinor!, 0);
    expect(totals.labour).toEqual([{ currency: 'NOK', amountMinor: labour }]);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const counts = () =>
      Promise.all(
        [workLogs, pricingConfigs, categoryPricing].map((t) => ctx.app.db.select({ n: count() }).from(t)),
      );
    const before = await counts();
    await seedDemoData(ctx.app.db);
    expect(await counts()).toEqual(before);
  });
});
