import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Background jobs (docs/decisions/015-job-runner.md): one row per job, claimed with
 * `FOR UPDATE SKIP LOCKED` by whichever instance is free, held by a lease that the running
 * instance renews. queued → running → succeeded, or back to queued (a retry, later), or failed
 * (the dead letter, with the last error), or cancelled.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state').$type<'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** At most one queued or running job per key (enqueue with the same key returns the first). */
    uniqueKey: text('unique_key'),
    /** At most one running job per key; others with the key wait their turn. */
    singletonKey: text('singleton_key'),
    /** The period a scheduled job was fired for: one job per (name, slot) ever. */
    scheduleSlot: timestamp('schedule_slot', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    progressCurrent: integer('progress_current'),
    progressTotal: integer('progress_total'),
    lastError: text('last_error'),
    /** The request that enqueued it, so its log lines can be followed into the job. */
    requestId: text('request_id'),
    /** The partner the job works for, if any (null: installation-wide). */
    servicePartnerId: uuid('service_partner_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_lease_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    index('jobs_state_created_idx').on(t.state, t.createdAt),
    uniqueIndex('jobs_unique_key')
      .on(t.uniqueKey)
      .where(sql`${t.state} in ('queued', 'running')`),
    uniqueIndex('jobs_singleton_running_key')
      .on(t.singletonKey)
      .where(sql`${t.state} = 'running'`),
    uniqueIndex('jobs_schedule_slot_key').on(t.name, t.scheduleSlot),
  ],
);

/** Effects already applied by a job (`once(key, …)`): a handler that runs twice applies them once. */
export const jobEffects = pgTable('job_effects', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
