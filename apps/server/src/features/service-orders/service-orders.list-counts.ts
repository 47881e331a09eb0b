import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { namedRows } from '../../db/named-rows.ts';
import {
  serviceOrderCounts as c,
  serviceOrderDays,
  serviceOrderTechnicianDays,
} from '../../db/schema/service-orders.ts';
import { placeholderValues, type TenantScope } from '../../db/tenant.ts';
import type { OrderFilters } from './service-orders.filters.ts';

// The order list's total from the orders' roll-ups (migration 0049, decision 082) when its filters
// are what a roll-up keeps: a dashboard link's "orders created this year" is then a sum over the
// year's days plus the orders of the two partial days at its ends, not a count of 100,000 orders.
// Filters a roll-up does not keep (customer, product, priority with dates, ...) count the orders.

type Plan =
  /** No dates: service_order_counts by status, priority and type. */
  | { kind: 'groups' }
  /** Created in a range, by status and type: service_order_days. */
  | { kind: 'created'; from?: string; to?: string }
  /** One technician's orders created in a range, all, completed or cancelled: the technician days. */
  | {
      kind: 'technician';
      technicianId: string;
      value: 'assigned' | 'completed' | 'cancelled';
      from?: string;
      to?: string;
    }
  /** Completed in a range (the status filter is exactly "completed"), any or one technician. */
  | { kind: 'completed'; technicianId?: string; from?: string; to?: string };

/** Which roll-up answers these filters' count, if one does. */
export function rollupPlan(f: OrderFilters): Plan | undefined {
  if (f.text || f.customerName || f.orderNumber || f.email || f.phone || f.serialNumber) return undefined;
  if (f.customerId || f.relatedProductId) return undefined;
  const created = f.createdFrom !== undefined || f.createdTo !== undefined;
  const completed = f.completedFrom !== undefined || f.completedTo !== undefined;
  const status = f.status ?? [];
  const priority = f.priority?.length ?? 0;
  const types = f.serviceType?.length ?? 0;
  const range = (from?: string, to?: string) => ({
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
  if (completed) {
    if (created || priority || types || status.length !== 1 || status[0] !== 'completed') return undefined;
    return {
      kind: 'completed',
      ...(f.assignedTechnicianId ? { technicianId: f.assignedTechnicianId } : {}),
      ...range(f.completedFrom, f.completedTo),
    };
  }
  if (f.assignedTechnicianId) {
    if (priority || types || status.length > 1) return undefined;
    const value =
      status.length === 0
        ? 'assigned'
        : status[0] === 'completed'
          ? 'completed'
          : status[0] === 'cancelled'
            ? 'cancelled'
            : undefined;
    if (!value) return undefined;
    return {
      kind: 'technician',
      technicianId: f.assignedTechnicianId,
      value,
      ...range(f.createdFrom, f.createdTo),
    };
  }
  if (!created) return { kind: 'groups' };
  if (priority) return undefined;
  return { kind: 'created', ...range(f.createdFrom, f.createdTo) };
}

const inList = (column: SQL, values: readonly string[] | undefined) =>
  values?.length
    ? sql` and ${column} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql``;

export function createRollupCounts(db: Db) {
  // The common case, a plain list with or without status, priority or type: one prepared statement,
  // its one row read as the driver makes it (drizzle's mapping cost more than the sum: item 1).
  const groupsStatement = namedRows<{ n: string }>(
    db,
    'so_list_count_groups',
    db
      .select({ n: sql<string>`coalesce(sum(${c.orders}), 0)::text`.as('n') })
      .from(c)
      .where(
        sql`${c.servicePartnerId} = ${sql.placeholder('partnerId')}
        and (${sql.placeholder('status')}::text[] is null or ${c.status} = any(${sql.placeholder('status')}::text[]))
        and (${sql.placeholder('priority')}::text[] is null or ${c.priority} = any(${sql.placeholder('priority')}::text[]))
        and (${sql.placeholder('serviceType')}::text[] is null or ${c.serviceType} = any(${sql.placeholder('serviceType')}::text[]))`,
      )
      .toSQL(),
  );

  /**
   * Σ `value` over the roll-up's whole days inside [from, to) plus the orders of the partial days
   * at its ends, counted from the orders: the partner's days in its time zone, as the roll-ups
   * keep them. A day d is whole when [midnight d, midnight d+1) lies inside the range.
   */
  async function overDays(
    scope: TenantScope,
    rollup: typeof serviceOrderDays | typeof serviceOrderTechnicianDays,
    value: SQL,
    rollupConditions: SQL,
    orderConditions: SQL,
    instant: SQL,
    from: string | undefined,
    to: string | undefined,
  ): Promise<number> {
    const partner = sql`${scope.partnerId}::uuid`;
    const fromSql = from ? sql`${from}::timestamptz` : sql`null::timestamptz`;
    const toSql = to ? sql`${to}::timestamptz` : sql`null::timestamptz`;
    // Both drivers answer db.execute with { rows: [...] } of plain objects.
    // The bounds are computed once (b) and reach each part as a scalar subquery, which PostgreSQL
    // evaluates first and uses as the index range: the edges read their day's orders only.
    const result: unknown = await db.execute(sql`
      with z as (select time_zone as tz from service_partners where id = ${partner}),
      d as (
        select z.tz,
               case when (${fromSql} at time zone z.tz)::time = '00:00' then (${fromSql} at time zone z.tz)::date
                    else (${fromSql} at time zone z.tz)::date + 1 end as first_day,
               (${toSql} at time zone z.tz)::date as end_day
          from z),
      b as (
        select first_day, end_day,
               least(${toSql}, first_day::timestamp at time zone tz) as head_to,
               greatest(${fromSql}, greatest(end_day, first_day)::timestamp at time zone tz) as tail_from
          from d)
      select ((
        select coalesce(sum(${value}), 0) from ${rollup} r
         where r.service_partner_id = ${partner}${rollupConditions}
           and r.day >= coalesce((select first_day from b), '-infinity'::date)
           and r.day < coalesce((select end_day from b), 'infinity'::date)
      ) + (
        select count(*) from service_orders o
         where o.service_partner_id = ${partner}${orderConditions}
           and ${instant} >= ${fromSql} and ${instant} < (select head_to from b)
      ) + (
        select count(*) from service_orders o
         where o.service_partner_id = ${partner}${orderConditions}
           and ${instant} >= (select tail_from from b) and ${instant} < ${toSql}
      ))::text as n`);
    return Number((result as { rows: { n: string }[] }).rows[0]?.n ?? 0);
  }

  async function groups(scope: TenantScope, f: OrderFilters): Promise<number> {
    const [row] = await groupsStatement(
      placeholderValues(scope, {
        status: f.status?.length ? [...f.status] : null,
        priority: f.priority?.length ? [...f.priority] : null,
        serviceType: f.serviceType?.length ? [...f.serviceType] : null,
      }),
    );
    return Number(row?.n ?? 0);
  }

  return {
    /** All of the partner's orders. */
    partnerOrders: (scope: TenantScope) => groups(scope, {}),

    /** The list's total from a roll-up, or undefined when no roll-up keeps these filters. */
    async count(scope: TenantScope, f: OrderFilters): Promise<number | undefined> {
      const plan = rollupPlan(f);
      if (!plan) return undefined;
      switch (plan.kind) {
        case 'groups':
          return groups(scope, f);
        case 'created':
          return overDays(
            scope,
            serviceOrderDays,
            sql`r.orders`,
            sql`${inList(sql`r.status`, f.status)}${inList(sql`r.service_type`, f.serviceType)}`,
            sql`${inList(sql`o.status`, f.status)}${inList(sql`o.service_type`, f.serviceType)}`,
            sql`o.created_at`,
            plan.from,
            plan.to,
          );
        case 'technician':
          return overDays(
            scope,
            serviceOrderTechnicianDays,
            sql.raw(`r.${plan.value}`),
            sql` and r.technician_id = ${plan.technicianId}::uuid`,
            sql` and o.assigned_technician_id = ${plan.technicianId}::uuid${
              plan.value === 'assigned' ? sql`` : sql` and o.status = ${plan.value}`
            }`,
            sql`o.created_at`,
            plan.from,
            plan.to,
          );
        case 'completed':
          return overDays(
            scope,
            serviceOrderTechnicianDays,
            sql`r.resolved`,
            plan.technicianId ? sql` and r.technician_id = ${plan.technicianId}::uuid` : sql``,
            sql` and o.status = 'completed'${
              plan.technicianId ? sql` and o.assigned_technician_id = ${plan.technicianId}::uuid` : sql``
            }`,
            sql`o.completed_at`,
            plan.from,
            plan.to,
          );
      }
    },
  };
}
