import { sql } from 'drizzle-orm';
import { sumMoney, type Money } from '@service-portal/shared/work-logs';
import type { Db } from '../../db/client.ts';
import {
  dashboardOrderDays as d,
  dashboardRevenue as r,
  dashboardTechnicianDays as t,
  NO_TECHNICIAN,
} from '../../db/schema/dashboard.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

const daysBetween = (
  column: typeof r.day | typeof d.day | typeof t.day,
  firstDay: string,
  lastDay: string,
) => [sql`${column} >= ${firstDay}::date`, sql`${column} <= ${lastDay}::date`];

/**
 * The dashboard's own tables: the revenue roll-up that migration 0019's triggers keep, and the
 * orders' day roll-ups of migration 0049 (decision 082). Days are the partner's calendar days,
 * `YYYY-MM-DD`, both ends included.
 */
export function createDashboardRepository(db: Db) {
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

    /**
     * Σ spare-part lines plus completed work-log costs of the orders completed from the first to
     * the last day (both `YYYY-MM-DD` in the partner's time zone, both included), per currency.
     */
    async revenue(scope: TenantScope, firstDay: string, lastDay: string): Promise<Money[]> {
      const rows = await db
        .select({
          currency: r.currency,
          amount: sql<string>`(sum(${r.partsMinor}) + sum(${r.labourMinor}))::text`,
        })
        .from(r)
        .where(scoped(r, scope, ...daysBetween(r.day, firstDay, lastDay)))
        .groupBy(r.currency);
      // Days emptied by later changes keep a row of zeros: a currency shows while it has an amount.
      return sumMoney(
        rows
          .map((row) => ({ currency: row.currency, amountMinor: Number(row.amount) }))
          .filter((m) => m.amountMinor !== 0),
      );
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
