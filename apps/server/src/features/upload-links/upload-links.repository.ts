import { and, desc, eq, gt, gte, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderRatings, uploadLinks, uploadVerificationFailures } from '../../db/schema/upload-links.ts';
import { users } from '../../db/schema/users.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

export interface LinkRow {
  id: string;
  servicePartnerId: string;
  serviceOrderId: string;
  sentVia: 'sms' | 'email' | 'none';
  createdById: string | null;
  createdByName: string | null;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  bytesUsed: number;
}

const l = uploadLinks;
const columns = {
  id: l.id,
  servicePartnerId: l.servicePartnerId,
  serviceOrderId: l.serviceOrderId,
  sentVia: l.sentVia,
  createdById: l.createdBy,
  createdByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  createdAt: l.createdAt,
  expiresAt: l.expiresAt,
  revokedAt: l.revokedAt,
  bytesUsed: l.bytesUsed,
};

/** The only Drizzle code of upload links, verification failures and ratings. */
export function createUploadLinksRepository(db: Db) {
  return {
    async insert(values: {
      servicePartnerId: string;
      serviceOrderId: string;
      tokenHash: string;
      sentVia: 'sms' | 'email' | 'none';
      createdBy: string | null;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<string> {
      const [row] = await db.insert(l).values(values).returning({ id: l.id });
      return row!.id;
    },

    async setCommunication(id: string, communicationId: string): Promise<void> {
      await db.update(l).set({ communicationId }).where(eq(l.id, id));
    },

    async get(scope: TenantScope, orderId: string, id: string): Promise<LinkRow | null> {
      const rows = await db
        .select(columns)
        .from(l)
        .leftJoin(users, eq(users.id, l.createdBy))
        .where(scoped(l, scope, eq(l.serviceOrderId, orderId), eq(l.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Not revoked and not expired at `now`, newest first. */
    async listActive(scope: TenantScope, orderId: string, now: Date): Promise<LinkRow[]> {
      return db
        .select(columns)
        .from(l)
        .leftJoin(users, eq(users.id, l.createdBy))
        .where(scoped(l, scope, eq(l.serviceOrderId, orderId), isNull(l.revokedAt), gt(l.expiresAt, now)))
        .orderBy(desc(l.createdAt));
    },

    async revoke(scope: TenantScope, orderId: string, id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(l)
        .set({ revokedAt: now })
        .where(scoped(l, scope, eq(l.serviceOrderId, orderId), eq(l.id, id), isNull(l.revokedAt)))
        .returning({ id: l.id });
      return rows.length > 0;
    },

    /** A link by its token's hash, whatever its partner (the token is the customer's key). */
    async byTokenHash(tokenHash: string): Promise<LinkRow | null> {
      const rows = await db
        .select(columns)
        .from(l)
        .leftJoin(users, eq(users.id, l.createdBy))
        .where(eq(l.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Takes `bytes` of the link's allowance in one statement, so parallel uploads cannot both fit. */
    async reserveBytes(id: string, bytes: number, max: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(l)
        .set({ bytesUsed: sql`${l.bytesUsed} + ${bytes}` })
        .where(
          and(
            eq(l.id, id),
            sql`${l.bytesUsed} + ${bytes} <= ${max}`,
            isNull(l.revokedAt),
            gt(l.expiresAt, now),
          ),
        )
        .returning({ id: l.id });
      return rows.length > 0;
    },

    async releaseBytes(id: string, bytes: number): Promise<void> {
      await db
        .update(l)
        .set({ bytesUsed: sql`greatest(0, ${l.bytesUsed} - ${bytes})` })
        .where(eq(l.id, id));
    },

    /**
     * Counts the subject's attempts since `since` and, under `max`, records this one, as one step:
     * a lock on the subject (any instance) is held from the count to the insert, so 50 parallel
     * attempts cannot all read a count under the limit (issue 32). The row stands for a failure
     * until the attempt proves right and `releaseAttempt` takes it back. Null: no attempt left.
     */
    async claimAttempt(subject: string, since: Date, max: number, at: Date): Promise<string | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`upload:${subject}`}, 0))`);
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(uploadVerificationFailures)
          .where(
            and(eq(uploadVerificationFailures.subject, subject), gte(uploadVerificationFailures.at, since)),
          );
        if ((row?.n ?? 0) >= max) return null;
        const [claimed] = await tx
          .insert(uploadVerificationFailures)
          .values({ subject, at })
          .returning({ id: uploadVerificationFailures.id });
        return claimed!.id;
      });
    },

    /** An attempt that proved right is no failure. */
    async releaseAttempt(id: string): Promise<void> {
      await db.delete(uploadVerificationFailures).where(eq(uploadVerificationFailures.id, id));
    },

    async rating(orderId: string) {
      const rows = await db
        .select({
          rating: orderRatings.rating,
          comment: orderRatings.comment,
          createdAt: orderRatings.createdAt,
        })
        .from(orderRatings)
        .where(eq(orderRatings.serviceOrderId, orderId))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * One rating per order: false when there is one already. `then` runs in the same transaction
     * once the rating is stored (the alert of it).
     */
    async insertRating(
      values: {
        serviceOrderId: string;
        servicePartnerId: string;
        rating: number;
        comment: string | null;
        uploadLinkId: string;
        technicianId: string | null;
        createdAt: Date;
      },
      then?: (tx: Db) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .insert(orderRatings)
          .values(values)
          .onConflictDoNothing()
          .returning({ id: orderRatings.serviceOrderId });
        if (rows.length === 0) return false;
        await then?.(tx);
        return true;
      });
    },

    /** The mean of the ratings of orders the technician was assigned when rated. */
    async technicianRating(scope: TenantScope, technicianId: string) {
      const [row] = await db
        .select({
          average: sql<string | null>`avg(${orderRatings.rating})`,
          count: sql<number>`count(*)::int`,
        })
        .from(orderRatings)
        .where(scoped(orderRatings, scope, eq(orderRatings.technicianId, technicianId)));
      return {
        average: row?.average == null ? null : Math.round(Number(row.average) * 100) / 100,
        count: Number(row?.count ?? 0),
      };
    },

    /** Mean rating per technician of the ratings customers gave from `from` up to `to` (now). */
    async ratingsByTechnician(scope: TenantScope, from: Date, to: Date): Promise<Map<string, number>> {
      const rows = await db
        .select({
          technicianId: orderRatings.technicianId,
          average: sql<string>`avg(${orderRatings.rating})`,
        })
        .from(orderRatings)
        .where(
          scoped(
            orderRatings,
            scope,
            and(
              isNotNull(orderRatings.technicianId),
              gte(orderRatings.createdAt, from),
              lte(orderRatings.createdAt, to),
            ),
          ),
        )
        .groupBy(orderRatings.technicianId);
      return new Map(rows.map((r) => [r.technicianId!, Math.round(Number(r.average) * 100) / 100] as const));
    },

    /** Links expired or revoked before `before`, and verification failures older than `failuresBefore`. */
    async purge(before: Date, failuresBefore: Date): Promise<number> {
      const rows = await db
        .delete(l)
        .where(or(lt(l.expiresAt, before), lt(l.revokedAt, before)))
        .returning({ id: l.id });
      await db.delete(uploadVerificationFailures).where(lt(uploadVerificationFailures.at, failuresBefore));
      return rows.length;
    },
  };
}

export type UploadLinksRepository = ReturnType<typeof createUploadLinksRepository>;
