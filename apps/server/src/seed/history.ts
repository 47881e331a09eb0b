import { and, asc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { weekdayIndex } from '@service-portal/shared/schedule';
import { addDays, todayIn } from '@service-portal/shared/zoned-days';
import type { Db } from '../db/client.ts';
import { historyEvents } from '../db/schema/history.ts';
import { serviceOrders, serviceOrderSpareParts } from '../db/schema/service-orders.ts';
import { technicians } from '../db/schema/technicians.ts';
import { users } from '../db/schema/users.ts';
import { runAs, type Actor } from '../lib/request-context.ts';
import { DEMO_OVERBOOKED_TECHNICIAN } from './schedule.ts';

/** The demo order whose History tab tells who set its price, moved its date and changed its parts. */
export const HISTORY_DEMO_STATUSES = ['scheduled', 'in_progress'] as const;

async function actorOf(db: Db, email: string): Promise<Actor | null> {
  const [u] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      partner: users.servicePartnerId,
    })
    .from(users)
    .where(eq(users.email, email));
  return u ? { kind: 'user', id: u.id, name: `${u.firstName} ${u.lastName}` } : null;
}

/**
 * Issue 26's demo: on Nordic's first scheduled or in-progress order with parts, the office sets
 * the price, the manager moves the date and the technician changes the parts, each as themself
 * (the history triggers record them through `runAs`). Idempotent: skipped once the order has a
 * user's change in its history.
 */
export async function seedHistoryStory(db: Db, partnerIds: Map<string, string>, now = new Date()) {
  const partnerId = partnerIds.get('Nordic Service AS');
  if (!partnerId) return;
  const today = todayIn('Europe/Oslo', now);
  const [order] = await db
    .select({
      id: serviceOrders.id,
      estimatedCostMinor: serviceOrders.estimatedCostMinor,
      scheduledDate: serviceOrders.scheduledDate,
    })
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.servicePartnerId, partnerId),
        inArray(serviceOrders.status, [...HISTORY_DEMO_STATUSES]),
        // Not one of the overbooked technician's: moving it would undo the schedule demo's one
        // overbooked day.
        or(
          isNull(serviceOrders.assignedTechnicianId),
          notInArray(
            serviceOrders.assignedTechnicianId,
            db
              .select({ id: technicians.id })
              .from(technicians)
              .where(eq(technicians.email, DEMO_OVERBOOKED_TECHNICIAN)),
          ),
        ),
        sql`exists (select 1 from ${serviceOrderSpareParts} where ${serviceOrderSpareParts.serviceOrderId} = ${serviceOrders.id})`,
      ),
    )
    .orderBy(asc(serviceOrders.orderNumber))
    .limit(1);
  if (!order) return;
  const [done] = await db
    .select({ id: historyEvents.id })
    .from(historyEvents)
    .where(and(eq(historyEvents.subjectId, order.id), eq(historyEvents.actorKind, 'user')))
    .limit(1);
  if (done) return;

  const office = await actorOf(db, 'office@nordic.example.com');
  const manager = await actorOf(db, 'manager@nordic.example.com');
  const tech = await actorOf(db, 'tech@nordic.example.com');
  if (!office || !manager || !tech) return;
  const bump = { updatedAt: now, version: sql`${serviceOrders.version} + 1` };

  await runAs(
    office,
    () =>
      db
        .update(serviceOrders)
        .set({ estimatedCostMinor: (order.estimatedCostMinor ?? 150_000) + 45_000, ...bump })
        .where(eq(serviceOrders.id, order.id)),
    partnerId,
  );
  // Four weeks on, the same weekday (a working day stays one): past the demo board's two weeks, so
  // the move neither overbooks nor empties a cell the schedule's demo shows.
  const from = order.scheduledDate !== null && order.scheduledDate > today ? order.scheduledDate : today;
  let moved = addDays(from, 28);
  while (weekdayIndex(moved) >= 5) moved = addDays(moved, 1);
  await runAs(
    manager,
    () =>
      db
        .update(serviceOrders)
        .set({ scheduledDate: moved, ...bump })
        .where(eq(serviceOrders.id, order.id)),
    partnerId,
  );
  await runAs(
    tech,
    () =>
      db.transaction(async (tx) => {
        const parts = await tx
          .select({ id: serviceOrderSpareParts.id, quantity: serviceOrderSpareParts.quantity })
          .from(serviceOrderSpareParts)
          .where(eq(serviceOrderSpareParts.serviceOrderId, order.id))
          .orderBy(asc(serviceOrderSpareParts.position));
        const first = parts[0];
        if (first) {
          await tx
            .update(serviceOrderSpareParts)
            .set({
              quantity: first.quantity + 1,
              updatedAt: now,
              version: sql`${serviceOrderSpareParts.version} + 1`,
            })
            .where(eq(serviceOrderSpareParts.id, first.id));
        }
        await tx.insert(serviceOrderSpareParts).values({
          servicePartnerId: partnerId,
          serviceOrderId: order.id,
          position: parts.length,
          partNumber: 'GSK-220',
          partName: 'Door gasket',
          quantity: 1,
          unitCostMinor: 18_900,
          currency: 'NOK',
        });
      }),
    partnerId,
  );
}
