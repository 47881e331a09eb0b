import { and, asc, count, desc, eq, ilike, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type {
  RentalAvailability,
  RentalListQuery,
  RentalProductListQuery,
  RentalStatus,
} from '@service-portal/shared/rentals';
import { RENTAL_CONDITIONS } from '@service-portal/shared/rentals';
import type { Db } from '../../db/client.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import { rentalProducts, rentals } from '../../db/schema/rentals.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { escapeLike, pgCode, retryOnContention } from '../../db/sql-helpers.ts';
import { asWriteMiss, type WriteMiss } from './rentals.write-miss.ts';
import { availabilityOf, createRentalCalendarRepository, statusSql } from './rentals.calendar.repository.ts';
import { createRentalRemindersRepository } from './rentals.reminders.repository.ts';
import { createRentalHandOverRepository } from './rentals.handover.repository.ts';
import { overdueSql } from './rentals.overdue-sql.ts';

const p = rentalProducts;
const r = rentals;

export type RentalProductRow = typeof rentalProducts.$inferSelect & {
  availability: RentalAvailability;
  currentRentalId: string | null;
  nextBookingStart: string | null;
};
export type RentalRow = typeof rentals.$inferSelect & {
  effectiveStatus: RentalStatus;
  unitName: string;
  serialNumber: string;
};
export type NewRental = Omit<
  typeof rentals.$inferInsert,
  'id' | 'servicePartnerId' | 'createdAt' | 'updatedAt' | 'version'
>;
export type RentalProductValues = Pick<
  typeof rentalProducts.$inferInsert,
  'name' | 'serialNumber' | 'condition' | 'isActive' | 'catalogProductId' | 'lateFeePerDayMinor' | 'notes'
>;

/** What a write ran into instead of succeeding. */

export function statusCondition(status: RentalStatus | 'open', today: string): SQL | undefined {
  switch (status) {
    case 'overdue':
      return overdueSql(r.status, r.dueDate, today);
    case 'active':
      return and(eq(r.status, 'active'), not(overdueSql(r.status, r.dueDate, today)));
    case 'open':
      return eq(r.status, 'active');
    default:
      return eq(r.status, status);
  }
}

const conditionRank = sql`array_position(array[${sql.join(
  RENTAL_CONDITIONS.map((c) => sql`${c}`),
  sql`, `,
)}]::text[], ${p.condition})`;

// Subqueries name their columns in full: in a single-table select Drizzle leaves columns bare, and
// a bare "id" inside the subquery would be the rental's, not the unit's.
const UNIT_ID = sql.raw('"rental_products"."id"');
const OUT_NOW = sql.raw(
  `exists (select 1 from "rentals" "ro" where "ro"."rental_product_id" = "rental_products"."id" and "ro"."status" = 'active')`,
);

function productExtras(today: string) {
  const current = sql`(select "rc"."id" from "rentals" "rc" where "rc"."rental_product_id" = ${UNIT_ID} and "rc"."status" = 'active' order by "rc"."start_date" limit 1)`;
  const currentOverdue = sql`exists (select 1 from "rentals" "rd" where "rd"."rental_product_id" = ${UNIT_ID} and ${overdueSql(sql.raw('"rd"."status"'), sql.raw('"rd"."due_date"'), today)})`;
  const availability = availabilityOf(currentOverdue, sql`${current} is not null`);
  const nextBooking = sql<
    string | null
  >`(select min("rb"."start_date")::text from "rentals" "rb" where "rb"."rental_product_id" = ${UNIT_ID} and "rb"."status" = 'booked' and "rb"."due_date" >= ${today}::date)`;
  return { availability, currentRentalId: sql<string | null>`${current}`, nextBookingStart: nextBooking };
}

export function createRentalsRepository(db: Db) {
  const rentalSelect = (today: string) => ({
    id: r.id,
    servicePartnerId: r.servicePartnerId,
    rentalProductId: r.rentalProductId,
    kind: r.kind,
    status: r.status,
    customerId: r.customerId,
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    customerPhone: r.customerPhone,
    startDate: r.startDate,
    dueDate: r.dueDate,
    returnedDate: r.returnedDate,
    dailyRateMinor: r.dailyRateMinor,
    weeklyRateMinor: r.weeklyRateMinor,
    lateFeePerDayMinor: r.lateFeePerDayMinor,
    currency: r.currency,
    depositMinor: r.depositMinor,
    notes: r.notes,
    returnCondition: r.returnCondition,
    returnNotes: r.returnNotes,
    charges: r.charges,
    totalMinor: r.totalMinor,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    bookedStartDate: r.bookedStartDate,
    handedOverAt: r.handedOverAt,
    version: r.version,
    effectiveStatus: statusSql(today),
    unitName: p.name,
    serialNumber: p.serialNumber,
  });

  const productSelect = (today: string) => ({
    id: p.id,
    servicePartnerId: p.servicePartnerId,
    name: p.name,
    serialNumber: p.serialNumber,
    condition: p.condition,
    isActive: p.isActive,
    catalogProductId: p.catalogProductId,
    lateFeePerDayMinor: p.lateFeePerDayMinor,
    notes: p.notes,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    version: p.version,
    ...productExtras(today),
  });

  function rentalSearch(text: string | undefined): SQL | undefined {
    if (!text) return undefined;
    const like = `%${escapeLike(text)}%`;
    return or(
      ilike(r.customerName, like),
      ilike(r.customerEmail, like),
      ilike(r.customerPhone, like),
      ilike(p.serialNumber, like),
      ilike(p.name, like),
    );
  }

  return {
    /** How many rentals and bookings a customer has (a customer merge's preview). */
    async countForCustomer(scope: TenantScope, customerId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(r)
        .where(scoped(r, scope, eq(r.customerId, customerId)));
      return row?.n ?? 0;
    },

    /**
     * A customer merge: the rentals and bookings of customer `fromId` now belong to `toId`, inside
     * the merge's transaction. The customer snapshot (name, e-mail, phone as at the rental) and the
     * version stay: an open form does not conflict because of it.
     */
    async reassignCustomer(scope: TenantScope, fromId: string, toId: string, tx: Db): Promise<number> {
      const rows = await tx
        .update(r)
        .set({ customerId: toId, updatedAt: sql`now()` })
        .where(scoped(r, scope, eq(r.customerId, fromId)))
        .returning({ id: r.id });
      return rows.length;
    },
    /** A rental's writes as one; overlapping bookings sent at once can deadlock: run again. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return retryOnContention(() => db.transaction((tx) => fn(tx)));
    },

    async partnerTimeZone(scope: TenantScope): Promise<string> {
      const rows = await db
        .select({ tz: servicePartners.timeZone })
        .from(servicePartners)
        .where(eq(servicePartners.id, scope.partnerId));
      return rows[0]?.tz ?? 'Europe/Oslo';
    },

    // --- rental products -----------------------------------------------------------------------

    async getProduct(scope: TenantScope, id: string, today: string, tx: Db = db) {
      const rows = await tx
        .select(productSelect(today))
        .from(p)
        .where(scoped(p, scope, eq(p.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async ownsProduct(scope: TenantScope, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: p.id })
        .from(p)
        .where(scoped(p, scope, eq(p.id, id)))
        .limit(1);
      return rows.length === 1;
    },

    async listProducts(
      scope: TenantScope,
      q: RentalProductListQuery,
      today: string,
    ): Promise<{ items: RentalProductRow[]; total: number }> {
      const extras = productExtras(today);
      const like = q.search ? `%${escapeLike(q.search)}%` : null;
      const where = scoped(
        p,
        scope,
        like ? or(ilike(p.name, like), ilike(p.serialNumber, like)) : undefined,
        q.includeInactive || q.availability === 'inactive' ? undefined : eq(p.isActive, true),
        q.availability ? sql`${extras.availability} = ${q.availability}` : undefined,
      );
      const name = sql`lower(${p.name})`;
      // Units of one model share a name: the serial number orders them (issue 31).
      const serial = asc(sql`lower(${p.serialNumber})`);
      const order: SQL[] = {
        name_asc: [asc(name), serial],
        name_desc: [desc(name), serial],
        condition_best: [asc(conditionRank), asc(name), serial],
        condition_worst: [desc(conditionRank), asc(name), serial],
        serial: [serial],
      }[q.sort];
      const [items, totals] = await Promise.all([
        db
          .select(productSelect(today))
          .from(p)
          .where(where)
          .orderBy(...order, asc(p.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(p).where(where),
      ]);
      return { items: items, total: totals[0]?.n ?? 0 };
    },

    async insertProduct(
      scope: TenantScope,
      values: RentalProductValues,
    ): Promise<{ id: string } | WriteMiss> {
      try {
        const [row] = await db
          .insert(p)
          .values({ ...values, servicePartnerId: scope.partnerId })
          .returning({ id: p.id });
        if (!row) throw new Error('rental product insert returned nothing');
        return row;
      } catch (err) {
        return asWriteMiss(err);
      }
    },

    async updateProductIfVersion(
      scope: TenantScope,
      id: string,
      version: number | null,
      values: Partial<RentalProductValues>,
      tx: Db = db,
    ): Promise<boolean | WriteMiss> {
      try {
        const rows = await tx
          .update(p)
          .set({ ...values, updatedAt: sql`now()`, version: sql`${p.version} + 1` })
          .where(scoped(p, scope, eq(p.id, id), version === null ? undefined : eq(p.version, version)))
          .returning({ id: p.id });
        return rows.length === 1;
      } catch (err) {
        return asWriteMiss(err);
      }
    },

    async deleteProduct(scope: TenantScope, id: string): Promise<boolean | 'in_use'> {
      try {
        const rows = await db
          .delete(p)
          .where(scoped(p, scope, eq(p.id, id)))
          .returning({ id: p.id });
        return rows.length === 1;
      } catch (err) {
        if (pgCode(err) === '23503') return 'in_use';
        throw err;
      }
    },

    // --- rentals and bookings ------------------------------------------------------------------

    async getRental(scope: TenantScope, id: string, today: string, tx: Db = db): Promise<RentalRow | null> {
      const rows = await tx
        .select(rentalSelect(today))
        .from(r)
        .innerJoin(p, eq(p.id, r.rentalProductId))
        .where(scoped(r, scope, eq(r.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async listRentals(
      scope: TenantScope,
      q: RentalListQuery,
      today: string,
    ): Promise<{ items: RentalRow[]; total: number }> {
      const where = scoped(
        r,
        scope,
        q.status ? statusCondition(q.status, today) : undefined,
        q.kind ? eq(r.kind, q.kind) : undefined,
        q.rentalProductId ? eq(r.rentalProductId, q.rentalProductId) : undefined,
        rentalSearch(q.search),
      );
      const order = q.sort === 'oldest' ? [asc(r.createdAt), asc(r.id)] : [desc(r.createdAt), desc(r.id)];
      const [items, totals] = await Promise.all([
        db
          .select(rentalSelect(today))
          .from(r)
          .innerJoin(p, eq(p.id, r.rentalProductId))
          .where(where)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(r).innerJoin(p, eq(p.id, r.rentalProductId)).where(where),
      ]);
      return { items, total: totals[0]?.n ?? 0 };
    },

    /** Rentals matching `where` (dashboard lists), by due date. */
    async rentalsWhere(scope: TenantScope, today: string, where: SQL | undefined, limit = 50) {
      return db
        .select(rentalSelect(today))
        .from(r)
        .innerJoin(p, eq(p.id, r.rentalProductId))
        .where(scoped(r, scope, where))
        .orderBy(asc(r.dueDate), asc(r.id))
        .limit(limit);
    },

    /** Active rentals of the unit past their due date (the unit is still out). */
    async hasOverdue(scope: TenantScope, productId: string, today: string, exceptId: string | null, tx: Db) {
      const rows = await tx
        .select({ id: r.id })
        .from(r)
        .where(
          scoped(
            r,
            scope,
            eq(r.rentalProductId, productId),
            overdueSql(r.status, r.dueDate, today),
            exceptId ? ne(r.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insertRental(
      scope: TenantScope,
      values: NewRental,
      tx: Db = db,
    ): Promise<{ id: string } | WriteMiss> {
      try {
        const [row] = await tx
          .insert(r)
          .values({ ...values, servicePartnerId: scope.partnerId })
          .returning({ id: r.id });
        if (!row) throw new Error('rental insert returned nothing');
        return row;
      } catch (err) {
        return asWriteMiss(err);
      }
    },

    async updateRentalIfVersion(
      scope: TenantScope,
      id: string,
      version: number,
      values: Partial<NewRental>,
      tx: Db = db,
    ): Promise<boolean | WriteMiss> {
      try {
        const rows = await tx
          .update(r)
          .set({ ...values, updatedAt: sql`now()`, version: sql`${r.version} + 1` })
          .where(scoped(r, scope, eq(r.id, id), eq(r.version, version)))
          .returning({ id: r.id });
        return rows.length === 1;
      } catch (err) {
        return asWriteMiss(err);
      }
    },

    /** The dashboard's counts for the partner's `today` and the month that started `monthStart`. */
    async dashboardFigures(scope: TenantScope, today: string, monthStart: string) {
      const [units] = await db
        .select({
          total: sql<number>`count(*) filter (where "rental_products"."is_active")::int`,
          out: sql<number>`count(*) filter (where "rental_products"."is_active" and ${OUT_NOW})::int`,
          available: sql<number>`count(*) filter (where "rental_products"."is_active" and "rental_products"."condition" <> 'out_of_order' and not ${OUT_NOW})::int`,
        })
        .from(p)
        .where(scoped(p, scope));
      const [rent] = await db
        .select({
          overdue: sql<number>`count(*) filter (where ${overdueSql(r.status, r.dueDate, today)})::int`,
          upcoming: sql<number>`count(*) filter (where ${r.status} = 'booked' and ${r.startDate} >= ${today}::date)::int`,
          revenue: sql<number>`coalesce(sum(${r.totalMinor}) filter (where ${r.status} = 'returned' and ${r.returnedDate} >= ${monthStart}::date and ${r.returnedDate} <= ${today}::date), 0)::int`,
          rentedDays: sql<number>`coalesce(sum(greatest(0,
            least(case when ${r.status} = 'returned' then ${r.returnedDate} else ${today}::date end, ${today}::date)
            - greatest(${r.startDate}, ${monthStart}::date) + 1)) filter (where ${r.status} in ('active', 'returned')), 0)::int`,
        })
        .from(r)
        .where(scoped(r, scope));
      return {
        unitsTotal: units?.total ?? 0,
        out: units?.out ?? 0,
        available: units?.available ?? 0,
        overdue: rent?.overdue ?? 0,
        upcomingBookings: rent?.upcoming ?? 0,
        revenue: rent?.revenue ?? 0,
        rentedDays: rent?.rentedDays ?? 0,
      };
    },

    async serialHistory(scope: TenantScope, serial: string, today: string) {
      return db
        .select(rentalSelect(today))
        .from(r)
        .innerJoin(p, eq(p.id, r.rentalProductId))
        .where(scoped(r, scope, eq(sql`lower(${p.serialNumber})`, serial.trim().toLowerCase())))
        .orderBy(desc(r.startDate), desc(r.createdAt));
    },

    // --- settings and reminders (rentals.reminders.repository.ts) -----------------------------

    ...createRentalCalendarRepository(db),
    ...createRentalRemindersRepository(db),
    ...createRentalHandOverRepository(db),
  };
}

export type RentalsRepository = ReturnType<typeof createRentalsRepository>;
