import { count, inArray, sql } from 'drizzle-orm';
import type { ServiceOrderStatus } from '@service-portal/shared/service-orders';
import type { Db } from '../../db/client.ts';
import {
  NO_TECHNICIAN,
  serviceOrderCounts as c,
  serviceOrderDays as d,
  serviceOrderTechnicianDays as t,
} from '../../db/schema/service-orders.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { iso, o } from './service-orders.filters.ts';

const daysBetween = (column: typeof d.day | typeof t.day, firstDay: string, lastDay: string) => [
  sql`${column} >= ${firstDay}::date`,
  sql`${column} <= ${lastDay}::date`,
];

/**
 * The stats' and the dashboard's counts, read from the orders' roll-ups (migration 0049, decision
 * 082): `service_order_counts` (at most 96 rows per partner whatever its size) and the day
 * roll-ups over the partner's calendar days (`YYYY-MM-DD`, both ends included); the last 30 days
 * of the stats from the orders' own indexes (a month of orders, not all of them).
 */
export function createServiceOrderStatsQueries(db: Db) {
  return {
    /**
     * Orders created from the first to the last day per status, type and trend bucket
     * (`bucketDays`: each bucket's first day, ascending; bucket 1 is the first).
     */
    async createdInPeriod(
      scope: TenantScope,
      firstDay: string,
      lastDay: string,
      bucketDays: readonly string[],
    ) {
      const rows = await db
        .select({
          status: d.status,
          serviceType: d.serviceType,
          bucket: sql<number>`width_bucket(${d.day}, ${sql.param(bucketDays)}::date[])`.mapWith(Number),
          n: sql<string>`sum(${d.orders})::text`,
        })
        .from(d)
        .where(scoped(d, scope, ...daysBetween(d.day, firstDay, lastDay)))
        .groupBy(d.status, d.serviceType, sql`3`);
      return rows.map((row) => ({ ...row, n: Number(row.n) })).filter((row) => row.n !== 0);
    },

    /**
     * Per technician (null: none): orders created in the days assigned to them and how many of
     * those are completed or cancelled now; orders completed in the days and the sum of their
     * resolution times in seconds.
     */
    async technicianFigures(scope: TenantScope, firstDay: string, lastDay: string) {
      const rows = await db
        .select({
          technicianId: t.technicianId,
          assigned: sql<string>`sum(${t.assigned})::text`,
          completed: sql<string>`sum(${t.completed})::text`,
          cancelled: sql<string>`sum(${t.cancelled})::text`,
          resolved: sql<string>`sum(${t.resolved})::text`,
          seconds: sql<string>`sum(${t.resolvedSeconds})::text`,
        })
        .from(t)
        .where(scoped(t, scope, ...daysBetween(t.day, firstDay, lastDay)))
        .groupBy(t.technicianId);
      return rows.map((row) => ({
        technicianId: row.technicianId === NO_TECHNICIAN ? null : row.technicianId,
        assigned: Number(row.assigned),
        completed: Number(row.completed),
        cancelled: Number(row.cancelled),
        resolved: Number(row.resolved),
        seconds: Number(row.seconds),
      }));
    },

    /** Orders in these statuses now, whenever created. */
    async countInStatuses(scope: TenantScope, statuses: readonly ServiceOrderStatus[]): Promise<number> {
      const [row] = await db
        .select({ n: sql<string | null>`sum(${c.orders})::text` })
        .from(c)
        .where(scoped(c, scope, inArray(c.status, [...statuses])));
      return Number(row?.n ?? 0);
    },

    /** Counts per status × priority × type, and the completed orders' resolution times. */
    async countsByGroup(scope: TenantScope) {
      const rows = await db
        .select({
          status: c.status,
          priority: c.priority,
          serviceType: c.serviceType,
          n: c.orders,
          resolved: c.resolved,
          resolvedSeconds: c.resolvedSeconds,
        })
        .from(c)
        .where(scoped(c, scope));
      return rows.map((r) => ({ ...r, resolvedSeconds: Number(r.resolvedSeconds) }));
    },

    /** Orders completed and created since `since`, through the partner's completed and created indexes. */
    async windowStats(scope: TenantScope, since: Date) {
      const sinceSql = sql`${iso(since)}::timestamptz`;
      const [[completed], [created]] = await Promise.all([
        db
          .select({ n: count() })
          .from(o)
          .where(scoped(o, scope, sql`${o.status} = 'completed'`, sql`${o.completedAt} >= ${sinceSql}`)),
        db
          .select({ n: count() })
          .from(o)
          .where(scoped(o, scope, sql`${o.createdAt} >= ${sinceSql}`)),
      ]);
      return { completedSince: completed?.n ?? 0, createdSince: created?.n ?? 0 };
    },
  };
}
