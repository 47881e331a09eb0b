import { z } from 'zod';
import { serviceTypeSchema, type ServiceOrderStatus } from './service-orders.ts';
import { moneySchema } from './work-logs.ts';
import { zonedDay, zonedMidnight } from './zoned-days.ts';

export { zonedDay, zonedMidnight };

/** The dashboard's period selector (product.md "Dashboard figures"). */
export const DASHBOARD_PERIODS = ['this_month', 'last_30_days', 'this_quarter', 'this_year'] as const;
export const dashboardPeriodSchema = z.enum(DASHBOARD_PERIODS);
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;

/** How the trend chart groups the period: days up to a month, weeks for a quarter, months for a year. */
export const TREND_BUCKETS = ['day', 'week', 'month'] as const;
export type TrendBucket = (typeof TREND_BUCKETS)[number];

/** The trend chart's status groups (product.md); cancelled orders count in the total only. */
export const TREND_GROUPS = {
  pending: ['created', 'scheduled', 'on_hold'],
  inProgress: ['in_progress', 'waiting_for_parts', 'ready_for_pickup'],
  completed: ['completed'],
} as const satisfies Record<string, readonly ServiceOrderStatus[]>;
export type TrendGroup = keyof typeof TREND_GROUPS;

export const dashboardQuerySchema = z.object({
  period: dashboardPeriodSchema.default('this_month'),
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

export const dashboardTechnicianSchema = z.object({
  technicianId: z.uuid(),
  name: z.string(),
  /** Orders created in the period and assigned to the technician. */
  assigned: z.number().int(),
  /** Of those, the ones completed now. */
  completed: z.number().int(),
  /** completed ÷ (assigned − cancelled), 0–1; null when nothing counts. */
  completionRate: z.number().nullable(),
  /** Mean of completedAt − createdAt over their orders completed in the period, in hours. */
  averageResolutionHours: z.number().nullable(),
  /** Mean of customers' 1–5 ratings; null until ratings exist. */
  rating: z.number().nullable(),
});
export type DashboardTechnician = z.infer<typeof dashboardTechnicianSchema>;

export const trendPointSchema = z.object({
  /** The bucket's first instant (midnight in the partner's zone), and the next bucket's. */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  total: z.number().int(),
  completed: z.number().int(),
  inProgress: z.number().int(),
  pending: z.number().int(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

/** GET /dashboard: the figures of the partner for the period (product.md "Dashboard figures"). */
export const dashboardSchema = z.object({
  period: dashboardPeriodSchema,
  timeZone: z.string(),
  /** The period as instants: [from, to). `to` is the moment of the answer. */
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  bucket: z.enum(TREND_BUCKETS),
  /** Orders created in the period. */
  totalOrders: z.number().int(),
  /** Open now and not being worked on, whenever created. */
  waitingForService: z.number().int(),
  /** Orders created in the period and completed now (the completion rate's numerator). */
  completedOrders: z.number().int(),
  /** Orders created in the period, cancelled ones left out (its denominator). */
  countedOrders: z.number().int(),
  /** completed ÷ counted, 0–1; null when nothing counts. */
  completionRate: z.number().nullable(),
  /** Orders completed in the period (the resolution time's and the revenue's orders). */
  resolvedOrders: z.number().int(),
  /** Mean of completedAt − createdAt over orders completed in the period, in hours (2 decimals). */
  averageResolutionHours: z.number().nullable(),
  /** Work-log costs + spare-part lines of the orders completed in the period, per currency. */
  revenue: z.array(moneySchema),
  technicians: z.array(dashboardTechnicianSchema),
  trend: z.array(trendPointSchema),
  serviceTypes: z.array(z.object({ serviceType: serviceTypeSchema, count: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Periods in a time zone (pure; the server decides, the web shows)

export interface PeriodRange {
  from: Date;
  to: Date;
  bucket: TrendBucket;
}

/**
 * The period as instants in the partner's zone: this month / quarter / year start at local
 * midnight of their first day; the last 30 days start at local midnight 29 days before today
 * (today and the 29 days before it). All end now.
 */
export function periodRange(period: DashboardPeriod, now: Date, timeZone: string): PeriodRange {
  const { year, month, day } = zonedDay(timeZone, now);
  switch (period) {
    case 'this_month':
      return { from: zonedMidnight(timeZone, year, month, 1), to: now, bucket: 'day' };
    case 'last_30_days':
      return { from: zonedMidnight(timeZone, year, month, day - 29), to: now, bucket: 'day' };
    case 'this_quarter':
      return {
        from: zonedMidnight(timeZone, year, month - ((month - 1) % 3), 1),
        to: now,
        bucket: 'week',
      };
    case 'this_year':
      return { from: zonedMidnight(timeZone, year, 1, 1), to: now, bucket: 'month' };
  }
}

/**
 * The trend's buckets over [from, to): calendar days, weeks of 7 days from the period's first day,
 * or calendar months, each starting at local midnight. The last one ends at `to`.
 */
export function trendBuckets(range: PeriodRange, timeZone: string): { from: Date; to: Date }[] {
  const start = zonedDay(timeZone, range.from);
  const out: { from: Date; to: Date }[] = [];
  const step = range.bucket === 'week' ? 7 : 1;
  for (let i = 0; ; i++) {
    const from =
      range.bucket === 'month'
        ? zonedMidnight(timeZone, start.year, start.month + i, 1)
        : zonedMidnight(timeZone, start.year, start.month, start.day + i * step);
    if (from.getTime() >= range.to.getTime()) break;
    const next =
      range.bucket === 'month'
        ? zonedMidnight(timeZone, start.year, start.month + i + 1, 1)
        : zonedMidnight(timeZone, start.year, start.month, start.day + (i + 1) * step);
    out.push({ from, to: next.getTime() < range.to.getTime() ? next : range.to });
    if (i > 400) break;
  }
  return out;
}
