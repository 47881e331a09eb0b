import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { openTestDatabase, testConfig } from '../../../test/helper.ts';

// Two app instances in one process on one database (PostgreSQL in the PG pass: two runners with
// their own connections), as two servers behind a proxy would run.
let database: Database;
let apps: FastifyInstance[];
const clock = { now: new Date('2026-05-04T08:03:00Z') };

beforeAll(async () => {
  database = await openTestDatabase();
  apps = await Promise.all(
    [1, 2].map(() =>
      buildApp({
        config: testConfig({ jobs: { concurrency: 2, pollIntervalMs: 50, leaseMs: 60_000 } }),
        database,
        now: () => clock.now,
      }),
    ),
  );
  await Promise.all(apps.map((a) => a.ready()));
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await database.close();
});

async function settle() {
  for (const a of apps) a.jobs.wake();
  await Promise.all(apps.map((a) => a.jobs.drain()));
  for (const a of apps) a.jobs.wake();
  await Promise.all(apps.map((a) => a.jobs.drain()));
}

describe('two instances', () => {
  it('fire a schedule once per period between them, and each job runs once', async () => {
    const runs = new Map<string, number>();
    for (const [i, a] of apps.entries()) {
      a.jobs.register(
        'test.every-5',
        async ({ job }) => {
          const key = job.scheduledFor!.toISOString();
          runs.set(key, (runs.get(key) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 5 + i));
        },
        { retries: 0 },
      );
      a.jobs.schedule('test.every-5', '*/5 * * * *');
    }
    for (const minute of [3, 4, 6, 9, 11, 14, 16]) {
      clock.now = new Date(`2026-05-04T08:${String(minute).padStart(2, '0')}:30Z`);
      await settle();
    }
    expect([...runs.entries()].sort()).toEqual([
      ['2026-05-04T08:00:00.000Z', 1],
      ['2026-05-04T08:05:00.000Z', 1],
      ['2026-05-04T08:10:00.000Z', 1],
      ['2026-05-04T08:15:00.000Z', 1],
    ]);
    // The built-in schedules too: one communications recovery per ten minutes, not one per instance.
    const recoveries = await database.db
      .select({ slot: jobs.scheduleSlot })
      .from(jobs)
      .where(and(eq(jobs.name, 'communications.recover'), isNotNull(jobs.scheduleSlot)));
    expect(recoveries.map((r) => r.slot!.toISOString()).sort()).toEqual([
      '2026-05-04T08:00:00.000Z',
      '2026-05-04T08:10:00.000Z',
    ]);
  });
});
