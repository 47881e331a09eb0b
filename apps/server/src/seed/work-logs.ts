import { count, eq } from 'drizzle-orm';
import type { Role } from '@service-portal/shared/auth';
import {
  computeWorkLogCost,
  DEFAULT_PRICING,
  type CostPricing,
  type WorkLogCategory,
} from '@service-portal/shared/pricing';
import type { ServiceOrderStatus } from '@service-portal/shared/service-orders';
import type { Db } from '../db/client.ts';
import { categoryPricing, pricingConfigs } from '../db/schema/pricing.ts';
import { serviceOrders } from '../db/schema/service-orders.ts';
import { users } from '../db/schema/users.ts';
import { workLogs } from '../db/schema/work-logs.ts';
import { createRandom, hashSeed, type Random } from './random.ts';

const MIN = 60_000;

/** Orders a technician has worked on: they carry work logs. */
const WORKED: readonly ServiceOrderStatus[] = [
  'in_progress',
  'waiting_for_parts',
  'ready_for_pickup',
  'completed',
];
/** Orders still being worked on may have a log left open. */
const ONGOING: readonly ServiceOrderStatus[] = ['in_progress', 'waiting_for_parts'];

const TEXTS: Record<WorkLogCategory, { description: string; notes: (string | null)[] }> = {
  service_log: {
    description: 'Fault finding and repair',
    notes: [
      'Measured heater element and insulation; replaced the faulty part and ran a full burn cycle.',
      'Cleaned the catalyst and main fan, tested the control panel. All readings within limits.',
      'Customer reported error E4; traced to the burner fan connector. Re-terminated and tested.',
      null,
    ],
  },
  extra_cleaning: {
    description: 'Extra cleaning of the combustion chamber',
    notes: ['Heavy ash build-up, chamber and ash container cleaned twice.', null],
  },
  hygienic_measures: {
    description: 'Disinfection before work',
    notes: ['Unit disinfected on arrival as agreed with the customer.', null],
  },
  shipping: {
    description: 'Return shipping to the customer',
    notes: ['Sent with Bring, tracking number in the order.', null],
  },
  other: { description: 'Pickup and delivery', notes: [null] },
  service_fee: { description: 'Service fee', notes: [null] },
};

async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** The categories one visit is billed with: always the service log, sometimes extras. */
function categoriesFor(rnd: Random): WorkLogCategory[] {
  const list: WorkLogCategory[] = ['service_log'];
  if (rnd.chance(0.25)) list.push('extra_cleaning');
  if (rnd.chance(0.1)) list.push('hygienic_measures');
  if (rnd.chance(0.3)) list.push('shipping');
  if (rnd.chance(0.2)) list.push('service_fee');
  return list;
}

/** Time worked: a timer that ran (seconds) or a duration typed by hand (whole minutes). */
function timeFor(
  category: WorkLogCategory,
  rnd: Random,
): { trackedSeconds: number; manualMinutes: number | null } {
  if (category === 'shipping' || category === 'service_fee') return { trackedSeconds: 0, manualMinutes: 0 };
  const [min, max] = category === 'service_log' ? [20, 200] : [10, 60];
  if (rnd.chance(0.6)) return { trackedSeconds: rnd.int(min * 60, max * 60), manualMinutes: null };
  return { trackedSeconds: 0, manualMinutes: rnd.int(Math.ceil(min / 5), Math.floor(max / 5)) * 5 };
}

async function pricingOf(db: Db, partnerId: string): Promise<CostPricing> {
  const [config] = await db
    .select()
    .from(pricingConfigs)
    .where(eq(pricingConfigs.servicePartnerId, partnerId));
  const categories = await db
    .select()
    .from(categoryPricing)
    .where(eq(categoryPricing.servicePartnerId, partnerId));
  return {
    defaultHourlyRate: config?.defaultHourlyRateMinor ?? DEFAULT_PRICING.defaultHourlyRate,
    currency: config?.currency ?? DEFAULT_PRICING.currency,
    roundingIntervalMinutes: config?.roundingIntervalMinutes ?? DEFAULT_PRICING.roundingIntervalMinutes,
    roundingDirection: config?.roundingDirection ?? DEFAULT_PRICING.roundingDirection,
    categories: categories.map((c) => ({
      category: c.category as WorkLogCategory,
      pricingType: c.pricingType,
      price: c.priceMinor,
      intervalMinutes: c.intervalMinutes,
    })),
  };
}

/**
 * Work logs on about two thirds of the orders a technician has worked on: completed logs with the
 * cost frozen from the partner's pricing, and a few logs still open on ongoing orders. Idempotent:
 * a partner that has work logs gets none added. One batched insert per partner.
 */
export async function seedWorkLogs(db: Db, partnerIds: Map<string, string>, now = new Date()): Promise<void> {
  for (const [partner, partnerId] of partnerIds) {
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ n: count() })
        .from(workLogs)
        .where(eq(workLogs.servicePartnerId, partnerId));
      if ((existing?.n ?? 0) > 0) return;

      const orders = await tx
        .select({
          id: serviceOrders.id,
          status: serviceOrders.status,
          createdAt: serviceOrders.createdAt,
          updatedAt: serviceOrders.updatedAt,
          completedAt: serviceOrders.completedAt,
        })
        .from(serviceOrders)
        .where(eq(serviceOrders.servicePartnerId, partnerId))
        .orderBy(serviceOrders.createdAt, serviceOrders.id);
      const staff = await tx
        .select({ id: users.id, roles: users.roles })
        .from(users)
        .where(eq(users.servicePartnerId, partnerId));
      if (orders.length === 0 || staff.length === 0) return;
      const isManager = (roles: Role[]) =>
        roles.includes('Administrator') || roles.includes('ServiceManager');
      const workers = staff.filter((u) => !isManager(u.roles));
      const people = workers.length > 0 ? workers : staff;

      const pricing = await pricingOf(tx, partnerId);
      const rnd = createRandom(hashSeed(`work-logs:${partner}`));
      const rows: (typeof workLogs.$inferInsert)[] = [];
      let openLeft = 4;

      for (const order of orders) {
        if (!WORKED.includes(order.status) || !rnd.chance(0.65)) continue;
        const userId = rnd.pick(people).id;
        // Work happens after the order came in and before it was finished (or now).
        const from = order.createdAt.getTime() + 2 * 60 * MIN;
        const until = (order.completedAt ?? order.updatedAt).getTime();
        const span = Math.max(until - from, 30 * MIN);
        const leaveOpen = ONGOING.includes(order.status) && openLeft > 0 && rnd.chance(0.5);
        const categories = categoriesFor(rnd);
        categories.forEach((category, i) => {
          const open = leaveOpen && i === 0;
          const startedAt = new Date(Math.min(from + rnd.next() * span * 0.6, now.getTime() - 2 * 60 * MIN));
          const time = timeFor(category, rnd);
          const workedSeconds = time.manualMinutes === null ? time.trackedSeconds : time.manualMinutes * 60;
          const finishedAt = new Date(
            Math.min(startedAt.getTime() + workedSeconds * 1000 + 10 * MIN, now.getTime() - MIN),
          );
          const text = TEXTS[category];
          const base = {
            servicePartnerId: partnerId,
            serviceOrderId: order.id,
            category,
            description: text.description,
            notes: rnd.pick(text.notes),
            userId,
            trackedSeconds: time.trackedSeconds,
            manualMinutes: time.manualMinutes,
            createdAt: startedAt,
          };
          if (open) {
            openLeft -= 1;
            rows.push({ ...base, status: 'open', updatedAt: finishedAt });
            return;
          }
          const cost = computeWorkLogCost({ workedSeconds, category, pricing });
          rows.push({
            ...base,
            status: 'completed',
            completedAt: finishedAt,
            billedMinutes: cost.billedMinutes,
            pricingType: cost.pricingType,
            unitPriceMinor: cost.unitPriceMinor,
            costMinor: cost.costMinor,
            currency: cost.currency,
            updatedAt: finishedAt,
            version: 2,
          });
        });
      }
      await insertInChunks(rows, 1000, (chunk) => tx.insert(workLogs).values(chunk));
    });
  }
}
