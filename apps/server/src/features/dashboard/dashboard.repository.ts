import { sql } from 'drizzle-orm';
import { sumMoney, type Money } from '@service-portal/shared/work-logs';
import type { Db } from '../../db/client.ts';
import { dashboardRevenue as r } from '../../db/schema/dashboard.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

/** The dashboard's own table: the revenue roll-up that migration 0019's triggers keep. */
export function createDashboardRepository(db: Db) {
  return {
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
        .where(scoped(r, scope, sql`${r.day} >= ${firstDay}::date`, sql`${r.day} <= ${lastDay}::date`))
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
