import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authEvents, otpCodes, sessions } from '../../db/schema/auth.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import { users } from '../../db/schema/users.ts';

export function createAuthRepository(db: Db): AuthRepository {
  return {
    /**
     * Runs `fn` in a transaction that holds a lock on each limit key, so that two requests (on
     * any instance) cannot both read a count under the limit and both go on. `fn` must use the
     * repository it is given. Whatever `fn` throws rolls its writes back.
     */
    async withLimitLocks<T>(keys: string[], fn: (repo: AuthRepository) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        // Always in the same order, so two requests needing the same keys cannot deadlock.
        for (const key of [...new Set(keys)].sort()) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        }
        return fn(createAuthRepository(tx));
      });
    },

    async findUserByEmail(email: string) {
      const rows = await db
        .select({
          user: users,
          partnerName: servicePartners.name,
          partnerTimeZone: servicePartners.timeZone,
          partnerActive: servicePartners.isActive,
        })
        .from(users)
        .leftJoin(servicePartners, eq(servicePartners.id, users.servicePartnerId))
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },

    async findUserById(id: string) {
      const rows = await db
        .select({
          user: users,
          partnerName: servicePartners.name,
          partnerTimeZone: servicePartners.timeZone,
          partnerActive: servicePartners.isActive,
        })
        .from(users)
        .leftJoin(servicePartners, eq(servicePartners.id, users.servicePartnerId))
        .where(eq(users.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async recordEvent(kind: string, key: string, at: Date) {
      await db.insert(authEvents).values({ kind, key, createdAt: at });
    },

    /** Times of the events of one kind and key since `since`, newest first. */
    async eventTimes(kind: string, key: string, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ createdAt: authEvents.createdAt })
        .from(authEvents)
        .where(and(eq(authEvents.kind, kind), eq(authEvents.key, key), gt(authEvents.createdAt, since)))
        .orderBy(desc(authEvents.createdAt));
      return rows.map((r) => r.createdAt);
    },

    async countEvents(kind: string, key: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(authEvents)
        .where(and(eq(authEvents.kind, kind), eq(authEvents.key, key), gt(authEvents.createdAt, since)));
      return row?.n ?? 0;
    },

    async pruneEvents(before: Date) {
      await db.delete(authEvents).where(lt(authEvents.createdAt, before));
      await db.delete(otpCodes).where(lt(otpCodes.expiresAt, before));
      await db.delete(sessions).where(lt(sessions.expiresAt, before));
    },

    /** Stores a new code and retires every earlier live code of the e-mail, in one transaction. */
    async replaceCode(email: string, codeHash: string, expiresAt: Date, now: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(otpCodes)
          .set({ consumedAt: now })
          .where(and(eq(otpCodes.email, email), isNull(otpCodes.consumedAt)));
        await tx.insert(otpCodes).values({ email, codeHash, expiresAt, createdAt: now });
      });
    },

    async latestLiveCode(email: string, now: Date) {
      const rows = await db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.email, email), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Counts a wrong try; the code burns on the last allowed one. Returns the tries so far. */
    async countWrongTry(id: string, maxTries: number, now: Date): Promise<number | null> {
      const rows = await db
        .update(otpCodes)
        .set({
          attempts: sql`${otpCodes.attempts} + 1`,
          consumedAt: sql`case when ${otpCodes.attempts} + 1 >= ${maxTries} then ${now.toISOString()}::timestamptz else null end`,
        })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
        .returning({ attempts: otpCodes.attempts });
      return rows[0]?.attempts ?? null;
    },

    /** Single use: only one caller can consume a live code. */
    async consumeCode(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now)))
        .returning({ id: otpCodes.id });
      return rows.length === 1;
    },

    async createSession(userId: string, method: string, expiresAt: Date) {
      const [row] = await db
        .insert(sessions)
        .values({ userId, method, expiresAt })
        .returning({ id: sessions.id });
      if (!row) throw new Error('session insert returned nothing');
      return row.id;
    },

    async revokeSession(sessionId: string, now: Date) {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
  };
}

export interface AuthRepository {
  withLimitLocks<T>(keys: string[], fn: (repo: AuthRepository) => Promise<T>): Promise<T>;
  findUserByEmail(email: string): Promise<{
    user: typeof users.$inferSelect;
    partnerName: string | null;
    partnerTimeZone: string | null;
    partnerActive: boolean | null;
  } | null>;
  findUserById(id: string): Promise<{
    user: typeof users.$inferSelect;
    partnerName: string | null;
    partnerTimeZone: string | null;
    partnerActive: boolean | null;
  } | null>;
  recordEvent(kind: string, key: string, at: Date): Promise<void>;
  eventTimes(kind: string, key: string, since: Date): Promise<Date[]>;
  countEvents(kind: string, key: string, since: Date): Promise<number>;
  pruneEvents(before: Date): Promise<void>;
  replaceCode(email: string, codeHash: string, expiresAt: Date, now: Date): Promise<void>;
  latestLiveCode(email: string, now: Date): Promise<typeof otpCodes.$inferSelect | null>;
  countWrongTry(id: string, maxTries: number, now: Date): Promise<number | null>;
  consumeCode(id: string, now: Date): Promise<boolean>;
  createSession(userId: string, method: string, expiresAt: Date): Promise<string>;
  revokeSession(sessionId: string, now: Date): Promise<void>;
}
