import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkTransition,
  SERVICE_ORDER_STATUSES,
  type ServiceOrder,
  type ServiceOrderStats,
} from '@service-portal/shared/service-orders';
import { customers } from '../../db/schema/customers.ts';
import {
  orderNumberCounters,
  serviceOrders,
  serviceOrderSpareParts,
  serviceOrderStatusHistory,
} from '../../db/schema/service-orders.ts';
import { technicians } from '../../db/schema/technicians.ts';
import { warehouseLocations } from '../../db/schema/warehouse-locations.ts';
import { seedDemoData } from '../../seed/demo.ts';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/helper.ts';
import { orderInput } from '../../../test/service-order-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.app.db);
});
afterAll(async () => ctx.close());

const manager = { roles: ['ServiceManager' as const], isGlobalAdmin: false };

describe('demo service work', () => {
  it('gives each partner technicians, locations, customers and a year of orders in every status', async () => {
    const db = ctx.app.db;
    const per = async (
      table: typeof technicians | typeof warehouseLocations | typeof customers | typeof serviceOrders,
    ) =>
      Object.fromEntries(
        (
          await db
            .select({ partner: table.servicePartnerId, n: count() })
            .from(table)
            .groupBy(table.servicePartnerId)
        ).map((r) => [r.partner, r.n]),
      );
    const orders = await per(serviceOrders);
    expect(Object.values(orders).sort((a, b) => a - b)).toEqual([120, 300]);
    for (const n of Object.values(await per(technicians))) expect(n).toBeGreaterThanOrEqual(4);
    for (const n of Object.values(await per(warehouseLocations))) expect(n).toBeGreaterThanOrEqual(3);
    for (const n of Object.values(await per(customers))) expect(n).toBeGreaterThanOrEqual(60);
    const inactiveTechs = await db
      .select({ partner: technicians.servicePartnerId })
      .from(technicians)
      .where(eq(technicians.isActive, false));
    expect(inactiveTechs).toHaveLength(2);
    const inactiveLocations = await db
      .select()
      .from(warehouseLocations)
      .where(eq(warehouseLocations.isActive, false));
    expect(inactiveLocations).toHaveLength(2);

    const statuses = await db
      .select({ partner: serviceOrders.servicePartnerId, status: serviceOrders.status })
      .from(serviceOrders);
    for (const partner of Object.keys(orders)) {
      const seen = new Set(statuses.filter((s) => s.partner === partner).map((s) => s.status));
      expect([...seen].sort()).toEqual([...SERVICE_ORDER_STATUSES].sort());
    }
    const all = await db.select({ createdAt: serviceOrders.createdAt }).from(serviceOrders);
    const ages = all.map((o) => (Date.now() - o.createdAt.getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(300);
    expect(Math.max(...ages)).toBeLessThanOrEqual(366);
    expect(Math.min(...ages)).toBeLessThan(3);
    expect(Math.min(...ages)).toBeGreaterThan(0);
  });

  it('keeps every history consistent with the transition table and the order', async () => {
    const db = ctx.app.db;
    const orders = await db.select().from(serviceOrders);
    const history = await db
      .select()
      .from(serviceOrderStatusHistory)
      .orderBy(asc(serviceOrderStatusHistory.changedAt), asc(serviceOrderStatusHistory.id));
    const byOrder = new Map<string, typeof history>();
    for (const h of history) byOrder.set(h.serviceOrderId, [...(byOrder.get(h.serviceOrderId) ?? []), h]);
    const now = Date.now();
    for (const order of orders) {
      const steps = byOrder.get(order.id) ?? [];
      expect(steps[0]).toMatchObject({ fromStatus: null, toStatus: 'created' });
      expect(steps[0]!.changedAt.getTime()).toBe(order.createdAt.getTime());
      for (const [i, step] of steps.slice(1).entries()) {
        expect(step.fromStatus).toBe(steps[i]!.toStatus);
        expect(checkTransition(step.fromStatus!, step.toStatus, manager).ok).toBe(true);
        expect(step.changedAt.getTime()).toBeGreaterThanOrEqual(steps[i]!.changedAt.getTime());
        expect(step.changedAt.getTime()).toBeLessThanOrEqual(now);
      }
      expect(steps.at(-1)!.toStatus).toBe(order.status);
      if (order.status === 'completed') {
        expect(order.completedAt?.getTime()).toBe(steps.at(-1)!.changedAt.getTime());
        expect(order.completionNotes).toBeTruthy();
      } else {
        expect(order.completedAt).toBeNull();
      }
    }
  });

  it('numbers orders per partner and year without gaps, and new orders continue the count', async () => {
    const db = ctx.app.db;
    const rows = await db
      .select({ partner: serviceOrders.servicePartnerId, number: serviceOrders.orderNumber })
      .from(serviceOrders);
    const counters = await db.select().from(orderNumberCounters);
    for (const c of counters) {
      const seqs = rows
        .filter((r) => r.partner === c.servicePartnerId && r.number.startsWith(`SO-${c.year}-`))
        .map((r) => Number(r.number.slice(-6)))
        .sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: c.lastValue }, (_, i) => i + 1));
    }
    const token = await signIn(ctx, 'manager@nordic.example.com');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/service-orders',
      headers: bearer(token),
      payload: orderInput(),
    });
    const created = res.json<ServiceOrder>();
    const year = Number(created.orderNumber.slice(3, 7));
    const [own] = await db
      .select({ partner: serviceOrders.servicePartnerId })
      .from(serviceOrders)
      .where(eq(serviceOrders.id, created.id));
    const counter = counters.find((c) => c.year === year && c.servicePartnerId === own!.partner);
    expect(Number(created.orderNumber.slice(-6))).toBe((counter?.lastValue ?? 0) + 1);
  });

  it('has spare parts in NOK with real part numbers, and checkpoints on a share of orders', async () => {
    const db = ctx.app.db;
    const parts = await db.select().from(serviceOrderSpareParts);
    expect(parts.length).toBeGreaterThan(150);
    for (const p of parts) {
      expect(p.currency).toBe('NOK');
      expect(p.partNumber).toMatch(/^[A-Z0-9.-]+$/);
      expect(p.unitCostMinor).toBeGreaterThan(0);
    }
    const orders = await db.select({ checkpoints: serviceOrders.checkpoints }).from(serviceOrders);
    const withCheckpoints = orders.filter((o) => Object.keys(o.checkpoints.measurements).length > 0).length;
    expect(withCheckpoints).toBeGreaterThan(50);
  });

  it('serves the seeded orders through the API, schemas and all', async () => {
    const token = await signIn(ctx, 'tech@nordic.example.com');
    const list = await ctx.app.inject({ url: '/api/service-orders?pageSize=100', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    for (const item of list.json<{ items: { id: string }[] }>().items.slice(0, 25)) {
      const res = await ctx.app.inject({ url: `/api/service-orders/${item.id}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const stats = (
      await ctx.app.inject({ url: '/api/service-orders/stats', headers: bearer(token) })
    ).json<ServiceOrderStats>();
    expect(stats.total).toBeGreaterThanOrEqual(300);
    expect(stats.completionRate).toBeGreaterThan(0.5);
    expect(stats.averageResolutionHours).toBeGreaterThan(0);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const db = ctx.app.db;
    const before = await Promise.all(
      [serviceOrders, customers, technicians, warehouseLocations, serviceOrderSpareParts].map((t) =>
        db.select({ n: count() }).from(t),
      ),
    );
    await seedDemoData(db);
    const after = await Promise.all(
      [serviceOrders, customers, technicians, warehouseLocations, serviceOrderSpareParts].map((t) =>
        db.select({ n: count() }).from(t),
      ),
    );
    expect(after).toEqual(before);
  });
});
