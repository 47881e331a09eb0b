import { defineJob, type JobDefinition } from './define.ts';
import type { JobRunner } from './runner.ts';

const DAY = 24 * 60 * 60_000;
export const PRUNE_JOB = 'jobs.prune';

/** The runner's own housekeeping: finished jobs are kept a week, failed ones a month. */
export function jobMaintenance(jobs: JobRunner, now: () => Date): JobDefinition[] {
  const prune = defineJob({
    name: PRUNE_JOB,
    handler: async ({ log }) => {
      const t = now().getTime();
      const done = await jobs.store.prune(['succeeded', 'cancelled'], new Date(t - 7 * DAY));
      const failed = await jobs.store.prune(['failed'], new Date(t - 30 * DAY));
      await jobs.store.pruneEffects(new Date(t - 30 * DAY));
      log.info({ done, failed }, 'old jobs pruned');
    },
    options: { retries: 1, singletonKey: PRUNE_JOB },
    schedule: { cron: '17 3 * * *' },
  });
  return [prune];
}
