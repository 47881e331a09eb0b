import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ServiceType } from '@service-portal/shared/service-orders';
import { DEFAULT_WORKING_HOURS, minutesOfDay, type WorkingHours } from '@service-portal/shared/technicians';
import { weekdayIndex } from '@service-portal/shared/schedule';
import { addDays, mondayOf, todayIn } from '@service-portal/shared/zoned-days';
import type { Db } from '../db/client.ts';
import { serviceOrders, serviceOrderStatusHistory } from '../db/schema/service-orders.ts';
import { technicianDaysOff, technicians } from '../db/schema/technicians.ts';
import type { DEMO_PARTNERS } from './identities.ts';
import { DEMO_DEFAULT_DURATIONS } from './pricing.ts';
import { createRandom, hashSeed } from './random.ts';

// The dispatch board's demo (issue 25): working hours, one day off this week, a planned week from
// today with start times and durations, some open orders left unplanned, and exactly one
// overbooked technician-day (Nordic's Kari Haugen, the second working day), so that a newcomer's
// board shows every state at once. Runs after the orders and pricing seeds.

const TIME_ZONE = 'Europe/Oslo';
/** Working days planned from today on. */
const PLANNED_DAYS = 5;
/** New orders that stay on the unscheduled list (with the on-hold ones). */
const LEFT_UNPLANNED = 8;

const day = (start: string, end: string) => ({ start, end });
/** Jonas, the apprentice, works Monday to Thursday and leaves early. */
const APPRENTICE_HOURS: WorkingHours = [
  day('08:00', '15:00'),
  day('08:00', '15:00'),
  day('08:00', '15:00'),
  day('08:00', '15:00'),
  null,
  null,
  null,
];

interface PartnerPlan {
  hours: Record<string, WorkingHours>;
  dayOff: { email: string; nthWorkingDay: number; reason: string } | null;
  overbooked: { email: string; nthWorkingDay: number } | null;
}

/** Whose day the demo overbooks (the history story leaves this technician's orders alone). */
export const DEMO_OVERBOOKED_TECHNICIAN = 'kari.haugen@nordic.example.com';

const PLANS: Record<(typeof DEMO_PARTNERS)[number], PartnerPlan> = {
  'Nordic Service AS': {
    hours: { 'jonas.moe@nordic.example.com': APPRENTICE_HOURS },
    dayOff: { email: 'sindre.bakken@nordic.example.com', nthWorkingDay: 2, reason: 'Gas safety course' },
    overbooked: { email: DEMO_OVERBOOKED_TECHNICIAN, nthWorkingDay: 1 },
  },
  'Fjord Repair AS': { hours: {}, dayOff: null, overbooked: null },
};

const DURATIONS: Record<ServiceType, readonly number[]> = {
  repair: [90, 120, 150],
  maintenance: [60, 90],
  warranty: [45, 60],
};

/** Days the partner works (Monday–Friday) from today on. */
function workingDaysFrom(today: string, count: number): string[] {
  const days: string[] = [];
  for (let d = today; days.length < count; d = addDays(d, 1)) if (weekdayIndex(d) < 5) days.push(d);
  return days;
}

const time = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Idempotent: a partner that has days off already is left as it is. */
export async function seedSchedule(db: Db, partnerIds: Map<string, string>, now = new Date()): Promise<void> {
  const today = todayIn(TIME_ZONE, now);
  for (const [partner, plan] of Object.entries(PLANS)) {
    const partnerId = partnerIds.get(partner);
    if (!partnerId) continue;
    const existing = await db
      .select({ id: technicianDaysOff.id })
      .from(technicianDaysOff)
      .where(eq(technicianDaysOff.servicePartnerId, partnerId))
      .limit(1);
    if (existing.length > 0) continue;
    const rnd = createRandom(hashSeed(`schedule:${partner}`));

    await db.transaction(async (tx) => {
      const techs = await tx
        .select({ id: technicians.id, email: technicians.email, isActive: technicians.isActive })
        .from(technicians)
        .where(eq(technicians.servicePartnerId, partnerId))
        .orderBy(asc(technicians.lastName), asc(technicians.firstName));
      for (const [email, hours] of Object.entries(plan.hours)) {
        await tx
          .update(technicians)
          .set({ workingHours: hours })
          .where(and(eq(technicians.servicePartnerId, partnerId), eq(technicians.email, email)));
      }
      const days = workingDaysFrom(today, PLANNED_DAYS);
      const idOf = (email: string) => techs.find((t) => t.email === email)?.id;
      const offDay = plan.dayOff ? days[plan.dayOff.nthWorkingDay] : undefined;
      const offTech = plan.dayOff ? idOf(plan.dayOff.email) : undefined;
      if (plan.dayOff && offDay && offTech) {
        await tx.insert(technicianDaysOff).values({
          servicePartnerId: partnerId,
          technicianId: offTech,
          date: offDay,
          reason: plan.dayOff.reason,
        });
      }

      // Every order dated from this week on is planned afresh below (the orders seed dates them
      // at random, weekends included); earlier dates stay as seeded.
      await tx
        .update(serviceOrders)
        .set({ scheduledDate: null, scheduledStart: null })
        .where(
          and(
            eq(serviceOrders.servicePartnerId, partnerId),
            gte(serviceOrders.scheduledDate, mondayOf(today)),
          ),
        );
      // The week's work: orders in progress first (today), then those scheduled, then new ones
      // (newest first: the oldest stay on the unscheduled list), then return visits for orders
      // waiting for parts. On-hold orders stay unplanned.
      const open = await tx
        .select({
          id: serviceOrders.id,
          status: serviceOrders.status,
          serviceType: serviceOrders.serviceType,
          priority: serviceOrders.priority,
          createdAt: serviceOrders.createdAt,
        })
        .from(serviceOrders)
        .where(
          and(
            eq(serviceOrders.servicePartnerId, partnerId),
            inArray(serviceOrders.status, ['in_progress', 'scheduled', 'created', 'waiting_for_parts']),
          ),
        )
        .orderBy(
          sql`case ${serviceOrders.status} when 'in_progress' then 0 when 'scheduled' then 1 when 'created' then 2 else 3 end`,
          sql`${serviceOrders.createdAt} desc`,
        );
      const created = open.filter((o) => o.status === 'created');
      const keep = new Set(created.slice(Math.max(0, created.length - LEFT_UNPLANNED)).map((o) => o.id));
      // The list leads with an urgent order whatever the day's draw (the orders seed's priorities
      // follow the date it runs on): the oldest order left unplanned becomes critical if none is.
      const waiting = created.filter((o) => keep.has(o.id));
      const oldest = waiting.at(-1);
      if (oldest && !waiting.some((o) => o.priority === 'critical')) {
        await tx.update(serviceOrders).set({ priority: 'critical' }).where(eq(serviceOrders.id, oldest.id));
      }
      const pool = open.filter((o) => !keep.has(o.id));

      const active = techs.filter((t) => t.isActive);
      const overTech = plan.overbooked ? idOf(plan.overbooked.email) : undefined;
      const overDay = plan.overbooked ? days[plan.overbooked.nthWorkingDay] : undefined;
      // The overbooked day is planned first, so that it is there however few orders the pool has.
      const cells = days.flatMap((date, dayIndex) => active.map((tech) => ({ date, dayIndex, tech })));
      cells.sort(
        (a, b) =>
          Number(b.tech.id === overTech && b.date === overDay) -
          Number(a.tech.id === overTech && a.date === overDay),
      );
      for (const { date, dayIndex, tech } of cells) {
        if (tech.id === offTech && date === offDay) continue;
        const hours = (plan.hours[tech.email] ?? DEFAULT_WORKING_HOURS)[weekdayIndex(date)];
        if (!hours) continue;
        const available = minutesOfDay(hours.end) - minutesOfDay(hours.start);
        const overbook = tech.id === overTech && date === overDay;
        let booked = 0;
        // A working day of 480 minutes: 2–3 visits with travel between; the overbooked one 4.
        const visits = overbook ? 4 : rnd.int(2, 3);
        let clock = 8 * 60 + (dayIndex % 2) * 30;
        for (let v = 0; v < visits; v++) {
          const order = pool[0];
          if (!order) return;
          // About one in four keeps no estimate of its own: the board shows the type's default.
          const own = overbook ? 150 : rnd.chance(0.75) ? rnd.pick(DURATIONS[order.serviceType]) : null;
          const minutes = own ?? DEMO_DEFAULT_DURATIONS[order.serviceType];
          if (!overbook && booked + minutes > available) break;
          pool.shift();
          booked += minutes;
          const start = rnd.chance(0.85) ? time(clock) : null;
          clock += minutes + 30;
          const moved = order.status === 'created';
          await tx
            .update(serviceOrders)
            .set({
              assignedTechnicianId: tech.id,
              scheduledDate: date,
              scheduledStart: start,
              estimatedMinutes: own,
              ...(moved ? { status: 'scheduled' as const, version: sql`${serviceOrders.version} + 1` } : {}),
            })
            .where(eq(serviceOrders.id, order.id));
          if (moved) {
            const at = new Date(Math.max(order.createdAt.getTime() + 60_000, now.getTime() - 2 * 3_600_000));
            await tx.insert(serviceOrderStatusHistory).values({
              servicePartnerId: partnerId,
              serviceOrderId: order.id,
              fromStatus: 'created',
              toStatus: 'scheduled',
              changedAt: at,
              note: 'Scheduled on the dispatch board',
            });
            await tx.update(serviceOrders).set({ updatedAt: at }).where(eq(serviceOrders.id, order.id));
          }
        }
      }
    });
  }
}
