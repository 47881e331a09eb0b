import { count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ServiceOrderStatus } from '@service-portal/shared/service-orders';
import type { Db } from '../../db/client.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { iso, o } from './service-orders.filters.ts';

/** Completed in [from, to): the dashboard's resolution time and revenue take these orders. */
function completedBetween(from: Date, to: Date): SQL[] {
  return [
    eq(o.status, 'completed'),
    sql`${o.completedAt} >= ${iso(from)}::timestamptz`,
    sql`${o.completedAt} < ${iso(to)}::timestamptz`,
  ];
}

/** The dashboard's figures: grouped counts and the last-30-days window, one query each. */
export function createServiceOrderStatsQueries(db: Db) {
  return {
    /**
     * The dashboard's counts over orders created in [from, to): per status, service type,
     * technician and trend bucket (`bounds`: the buckets' first instants, ascending; bucket 1 is
     * the first). One grouped query; the dashboard folds the groups.
     */
    async createdInPeriod(scope: TenantScope, from: Date, to: Date, bounds: readonly Date[]) {
      const edges = sql`${sql.param(bounds.map(iso))}::timestamptz[]`;
      const rows = await db
        .select({
          status: o.status,
          serviceType: o.serviceType,
          technicianId: o.assignedTechnicianId,
          bucket: sql<number>`width_bucket(${o.createdAt}, ${edges})`.mapWith(Number),
          n: count(),
        })
        .from(o)
        .where(
          scoped(
            o,
            scope,
            sql`${o.createdAt} >= ${iso(from)}::timestamptz`,
            sql`${o.createdAt} < ${iso(to)}::timestamptz`,
          ),
        )
        .groupBy(o.status, o.serviceType, o.assignedTechnicianId, sql`4`);
      return rows;
    },

    /**
     * Orders completed in [from, to) per technician (null: unassigned): how many, and the sum of
     * their resolution times in seconds. Read from service_orders_partner_completed_idx alone.
     */
    async completedInPeriod(scope: TenantScope, from: Date, to: Date) {
      const rows = await db
        .select({
          technicianId: o.assignedTechnicianId,
          n: count(),
          seconds: sql<string>`sum(extract(epoch from (${o.completedAt} - ${o.createdAt})))::text`,
        })
        .from(o)
        .where(scoped(o, scope, ...completedBetween(from, to)))
        .groupBy(o.assignedTechnicianId);
      return rows.map((r) => ({ technicianId: r.technicianId, n: r.n, seconds: Number(r.seconds) }));
    },

    /** Orders in these statuses now, whenever created. */
    async countInStatuses(scope: TenantScope, statuses: readonly ServiceOrderStatus[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(o)
        .where(scoped(o, scope, inArray(o.status, [...statuses])));
      return row?.n ?? 0;
    },

    /** Counts per status × priority × type in one grouped query; the service folds them. */
    async countsByGroup(scope: TenantScope) {
      return db
        .select({ status: o.status, priority: o.priority, serviceType: o.serviceType, n: count() })
        .from(o)
        .where(scoped(o, scope))
        .groupBy(o.status, o.priority, o.serviceType);
    },

    async windowStats(scope: TenantScope, since: Date) {
      const sinceSql = sql`${since.toISOString()}::timestamptz`;
      const [row] = await db
        .select({
          completedSince: sql<number>`(count(*) filter (where ${o.status} = 'completed' and ${o.completedAt} >= ${sinceSql}))::int`,
          createdSince: sql<number>`(count(*) filter (where ${o.createdAt} >= ${sinceSql}))::int`,
          avgResolutionSeconds: sql<
            string | number | null
          >`avg(extract(epoch from (${o.completedAt} - ${o.createdAt}))) filter (where ${o.status} = 'completed' and ${o.completedAt} is not null)`,
        })
        .from(o)
        .where(scoped(o, scope));
      return {
        completedSince: Number(row?.completedSince ?? 0),
        createdSince: Number(row?.createdSince ?? 0),
        avgResolutionSeconds: row?.avgResolutionSeconds == null ? null : Number(row.avgResolutionSeconds),
      };
    },
  };
}
