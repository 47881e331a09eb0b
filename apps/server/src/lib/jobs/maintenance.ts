import type { JobRunner } from './runner.ts';

const DAY = 24 * 60 * 60_000;
export const PRUNE_JOB = 'jobs.prune';

/** The runner's own housekeeping: finished jobs are kept a week, failed ones a month. */
export function registerJobMaintenance(jobs: JobRunner, now: () => Date): void {
  jobs.register(
    PRUNE_JOB,
    async ({ log }) => {
      const t = now().getTime();
      const done = await jobs.store.prune(['succeeded', 'cancelled'], new Date(t - 7 * DAY));
      const failed = await jobs.store.prune(['failed'], new Date(t - 30 * DAY));
      await jobs.store.pruneEffects(new Date(t - 30 * DAY));
      log.info({ done, failed }, 'old jobs pruned');
    },
    { retries: 1, singletonKey: PRUNE_JOB },
  );
  jobs.schedule(PRUNE_JOB, '17 3 * * *');
}
