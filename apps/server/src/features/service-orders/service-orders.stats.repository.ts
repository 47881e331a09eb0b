import { count, inArray, sql } from 'drizzle-orm';
import type { ServiceOrderStatus } from '@service-portal/shared/service-orders';
import type { Db } from '../../db/client.ts';
import { serviceOrderCounts as c } from '../../db/schema/service-orders.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { iso, o } from './service-orders.filters.ts';

/**
 * The stats' and the dashboard's counts of the orders now: read from the roll-up
 * `service_order_counts` (decision 082), at most 96 rows per partner whatever its size; the last
 * 30 days from the orders' own indexes (a month of orders, not all of them).
 */
export function createServiceOrderStatsQueries(db: Db) {
  return {
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
