import { and, asc, count, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { WorkingHours } from '@service-portal/shared/technicians';
import type { TechnicianListQuery } from '@service-portal/shared/technicians';
import { OPEN_STATUSES } from '@service-portal/shared/service-orders';
import type { Db } from '../../db/client.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { technicianDaysOff, technicians } from '../../db/schema/technicians.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { escapeLike } from '../../db/sql-helpers.ts';

const columns = {
  id: technicians.id,
  userId: technicians.userId,
  firstName: technicians.firstName,
  lastName: technicians.lastName,
  email: technicians.email,
  phoneNumber: technicians.phoneNumber,
  jobTitle: technicians.jobTitle,
  department: technicians.department,
  isActive: technicians.isActive,
  workingHours: technicians.workingHours,
  createdAt: technicians.createdAt,
  updatedAt: technicians.updatedAt,
  version: technicians.version,
};

export type TechnicianRow = Pick<typeof technicians.$inferSelect, keyof typeof columns>;

export interface TechnicianValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  jobTitle: string | null;
  department: string | null;
}

const dayOffColumns = {
  id: technicianDaysOff.id,
  technicianId: technicianDaysOff.technicianId,
  date: technicianDaysOff.date,
  reason: technicianDaysOff.reason,
};
export type DayOffRow = { id: string; technicianId: string; date: string; reason: string | null };
const UNIQUE_VIOLATION = '23505';
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

const o = serviceOrders;

/** Moves the technician's `updated_at` without a new version (a day off is not an edit of the form). */
async function touch(scope: TenantScope, technicianId: string, tx: Db): Promise<void> {
  await tx
    .update(technicians)
    .set({ updatedAt: sql`now()` })
    .where(scoped(technicians, scope, eq(technicians.id, technicianId)));
}

export function createTechniciansRepository(db: Db) {
  return {
    /** Runs `fn` in one transaction; every query inside must use the `tx` it is given. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    async get(scope: TenantScope, id: string, tx: Db = db): Promise<TechnicianRow | null> {
      const rows = await tx
        .select(columns)
        .from(technicians)
        .where(scoped(technicians, scope, eq(technicians.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The global search's technicians: name, e-mail or phone containing the text, exact e-mail or phone first. */
    async search(scope: TenantScope, text: string, limit: number) {
      const like = `%${escapeLike(text)}%`;
      const lower = text.toLowerCase();
      const exact = or(
        eq(sql`lower(${technicians.email})`, lower),
        eq(sql`lower(coalesce(${technicians.phoneNumber}, ''))`, lower),
      );
      return db
        .select({ ...columns, exact: sql<boolean>`${exact}` })
        .from(technicians)
        .where(
          scoped(
            technicians,
            scope,
            or(
              ilike(sql`${technicians.firstName} || ' ' || ${technicians.lastName}`, like),
              ilike(technicians.email, like),
              ilike(sql`coalesce(${technicians.phoneNumber}, '')`, like),
            ),
          ),
        )
        .orderBy(
          sql`${exact} desc`,
          asc(technicians.lastName),
          asc(technicians.firstName),
          asc(technicians.id),
        )
        .limit(limit);
    },

    /** Every technician of the partner, for labels (the dashboard's table). */
    async names(scope: TenantScope) {
      return db
        .select({
          id: technicians.id,
          firstName: technicians.firstName,
          lastName: technicians.lastName,
          isActive: technicians.isActive,
        })
        .from(technicians)
        .where(scoped(technicians, scope))
        .orderBy(asc(technicians.lastName), asc(technicians.firstName), asc(technicians.id));
    },

    async list(
      scope: TenantScope,
      q: TechnicianListQuery,
    ): Promise<{ items: TechnicianRow[]; total: number }> {
      let search: SQL | undefined;
      if (q.search) {
        const like = `%${escapeLike(q.search)}%`;
        search = or(
          ilike(sql`${technicians.firstName} || ' ' || ${technicians.lastName}`, like),
          ilike(technicians.email, like),
          ilike(sql`coalesce(${technicians.phoneNumber}, '')`, like),
          ilike(sql`coalesce(${technicians.jobTitle}, '')`, like),
          ilike(sql`coalesce(${technicians.department}, '')`, like),
        );
      }
      const where = scoped(
        technicians,
        scope,
        search,
        q.isActive === undefined ? undefined : eq(technicians.isActive, q.isActive),
      );
      const [items, totals] = await Promise.all([
        db
          .select(columns)
          .from(technicians)
          .where(where)
          .orderBy(asc(technicians.lastName), asc(technicians.firstName), asc(technicians.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(technicians).where(where),
      ]);
      return { items, total: totals[0]?.n ?? 0 };
    },

    /**
     * Serialises technician writes per partner until the transaction ends: e-mails are unique per
     * partner (any case) by rule, not by index, so check-then-write must not interleave.
     */
    async lockWrites(scope: TenantScope, tx: Db): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`technicians:${scope.partnerId}`}, 0))`,
      );
    },

    async emailTaken(scope: TenantScope, email: string, exceptId: string | null, tx: Db): Promise<boolean> {
      const rows = await tx
        .select({ id: technicians.id })
        .from(technicians)
        .where(
          scoped(
            technicians,
            scope,
            eq(sql`lower(${technicians.email})`, email.toLowerCase()),
            exceptId ? ne(technicians.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insert(scope: TenantScope, values: TechnicianValues, tx: Db): Promise<TechnicianRow> {
      const [row] = await tx
        .insert(technicians)
        .values({ ...values, servicePartnerId: scope.partnerId })
        .returning(columns);
      if (!row) throw new Error('technician insert returned nothing');
      return row;
    },

    /** Applies the change only if the stored version is still `version`; null otherwise. */
    async updateIfVersion(
      scope: TenantScope,
      id: string,
      version: number,
      values: Partial<TechnicianValues> & { isActive?: boolean; workingHours?: WorkingHours },
      tx: Db = db,
    ): Promise<TechnicianRow | null> {
      const [row] = await tx
        .update(technicians)
        .set({ ...values, updatedAt: sql`now()`, version: sql`${technicians.version} + 1` })
        .where(scoped(technicians, scope, eq(technicians.id, id), eq(technicians.version, version)))
        .returning(columns);
      return row ?? null;
    },

    async partnerTimeZone(scope: TenantScope): Promise<string> {
      const rows = await db
        .select({ timeZone: servicePartners.timeZone })
        .from(servicePartners)
        .where(eq(servicePartners.id, scope.partnerId))
        .limit(1);
      return rows[0]?.timeZone ?? 'Europe/Oslo';
    },

    /** The technician's days off in [from, to], by date. */
    async listDaysOff(
      scope: TenantScope,
      technicianId: string,
      from: string,
      to: string,
    ): Promise<DayOffRow[]> {
      return db
        .select(dayOffColumns)
        .from(technicianDaysOff)
        .where(
          scoped(
            technicianDaysOff,
            scope,
            and(
              eq(technicianDaysOff.technicianId, technicianId),
              gte(technicianDaysOff.date, from),
              lte(technicianDaysOff.date, to),
            ),
          ),
        )
        .orderBy(asc(technicianDaysOff.date));
    },

    /**
     * Adds a day off; 'taken' when the technician has that day off already. The technician's
     * `updated_at` moves too, so open boards see the change (their freshness cursor reads it).
     */
    async insertDayOff(
      scope: TenantScope,
      technicianId: string,
      values: { date: string; reason: string | null },
    ): Promise<DayOffRow | 'taken'> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(technicianDaysOff)
            .values({ ...values, technicianId, servicePartnerId: scope.partnerId })
            .returning(dayOffColumns);
          if (!row) throw new Error('day off insert returned nothing');
          await touch(scope, technicianId, tx);
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async deleteDayOff(scope: TenantScope, technicianId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(technicianDaysOff)
          .where(
            scoped(
              technicianDaysOff,
              scope,
              and(eq(technicianDaysOff.id, id), eq(technicianDaysOff.technicianId, technicianId)),
            ),
          )
          .returning({ id: technicianDaysOff.id });
        if (rows.length === 1) await touch(scope, technicianId, tx);
        return rows.length === 1;
      });
    },

    /**
     * Read-only aggregate over service_orders for the dashboard's technician row: one grouped
     * query on service_orders_partner_technician_idx. The orders themselves are the service-orders
     * feature's (GET /service-orders?assignedTechnicianId=…); this only counts them.
     */
    async stats(scope: TenantScope, technicianId: string) {
      const [row] = await db
        .select({
          assigned: sql<number>`count(*)::int`,
          open: sql<number>`(count(*) filter (where ${inArray(o.status, [...OPEN_STATUSES])}))::int`,
          completed: sql<number>`(count(*) filter (where ${o.status} = 'completed'))::int`,
          cancelled: sql<number>`(count(*) filter (where ${o.status} = 'cancelled'))::int`,
          avgResolutionSeconds: sql<
            string | number | null
          >`avg(extract(epoch from (${o.completedAt} - ${o.createdAt}))) filter (where ${o.status} = 'completed' and ${o.completedAt} is not null)`,
        })
        .from(o)
        .where(scoped(o, scope, eq(o.assignedTechnicianId, technicianId)));
      return {
        assigned: Number(row?.assigned ?? 0),
        open: Number(row?.open ?? 0),
        completed: Number(row?.completed ?? 0),
        cancelled: Number(row?.cancelled ?? 0),
        avgResolutionSeconds: row?.avgResolutionSeconds == null ? null : Number(row.avgResolutionSeconds),
      };
    },
  };
}

export type TechniciansRepository = ReturnType<typeof createTechniciansRepository>;
