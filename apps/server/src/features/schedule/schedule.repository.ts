import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Priority, ServiceOrderStatus, ServiceType } from '@service-portal/shared/service-orders';
import { LAST_POSTCODE_PATTERN, UNSCHEDULED_LIST_STATUSES } from '@service-portal/shared/schedule';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema/images.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import { pricingConfigs } from '../../db/schema/pricing.ts';
import { serviceOrderSpareParts, serviceOrders } from '../../db/schema/service-orders.ts';
import { technicianDaysOff, technicians } from '../../db/schema/technicians.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

// The dispatch board's reads: a read model over orders, technicians and days off, each read in
// one query for the whole range (never a query per technician or per day). Like the dashboard's,
// these are read-only: every write goes through the owning feature's service (the order's move
// through service-orders' `setSchedule`), so the rules of those records stay in one place
// (docs/decisions/049-schedule-reads-and-status.md).

const o = serviceOrders;
const t = technicians;

const cardColumns = {
  id: o.id,
  orderNumber: o.orderNumber,
  title: o.title,
  priority: o.priority,
  serviceType: o.serviceType,
  status: o.status,
  customerName: o.customerName,
  customerAddress: o.customerAddress,
  customerPhone: o.customerPhone,
  createdAt: o.createdAt,
  technicianId: o.assignedTechnicianId,
  date: o.scheduledDate,
  start: o.scheduledStart,
  estimatedMinutes: o.estimatedMinutes,
  version: o.version,
};
export interface CardRow {
  id: string;
  orderNumber: string;
  title: string;
  priority: Priority;
  serviceType: ServiceType;
  status: ServiceOrderStatus;
  customerName: string;
  customerAddress: string | null;
  customerPhone: string | null;
  createdAt: Date;
  technicianId: string | null;
  date: string | null;
  start: string | null;
  estimatedMinutes: number | null;
  version: number;
}

/** Open orders the list shows: a schedulable status, and no date or no technician. */
const unscheduledWhere = and(
  inArray(o.status, [...UNSCHEDULED_LIST_STATUSES]),
  or(isNull(o.scheduledDate), isNull(o.assignedTechnicianId)),
);

export interface UnscheduledFilters {
  priority?: Priority[] | undefined;
  serviceType?: ServiceType[] | undefined;
  /** Created before this instant (the age filter). */
  createdBefore?: Date | undefined;
  /** The start of the address's postcode (shared `postcodeOf`, as `LAST_POSTCODE_PATTERN`). */
  postcode?: string | undefined;
}

export function createScheduleRepository(db: Db) {
  function unscheduledConditions(f: UnscheduledFilters): (SQL | undefined)[] {
    return [
      unscheduledWhere,
      f.priority?.length ? inArray(o.priority, f.priority) : undefined,
      f.serviceType?.length ? inArray(o.serviceType, f.serviceType) : undefined,
      f.createdBefore ? sql`${o.createdAt} < ${f.createdBefore.toISOString()}` : undefined,
      f.postcode
        ? sql`(regexp_match(${o.customerAddress}, ${LAST_POSTCODE_PATTERN}))[1] like ${`${f.postcode}%`}`
        : undefined,
    ];
  }
  // Most urgent first, then oldest: the same order as shared `compareUnscheduled`.
  const urgency = sql`case ${o.priority} when 'critical' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`;

  return {
    async partner(scope: TenantScope): Promise<{ timeZone: string; name: string }> {
      const rows = await db
        .select({ timeZone: servicePartners.timeZone, name: servicePartners.name })
        .from(servicePartners)
        .where(eq(servicePartners.id, scope.partnerId))
        .limit(1);
      return rows[0] ?? { timeZone: 'Europe/Oslo', name: '' };
    },

    /**
     * The board's rows: the active technicians and the inactive ones still holding work in the
     * range (so no booked order disappears from the board); `ids` narrows them.
     */
    async technicians(scope: TenantScope, from: string, to: string, ids?: readonly string[]) {
      const holdsWork = sql`exists (select 1 from ${o} where ${o.servicePartnerId} = ${scope.partnerId} and ${o.assignedTechnicianId} = ${t.id} and ${o.scheduledDate} between ${from} and ${to})`;
      return db
        .select({
          id: t.id,
          firstName: t.firstName,
          lastName: t.lastName,
          isActive: t.isActive,
          workingHours: t.workingHours,
        })
        .from(t)
        .where(
          scoped(
            t,
            scope,
            or(eq(t.isActive, true), holdsWork),
            ids?.length ? inArray(t.id, [...ids]) : undefined,
          ),
        )
        .orderBy(asc(t.lastName), asc(t.firstName), asc(t.id));
    },

    /** One technician's active flag and hours (a move's check). */
    async technician(scope: TenantScope, id: string) {
      const rows = await db
        .select({ id: t.id, isActive: t.isActive, workingHours: t.workingHours })
        .from(t)
        .where(scoped(t, scope, eq(t.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Days off of the partner's technicians in [from, to]. */
    async daysOff(scope: TenantScope, from: string, to: string, technicianIds?: readonly string[]) {
      const d = technicianDaysOff;
      return db
        .select({ technicianId: d.technicianId, date: d.date, reason: d.reason })
        .from(d)
        .where(
          scoped(
            d,
            scope,
            gte(d.date, from),
            lte(d.date, to),
            technicianIds?.length ? inArray(d.technicianId, [...technicianIds]) : undefined,
          ),
        );
    },

    /**
     * Orders with a technician and a date in [from, to], cancelled ones left out
     * (service_orders_partner_schedule_idx).
     */
    async scheduledOrders(
      scope: TenantScope,
      from: string,
      to: string,
      technicianIds?: readonly string[],
    ): Promise<CardRow[]> {
      return db
        .select(cardColumns)
        .from(o)
        .where(
          scoped(
            o,
            scope,
            gte(o.scheduledDate, from),
            lte(o.scheduledDate, to),
            isNotNull(o.assignedTechnicianId),
            ne(o.status, 'cancelled'),
            technicianIds?.length ? inArray(o.assignedTechnicianId, [...technicianIds]) : undefined,
          ),
        )
        .orderBy(asc(o.scheduledDate), sql`${o.scheduledStart} asc nulls last`, asc(o.orderNumber));
    },

    async card(scope: TenantScope, id: string): Promise<CardRow | null> {
      const rows = await db
        .select(cardColumns)
        .from(o)
        .where(scoped(o, scope, eq(o.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Orders of one technician on one day, for the cell a move lands in. */
    async cellOrders(scope: TenantScope, technicianId: string, date: string): Promise<CardRow[]> {
      return db
        .select(cardColumns)
        .from(o)
        .where(
          scoped(
            o,
            scope,
            eq(o.assignedTechnicianId, technicianId),
            eq(o.scheduledDate, date),
            ne(o.status, 'cancelled'),
          ),
        );
    },

    async hasDayOff(scope: TenantScope, technicianId: string, date: string) {
      const rows = await db
        .select({ reason: technicianDaysOff.reason })
        .from(technicianDaysOff)
        .where(
          scoped(
            technicianDaysOff,
            scope,
            eq(technicianDaysOff.technicianId, technicianId),
            eq(technicianDaysOff.date, date),
          ),
        )
        .limit(1);
      return rows[0] ? { reason: rows[0].reason } : null;
    },

    /** A page of the unscheduled list, most urgent and oldest first, with the total. */
    async unscheduledPage(scope: TenantScope, f: UnscheduledFilters, page: number, pageSize: number) {
      const where = scoped(o, scope, ...unscheduledConditions(f));
      const [items, totals] = await Promise.all([
        db
          .select(cardColumns)
          .from(o)
          .where(where)
          .orderBy(urgency, asc(o.createdAt), asc(o.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(o)
          .where(where),
      ]);
      return { items, total: Number(totals[0]?.n ?? 0) };
    },

    /**
     * The freshness cursor's parts in one query: the partner's latest order change and order
     * count (a deleted order), the latest technician change (hours, active, days off touch it)
     * and the pricing change (default durations).
     */
    async changeMarks(scope: TenantScope): Promise<string> {
      const result: unknown = await db.execute(sql`
        select concat_ws('|',
          (select max(${o.updatedAt})::text || '/' || count(*)::text from ${o} where ${o.servicePartnerId} = ${scope.partnerId}),
          (select max(${t.updatedAt})::text from ${t} where ${t.servicePartnerId} = ${scope.partnerId}),
          (select ${pricingConfigs.updatedAt}::text from ${pricingConfigs} where ${pricingConfigs.servicePartnerId} = ${scope.partnerId})
        ) as mark`);
      return (result as { rows: { mark: string | null }[] }).rows[0]?.mark ?? '';
    },

    /** The technician record of a user: linked by user id first, else the same e-mail (any case). */
    async technicianOfUser(scope: TenantScope, user: { id: string; email: string }) {
      const rows = await db
        .select({ id: t.id, firstName: t.firstName, lastName: t.lastName })
        .from(t)
        .where(
          scoped(t, scope, or(eq(t.userId, user.id), eq(sql`lower(${t.email})`, user.email.toLowerCase()))),
        )
        .orderBy(sql`(${t.userId} = ${user.id}) desc nulls last`, desc(t.isActive), asc(t.id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A technician's orders on a day with what the technician's day shows. */
    async dayOrders(scope: TenantScope, technicianId: string, date: string) {
      return db
        .select({
          id: o.id,
          orderNumber: o.orderNumber,
          title: o.title,
          status: o.status,
          priority: o.priority,
          serviceType: o.serviceType,
          start: o.scheduledStart,
          estimatedMinutes: o.estimatedMinutes,
          customerName: o.customerName,
          customerPhone: o.customerPhone,
          customerAddress: o.customerAddress,
          description: o.description,
          serialNumber: o.serialNumber,
          internalNotes: o.internalNotes,
          currency: o.currency,
          checkpoints: o.checkpoints,
          version: o.version,
        })
        .from(o)
        .where(scoped(o, scope, eq(o.assignedTechnicianId, technicianId), eq(o.scheduledDate, date)));
    },

    async sparePartsOf(scope: TenantScope, orderIds: readonly string[]) {
      if (orderIds.length === 0) return [];
      const p = serviceOrderSpareParts;
      return db
        .select({
          id: p.id,
          orderId: p.serviceOrderId,
          partNumber: p.partNumber,
          partName: p.partName,
          quantity: p.quantity,
          unitCost: p.unitCostMinor,
          currency: p.currency,
          supplier: p.supplier,
          notes: p.notes,
          version: p.version,
        })
        .from(p)
        .where(scoped(p, scope, inArray(p.serviceOrderId, [...orderIds])))
        .orderBy(asc(p.serviceOrderId), asc(p.position));
    },

    /** The newest photos per order (ids only), at most `perOrder` each, in one query. */
    async photosOf(scope: TenantScope, orderIds: readonly string[], perOrder: number) {
      if (orderIds.length === 0) return [];
      const ranked = db
        .select({
          id: images.id,
          orderId: images.serviceOrderId,
          n: sql<number>`row_number() over (partition by ${images.serviceOrderId} order by ${images.createdAt} desc, ${images.id})`.as(
            'n',
          ),
        })
        .from(images)
        .where(scoped(images, scope, inArray(images.serviceOrderId, [...orderIds])))
        .as('ranked');
      return db
        .select({ id: ranked.id, orderId: ranked.orderId })
        .from(ranked)
        .where(lte(ranked.n, perOrder))
        .orderBy(asc(ranked.orderId), asc(ranked.n));
    },
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
