import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { o } from './service-orders.filters.ts';

/** The dashboard's figures: grouped counts and the last-30-days window, one query each. */
export function createServiceOrderStatsQueries(db: Db) {
  return {
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
