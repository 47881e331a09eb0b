import { arrayContains, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { TeamQuery } from '@service-portal/shared/users';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { escapeLike } from '../../db/sql-helpers.ts';

const columns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roles: users.roles,
  isActive: users.isActive,
  department: users.department,
  jobTitle: users.jobTitle,
  phoneNumber: users.phoneNumber,
};

export function createUsersRepository(db: Db) {
  return {
    async list(scope: TenantScope, query: TeamQuery) {
      let search: SQL | undefined;
      if (query.search) {
        const like = `%${escapeLike(query.search)}%`;
        search = or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like));
      }
      const where = scoped(users, scope, search);
      const [items, totals] = await Promise.all([
        db
          .select(columns)
          .from(users)
          .where(where)
          .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { items, total: totals[0]?.n ?? 0 };
    },

    /** The partner's active Administrators (whom the portal tells about the partner's setup). */
    async administrators(scope: TenantScope): Promise<{ email: string; firstName: string }[]> {
      return db
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(scoped(users, scope, eq(users.isActive, true), arrayContains(users.roles, ['Administrator'])))
        .orderBy(asc(users.email));
    },

    async get(scope: TenantScope, id: string) {
      const rows = await db
        .select(columns)
        .from(users)
        .where(scoped(users, scope, eq(users.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
