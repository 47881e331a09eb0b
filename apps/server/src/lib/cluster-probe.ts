import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { JobRunner } from './jobs/runner.ts';

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
export function registerClusterProbeJobs(jobs: JobRunner, dataDir: string): void {
  const file = path.join(dataDir, 'cluster-probe.log');
  const note = (line: string) => appendFileSync(file, `${line}\n`);

  jobs.register(
    'probe.tick',
    async ({ job }) => note(`tick ${job.scheduledFor?.toISOString() ?? '-'} ${job.id} ${process.pid}`),
    { retries: 0 },
  );
  jobs.schedule('probe.tick', '* * * * *');

  // Applies its effect first, then keeps running for `ms`: a kill in that time leaves an applied
  // effect behind a job that did not finish, which the next run must not apply again.
  jobs.register<{ customerId: string; ms: number }>(
    'probe.slow',
    async ({ payload, job, signal, once }) => {
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
    { retries: 3, backoff: { delayMs: 200, factor: 1 } },
  );
}
