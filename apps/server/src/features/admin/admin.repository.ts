import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@service-portal/shared/auth';
import type { AdminUserListQuery, ServicePartnerListQuery } from '@service-portal/shared/admin';
import type { Db } from '../../db/client.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import { users } from '../../db/schema/users.ts';
import { escapeLike, pgCode } from '../../db/sql-helpers.ts';

// Administration is above the partners: these queries are deliberately not tenant-scoped (the
// routes are for global administrators only, `access: GLOBAL_ADMIN`, `tenant: 'none'`).

/** The unique index (partner name, user e-mail) refused the write: a race the service's check lost. */
function duplicateOr(err: unknown): 'duplicate' {
  if (pgCode(err) === '23505') return 'duplicate';
  throw err;
}

const sp = servicePartners;

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roles: users.roles,
  isActive: users.isActive,
  isGlobalAdmin: users.isGlobalAdmin,
  servicePartnerId: users.servicePartnerId,
  servicePartnerName: sp.name,
  department: users.department,
  jobTitle: users.jobTitle,
  phoneNumber: users.phoneNumber,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  version: users.version,
};

export interface PartnerValues {
  name: string;
  isActive?: boolean;
  timeZone?: string;
}

export interface UserValues {
  firstName: string;
  lastName: string;
  servicePartnerId: string | null;
  roles: Role[];
  isActive: boolean;
  isGlobalAdmin: boolean;
  department: string | null;
  jobTitle: string | null;
  phoneNumber: string | null;
}

export function createAdminRepository(db: Db) {
  function partnerQuery(tx: Db) {
    const counts = tx
      .select({
        partnerId: sql<string>`${users.servicePartnerId}`.as('partner_id'),
        userCount: sql<number>`count(*)::int`.as('user_count'),
        activeUserCount: sql<number>`(count(*) filter (where ${users.isActive}))::int`.as(
          'active_user_count',
        ),
      })
      .from(users)
      .groupBy(users.servicePartnerId)
      .as('user_counts');
    return tx
      .select({
        id: sp.id,
        name: sp.name,
        isActive: sp.isActive,
        timeZone: sp.timeZone,
        createdAt: sp.createdAt,
        updatedAt: sp.updatedAt,
        version: sp.version,
        userCount: sql<number>`coalesce(${counts.userCount}, 0)`.mapWith(Number),
        activeUserCount: sql<number>`coalesce(${counts.activeUserCount}, 0)`.mapWith(Number),
      })
      .from(sp)
      .leftJoin(counts, eq(counts.partnerId, sp.id));
  }

  return {
    // --- service partners ------------------------------------------------------------------------

    async listPartners(q: ServicePartnerListQuery) {
      const where = q.search ? ilike(sp.name, `%${escapeLike(q.search)}%`) : undefined;
      const [items, totals] = await Promise.all([
        partnerQuery(db)
          .where(where)
          .orderBy(asc(sql`lower(${sp.name})`), asc(sp.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(sp).where(where),
      ]);
      return { items, total: totals[0]?.n ?? 0 };
    },

    async getPartner(id: string) {
      const rows = await partnerQuery(db).where(eq(sp.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async partnerExists(id: string): Promise<boolean> {
      const rows = await db.select({ id: sp.id }).from(sp).where(eq(sp.id, id)).limit(1);
      return rows.length === 1;
    },

    async partnerNameTaken(name: string, exceptId: string | null): Promise<boolean> {
      const rows = await db
        .select({ id: sp.id })
        .from(sp)
        .where(
          and(eq(sql`lower(${sp.name})`, name.toLowerCase()), exceptId ? ne(sp.id, exceptId) : undefined),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insertPartner(values: PartnerValues): Promise<{ id: string } | 'duplicate'> {
      try {
        const [row] = await db.insert(sp).values(values).returning({ id: sp.id });
        if (!row) throw new Error('service partner insert returned nothing');
        return row;
      } catch (err) {
        return duplicateOr(err);
      }
    },

    /** true when applied; false when the version is stale or the partner is gone. */
    async updatePartnerIfVersion(
      id: string,
      version: number,
      values: PartnerValues,
    ): Promise<boolean | 'duplicate'> {
      try {
        const rows = await db
          .update(sp)
          .set({ ...values, updatedAt: sql`now()`, version: sql`${sp.version} + 1` })
          .where(and(eq(sp.id, id), eq(sp.version, version)))
          .returning({ id: sp.id });
        return rows.length === 1;
      } catch (err) {
        return duplicateOr(err);
      }
    },

    /** Active partners by name, for a global administrator's acting-partner switcher. */
    async activePartners() {
      return db
        .select({ id: sp.id, name: sp.name, timeZone: sp.timeZone })
        .from(sp)
        .where(eq(sp.isActive, true))
        .orderBy(asc(sql`lower(${sp.name})`), asc(sp.id));
    },

    // --- users -------------------------------------------------------------------------------------

    async listUsers(q: AdminUserListQuery) {
      let search: SQL | undefined;
      if (q.search) {
        const like = `%${escapeLike(q.search)}%`;
        search = or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
          ilike(users.email, like),
        );
      }
      const where = and(
        search,
        q.servicePartnerId ? eq(users.servicePartnerId, q.servicePartnerId) : undefined,
        q.isActive === undefined ? undefined : eq(users.isActive, q.isActive),
      );
      const [items, totals] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .leftJoin(sp, eq(sp.id, users.servicePartnerId))
          .where(where)
          .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { items, total: totals[0]?.n ?? 0 };
    },

    async getUser(id: string) {
      const rows = await db
        .select(userColumns)
        .from(users)
        .leftJoin(sp, eq(sp.id, users.servicePartnerId))
        .where(eq(users.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async emailTaken(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return rows.length > 0;
    },

    async insertUser(values: UserValues & { email: string }): Promise<{ id: string } | 'duplicate'> {
      try {
        const [row] = await db
          .insert(users)
          .values({ ...values, email: values.email.toLowerCase() })
          .returning({ id: users.id });
        if (!row) throw new Error('user insert returned nothing');
        return row;
      } catch (err) {
        return duplicateOr(err);
      }
    },

    /** true when applied; false when the version is stale or the user is gone. */
    async updateUserIfVersion(id: string, version: number, values: UserValues): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
        .where(and(eq(users.id, id), eq(users.version, version)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
