import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { defineJob, type JobDefinition } from './jobs/define.ts';

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Jobs that only the cluster test turns on (CLUSTER_PROBE_JOBS=true): they show that a schedule
 * fires once per period across instances, and that a job whose instance is killed mid-run is run
 * again by another with its effect applied once. Every run appends a line to
 * DATA_DIR/cluster-probe.log (the test gives its instances one folder), so the test counts runs
 * apart from the runner's own bookkeeping.
 */
export function clusterProbeJobs(dataDir: string): JobDefinition[] {
  const file = path.join(dataDir, 'cluster-probe.log');
  const note = (line: string) => appendFileSync(file, `${line}\n`);

  const tick = defineJob({
    name: 'probe.tick',
    handler: async ({ job }) =>
      note(`tick ${job.scheduledFor?.toISOString() ?? '-'} ${job.id} ${process.pid}`),
    options: { retries: 0 },
    schedule: { cron: '* * * * *' },
  });

  // Applies its effect first, then keeps running for `ms`: a kill in that time leaves an applied
  // effect behind a job that did not finish, which the next run must not apply again.
  const slow = defineJob<{ customerId: string; ms: number }>({
    name: 'probe.slow',
    handler: async ({ payload, job, signal, once }) => {
      note(`slow-start ${job.id} ${job.attempt} ${process.pid}`);
      const applied = await once(`probe.slow:${job.id}`, async (tx) => {
        await tx.execute(
          sql`update customers set notes = coalesce(notes, '') || 'probe;' where id = ${payload.customerId}`,
        );
      });
      note(`slow-applied ${job.id} ${job.attempt} ${process.pid} ${String(applied)}`);
      await pause(payload.ms, signal);
      note(`slow-done ${job.id} ${job.attempt} ${process.pid}`);
    },
    options: { retries: 3, backoff: { delayMs: 200, factor: 1 } },
  });
  return [tick, slow];
}
