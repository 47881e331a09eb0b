import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ApiScope } from '@service-portal/shared/api-tokens';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import { users } from '../../db/schema/users.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  tokenPrefix: apiTokens.tokenPrefix,
  scopes: apiTokens.scopes,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
};

export interface ApiTokenRow {
  id: string;
  name: string;
  tokenPrefix: string;
  scopes: ApiScope[];
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
}

export interface NewApiToken {
  name: string;
  tokenPrefix: string;
  tokenHash: string;
  scopes: ApiScope[];
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
}

export function createApiTokensRepository(db: Db) {
  const one = async (scope: TenantScope, id: string, tx: Db = db): Promise<ApiTokenRow | null> => {
    const rows = await tx
      .select(columns)
      .from(apiTokens)
      .leftJoin(users, eq(users.id, apiTokens.createdBy))
      .where(scoped(apiTokens, scope, eq(apiTokens.id, id)))
      .limit(1);
    return rows[0] ?? null;
  };

  return {
    get: one,

    /** Newest first; revoked and expired tokens stay listed so an Administrator sees what happened. */
    list(scope: TenantScope): Promise<ApiTokenRow[]> {
      return db
        .select(columns)
        .from(apiTokens)
        .leftJoin(users, eq(users.id, apiTokens.createdBy))
        .where(scoped(apiTokens, scope))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
    },

    /**
     * Inserts unless the partner already has `max` usable tokens; a per-partner lock keeps
     * two concurrent creations from both passing the count.
     */
    async insertWithin(scope: TenantScope, values: NewApiToken, max: number): Promise<ApiTokenRow | 'limit'> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`api-tokens:${scope.partnerId}`}, 0))`,
        );
        const [row] = await tx
          .select({ n: count() })
          .from(apiTokens)
          .where(
            scoped(apiTokens, scope, isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, values.createdAt)),
          );
        if ((row?.n ?? 0) >= max) return 'limit';
        const [inserted] = await tx
          .insert(apiTokens)
          .values({ ...values, servicePartnerId: scope.partnerId })
          .returning({ id: apiTokens.id });
        if (!inserted) throw new Error('insert returned no row');
        const created = await one(scope, inserted.id, tx);
        if (!created) throw new Error('inserted token not found');
        return created;
      });
    },

    /** Sets `revoked_at` once; true when this call revoked it. */
    async revoke(scope: TenantScope, id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(apiTokens)
        .set({ revokedAt: at })
        .where(and(scoped(apiTokens, scope, eq(apiTokens.id, id)), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id });
      return rows.length > 0;
    },
  };
}
