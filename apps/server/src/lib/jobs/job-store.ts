import { and, asc, count, desc, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobEffects, jobs } from '../../db/schema/jobs.ts';

export type JobRow = typeof jobs.$inferSelect;
export type JobState = JobRow['state'];

const ERROR_MAX = 2000;
const PG_UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === PG_UNIQUE_VIOLATION) return true;
  }
  return false;
}

export interface NewJob {
  name: string;
  payload: unknown;
  maxAttempts: number;
  runAt: Date;
  uniqueKey: string | null;
  singletonKey: string | null;
  scheduleSlot: Date | null;
  requestId: string | null;
  servicePartnerId: string | null;
  now: Date;
}

/** The SQL of the job runner (the only Drizzle code of lib/jobs). Every time comes from the caller's clock. */
export function createJobStore(db: Db) {
  return {
    /**
     * Inserts a job; with a unique key or schedule slot already taken, answers the existing
     * job instead (created: false).
     */
    async insert(job: NewJob): Promise<{ row: JobRow; created: boolean }> {
      const values = {
        name: job.name,
        payload: job.payload ?? {},
        state: 'queued' as const,
        maxAttempts: job.maxAttempts,
        runAt: job.runAt,
        uniqueKey: job.uniqueKey,
        singletonKey: job.singletonKey,
        scheduleSlot: job.scheduleSlot,
        requestId: job.requestId,
        servicePartnerId: job.servicePartnerId,
        createdAt: job.now,
        updatedAt: job.now,
      };
      for (let attempt = 0; attempt < 3; attempt++) {
        const inserted = await db.insert(jobs).values(values).onConflictDoNothing().returning();
        if (inserted[0]) return { row: inserted[0], created: true };
        const existing = job.scheduleSlot
          ? await db
              .select()
              .from(jobs)
              .where(and(eq(jobs.name, job.name), eq(jobs.scheduleSlot, job.scheduleSlot)))
          : job.uniqueKey
            ? await db
                .select()
                .from(jobs)
                .where(and(eq(jobs.uniqueKey, job.uniqueKey), inArray(jobs.state, ['queued', 'running'])))
            : [];
        if (existing[0]) return { row: existing[0], created: false };
        // The holder of the key finished between the two statements: try again.
      }
      throw new Error(`could not enqueue ${job.name}`);
    },

    /**
     * Takes the next due job of one of `names` for `worker`, skipping rows another instance is
     * taking and jobs whose singleton key is running. Null when nothing is due.
     */
    async claim(
      names: readonly string[],
      worker: string,
      now: Date,
      leaseMs: number,
    ): Promise<JobRow | null> {
      if (names.length === 0) return null;
      try {
        const rows = await db
          .update(jobs)
          .set({
            state: 'running',
            attempts: sql`${jobs.attempts} + 1`,
            lockedBy: worker,
            lockedUntil: new Date(now.getTime() + leaseMs),
            startedAt: now,
            updatedAt: now,
          })
          .where(
            eq(
              jobs.id,
              sql`(select j.id from ${jobs} j
                   where j.state = 'queued' and j.run_at <= ${now.toISOString()}::timestamptz
                     and j.name in (${sql.join(
                       names.map((n) => sql`${n}`),
                       sql`, `,
                     )})
                     and (j.singleton_key is null or not exists (
                       select 1 from ${jobs} r where r.singleton_key = j.singleton_key and r.state = 'running'))
                   order by j.run_at, j.created_at
                   limit 1
                   for update skip locked)`,
            ),
          )
          .returning();
        return rows[0] ?? null;
      } catch (err) {
        // Two instances took two jobs of one singleton key at once: the unique index let one through.
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** Renews the lease; false when the job is no longer this worker's (cancelled, or taken over). */
    async heartbeat(id: string, worker: string, now: Date, leaseMs: number): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.state, 'running')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    async progress(id: string, worker: string, current: number, total: number | null, now: Date) {
      await db
        .update(jobs)
        .set({ progressCurrent: current, progressTotal: total, updatedAt: now })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.state, 'running')));
    },

    async succeed(id: string, worker: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ state: 'succeeded', lockedBy: null, lockedUntil: null, finishedAt: now, updatedAt: now })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.state, 'running')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** A failed attempt: queued again at `retryAt`, or failed for good (the dead letter) when null. */
    async fail(id: string, worker: string, error: string, retryAt: Date | null, now: Date): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({
          state: retryAt ? 'queued' : 'failed',
          runAt: retryAt ?? sql`${jobs.runAt}`,
          lastError: error.slice(0, ERROR_MAX),
          lockedBy: null,
          lockedUntil: null,
          finishedAt: retryAt ? null : now,
          updatedAt: now,
        })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.state, 'running')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Gives this worker's running jobs back at shutdown; the interrupted attempt is not counted. */
    async release(ids: readonly string[], worker: string, now: Date, reason: string): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(jobs)
        .set({
          state: 'queued',
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          runAt: now,
          lockedBy: null,
          lockedUntil: null,
          lastError: reason,
          updatedAt: now,
        })
        .where(and(inArray(jobs.id, [...ids]), eq(jobs.lockedBy, worker), eq(jobs.state, 'running')))
        .returning({ id: jobs.id });
      return rows.length;
    },

    /**
     * Running jobs whose lease ran out (their instance died or hangs): queued again for anyone,
     * or failed when that was their last attempt.
     */
    async reapExpired(now: Date, reason: string): Promise<JobRow[]> {
      return db
        .update(jobs)
        .set({
          state: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'failed' else 'queued' end`,
          finishedAt: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
          runAt: now,
          lockedBy: null,
          lockedUntil: null,
          lastError: reason,
          updatedAt: now,
        })
        .where(and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, now)))
        .returning();
    },

    /** Whether a queued job of one of `names` is due. */
    async anyDue(names: readonly string[], now: Date): Promise<boolean> {
      if (names.length === 0) return false;
      const rows = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.state, 'queued'), lte(jobs.runAt, now), inArray(jobs.name, [...names])))
        .limit(1);
      return rows.length > 0;
    },

    async get(id: string): Promise<JobRow | null> {
      const rows = await db.select().from(jobs).where(eq(jobs.id, id));
      return rows[0] ?? null;
    },

    async list(filter: { state?: JobState; name?: string }, page: { limit: number; offset: number }) {
      const where: SQL[] = [];
      if (filter.state) where.push(eq(jobs.state, filter.state));
      if (filter.name) where.push(eq(jobs.name, filter.name));
      const condition = where.length ? and(...where) : undefined;
      const [items, total] = await Promise.all([
        db
          .select()
          .from(jobs)
          .where(condition)
          .orderBy(desc(jobs.createdAt), asc(jobs.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(jobs).where(condition),
      ]);
      return { items, total: total[0]?.n ?? 0 };
    },

    async countsByState(): Promise<{ name: string; state: JobState; count: number }[]> {
      const rows = await db
        .select({ name: jobs.name, state: jobs.state, count: count() })
        .from(jobs)
        .groupBy(jobs.name, jobs.state);
      return rows;
    },

    /** Cancels a queued or running job (a running one stops at its next heartbeat). */
    async cancel(id: string, now: Date): Promise<JobRow | null> {
      const rows = await db
        .update(jobs)
        .set({ state: 'cancelled', lockedBy: null, lockedUntil: null, finishedAt: now, updatedAt: now })
        .where(and(eq(jobs.id, id), inArray(jobs.state, ['queued', 'running'])))
        .returning();
      return rows[0] ?? null;
    },

    /** Queues a failed or cancelled job again, now, with its attempts counted from zero. */
    async retry(id: string, now: Date): Promise<JobRow | null> {
      const rows = await db
        .update(jobs)
        .set({ state: 'queued', attempts: 0, runAt: now, finishedAt: null, updatedAt: now })
        .where(and(eq(jobs.id, id), inArray(jobs.state, ['failed', 'cancelled'])))
        .returning();
      return rows[0] ?? null;
    },

    /** Forgets finished jobs older than `before` (failed ones are kept longer by the caller's choice). */
    async prune(states: readonly JobState[], before: Date): Promise<number> {
      const rows = await db
        .delete(jobs)
        .where(and(inArray(jobs.state, [...states]), lt(jobs.updatedAt, before)))
        .returning({ id: jobs.id });
      return rows.length;
    },

    async pruneEffects(before: Date): Promise<void> {
      await db.delete(jobEffects).where(lt(jobEffects.createdAt, before));
    },

    /**
     * Runs `effect` in a transaction that also records `key`; when the key is already recorded
     * the effect is skipped. Returns whether it ran.
     */
    async once(key: string, now: Date, effect: (tx: Db) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const taken = await tx
          .insert(jobEffects)
          .values({ key, createdAt: now })
          .onConflictDoNothing()
          .returning({ key: jobEffects.key });
        if (taken.length === 0) return false;
        await effect(tx);
        return true;
      });
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
