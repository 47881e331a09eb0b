import {
  periodRange,
  TREND_GROUPS,
  trendBuckets,
  type Dashboard,
  type DashboardQuery,
  type DashboardTechnician,
  type TrendGroup,
} from '@service-portal/shared/dashboard';
import {
  SERVICE_TYPES,
  WAITING_STATUSES,
  type ServiceOrderStatus,
  type ServiceType,
} from '@service-portal/shared/service-orders';
import type { Money } from '@service-portal/shared/work-logs';
import type { TenantScope } from '../../db/tenant.ts';
import { todayIn } from '@service-portal/shared/zoned-days';

// What the dashboard asks of other features (features do not import each other; its module is given
// the service-orders and technicians services and the dashboard's own revenue roll-up).
export interface DashboardOrders {
  timeZone(scope: TenantScope): Promise<string>;
  /**
   * Orders created from the first to the last of the partner's days (both included) per status,
   * type and trend bucket (1-based; `bucketDays` are the buckets' first days).
   */
  createdInPeriod(
    scope: TenantScope,
    firstDay: string,
    lastDay: string,
    bucketDays: readonly string[],
  ): Promise<{ status: ServiceOrderStatus; serviceType: ServiceType; bucket: number; n: number }[]>;
  /**
   * Per technician (null: none): orders created in the days assigned to them, how many of those
   * are completed or cancelled now, and orders completed in the days with Σ resolution seconds.
   */
  technicianFigures(
    scope: TenantScope,
    firstDay: string,
    lastDay: string,
  ): Promise<
    {
      technicianId: string | null;
      assigned: number;
      completed: number;
      cancelled: number;
      resolved: number;
      seconds: number;
    }[]
  >;
  countInStatuses(scope: TenantScope, statuses: readonly ServiceOrderStatus[]): Promise<number>;
}
/**
 * Σ spare-part lines and completed work-log costs of the orders completed from the first to the
 * last day (partner's calendar days, both included), per currency.
 */
export interface DashboardRevenue {
  revenue(scope: TenantScope, firstDay: string, lastDay: string): Promise<Money[]>;
}
export interface DashboardTechnicians {
  names(scope: TenantScope): Promise<{ id: string; name: string; isActive: boolean }[]>;
}
/** Customers' 1–5 ratings per technician (the status page's feature); absent until it exists. */
export interface DashboardRatings {
  ratingsByTechnician(scope: TenantScope, from: Date, to: Date): Promise<Map<string, number>>;
}

export interface DashboardDeps {
  orders: DashboardOrders;
  revenue: DashboardRevenue;
  technicians: DashboardTechnicians;
  ratings?: DashboardRatings;
  now?: () => Date;
}

const GROUP_OF = new Map<ServiceOrderStatus, TrendGroup>(
  (Object.entries(TREND_GROUPS) as [TrendGroup, readonly ServiceOrderStatus[]][]).flatMap(([group, list]) =>
    list.map((status) => [status, group] as const),
  ),
);

const hours = (seconds: number, n: number) => (n === 0 ? null : Math.round((seconds / n / 3600) * 100) / 100);
const rate = (completed: number, counted: number) => (counted === 0 ? null : completed / counted);

/** product.md "Dashboard figures", for the chosen period in the partner's time zone. */
export function createDashboardService(deps: DashboardDeps) {
  const { orders, technicians, ratings } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async get(scope: TenantScope, query: DashboardQuery): Promise<Dashboard> {
      const timeZone = await orders.timeZone(scope);
      const range = periodRange(query.period, now(), timeZone);
      const buckets = trendBuckets(range, timeZone);
      // A period starts at a local midnight and ends now (or at a midnight): whole days.
      const firstDay = todayIn(timeZone, range.from);
      const lastDay = todayIn(timeZone, new Date(range.to.getTime() - 1));
      // Independent reads: in parallel on PostgreSQL's pool (PGlite runs them one after another).
      const [created, perTechnician, waitingForService, revenue, names, ratingOf] = await Promise.all([
        orders.createdInPeriod(
          scope,
          firstDay,
          lastDay,
          buckets.map((b) => todayIn(timeZone, b.from)),
        ),
        orders.technicianFigures(scope, firstDay, lastDay),
        orders.countInStatuses(scope, WAITING_STATUSES),
        deps.revenue.revenue(scope, firstDay, lastDay),
        technicians.names(scope),
        ratings ? ratings.ratingsByTechnician(scope, range.from, range.to) : null,
      ]);

      let totalOrders = 0;
      let completedOrders = 0;
      let cancelled = 0;
      const byType = new Map<ServiceType, number>();
      const trend = buckets.map((b) => ({
        from: b.from.toISOString(),
        to: b.to.toISOString(),
        total: 0,
        completed: 0,
        inProgress: 0,
        pending: 0,
      }));
      for (const g of created) {
        totalOrders += g.n;
        if (g.status === 'completed') completedOrders += g.n;
        if (g.status === 'cancelled') cancelled += g.n;
        byType.set(g.serviceType, (byType.get(g.serviceType) ?? 0) + g.n);
        const point = trend[g.bucket - 1];
        if (point) {
          point.total += g.n;
          const group = GROUP_OF.get(g.status);
          if (group) point[group] += g.n;
        }
      }

      let resolvedOrders = 0;
      let resolvedSeconds = 0;
      const perTech = new Map<string, (typeof perTechnician)[number]>();
      for (const f of perTechnician) {
        resolvedOrders += f.resolved;
        resolvedSeconds += f.seconds;
        if (f.technicianId) perTech.set(f.technicianId, f);
      }

      const technicianRows: DashboardTechnician[] = [];
      for (const t of names) {
        const figures = perTech.get(t.id);
        // Inactive technicians show only while they have figures in the period.
        if (!t.isActive && !figures?.assigned && !figures?.resolved) continue;
        const assigned = figures?.assigned ?? 0;
        const done = figures?.completed ?? 0;
        technicianRows.push({
          technicianId: t.id,
          name: t.name,
          assigned,
          completed: done,
          completionRate: rate(done, assigned - (figures?.cancelled ?? 0)),
          averageResolutionHours: figures?.resolved ? hours(figures.seconds, figures.resolved) : null,
          rating: ratingOf?.get(t.id) ?? null,
        });
      }

      return {
        period: query.period,
        timeZone,
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        bucket: range.bucket,
        totalOrders,
        waitingForService,
        completedOrders,
        countedOrders: totalOrders - cancelled,
        completionRate: rate(completedOrders, totalOrders - cancelled),
        resolvedOrders,
        averageResolutionHours: hours(resolvedSeconds, resolvedOrders),
        revenue,
        technicians: technicianRows,
        trend,
        serviceTypes: SERVICE_TYPES.map((serviceType) => ({
          serviceType,
          count: byType.get(serviceType) ?? 0,
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
