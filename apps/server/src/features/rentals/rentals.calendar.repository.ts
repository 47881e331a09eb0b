import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { RentalAvailability, RentalStatus } from '@service-portal/shared/rentals';
import type { Db } from '../../db/client.ts';
import { rentalProducts, rentals } from '../../db/schema/rentals.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { overdueSql } from './rentals.overdue-sql.ts';

// The calendar's reads (units with their availability, reservations over a range) and the status
// and availability rules in SQL that the other rentals reads share.

const p = rentalProducts;
const r = rentals;

/** The status a screen shows: the stored one, or `overdue` by the rule (`effectiveRentalStatus`). */
export function statusSql(today: string): SQL<RentalStatus> {
  return sql<RentalStatus>`case when ${overdueSql(r.status, r.dueDate, today)} then 'overdue' else ${r.status} end`;
}

/** A unit's availability, given whether it is out now (`out`) and overdue (`overdue`). */
export function availabilityOf(overdue: SQL, out: SQL): SQL<RentalAvailability> {
  return sql<RentalAvailability>`case
    when not "rental_products"."is_active" then 'inactive'
    when ${overdue} then 'overdue'
    when ${out} then 'rented'
    when "rental_products"."condition" = 'out_of_order' then 'out_of_order'
    else 'available' end`;
}

export function createRentalCalendarRepository(db: Db) {
  return {
    /**
     * Every unit of the partner (pickers and the calendar), active ones first, by name, with its
     * availability only. The partner's rentals out now are read once and joined, rather than
     * looked up per unit as the unit pages do (three subqueries a unit: 200 units took ≈ 600
     * index scans; bench/README.md, issue 33).
     */
    async productOptions(scope: TenantScope, today: string, includeInactive: boolean) {
      const out = db
        .select({
          unitId: sql<string>`${r.rentalProductId}`.as('unit_id'),
          overdue: sql<boolean>`bool_or(${overdueSql(r.status, r.dueDate, today)})`.as('overdue'),
        })
        .from(r)
        .where(scoped(r, scope, eq(r.status, 'active')))
        .groupBy(r.rentalProductId)
        .as('out_now');
      return db
        .select({
          id: p.id,
          name: p.name,
          serialNumber: p.serialNumber,
          condition: p.condition,
          isActive: p.isActive,
          availability: availabilityOf(sql`coalesce(${out.overdue}, false)`, sql`${out.unitId} is not null`),
        })
        .from(p)
        .leftJoin(out, eq(out.unitId, p.id))
        .where(scoped(p, scope, includeInactive ? undefined : eq(p.isActive, true)))
        .orderBy(desc(p.isActive), asc(sql`lower(${p.name})`), asc(sql`lower(${p.serialNumber})`), asc(p.id));
    },

    /**
     * Entries of the calendar: booked, active and returned reservations touching [from, to]. The
     * last day taken ("end": the return day, today while overdue, else the due date) is compared
     * as a date, and the window is said once per status so that each part is a range on an index
     * (booked and active by due date, returned by return day) instead of a pass over the
     * partner's whole history (bench/README.md, issue 33).
     */
    async calendarEntries(scope: TenantScope, from: string, to: string, today: string) {
      const end = sql<string>`(case
        when ${r.status} = 'returned' then ${r.returnedDate}
        when ${r.status} = 'active' and ${r.dueDate} < ${today}::date then ${today}::date
        else ${r.dueDate} end)`;
      return db
        .select({
          id: r.id,
          rentalProductId: r.rentalProductId,
          kind: r.kind,
          status: statusSql(today),
          startDate: r.startDate,
          endDate: sql<string>`${end}::text`,
          customerName: r.customerName,
        })
        .from(r)
        .where(
          scoped(
            r,
            scope,
            lte(r.startDate, to),
            or(
              and(inArray(r.status, ['booked', 'active']), gte(r.dueDate, from)),
              // Overdue: shown up to today.
              and(
                eq(r.status, 'active'),
                sql`${r.dueDate} < ${today}::date`,
                sql`${today}::date >= ${from}::date`,
              ),
              and(eq(r.status, 'returned'), gte(r.returnedDate, from)),
            ),
          ),
        )
        .orderBy(asc(r.startDate));
    },
  };
}
