import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { defineJob } from '../../lib/jobs/define.ts';
import { createHistoryRepository } from './history.repository.ts';
import { historyRoutes } from './history.routes.ts';
import { createHistoryService } from './history.service.ts';

export const HISTORY_RETENTION_JOB = 'history.retention';

/**
 * Field-level history (issue 26, docs/decisions/058): the database's triggers record it; this
 * feature reads it for the History tabs and the global search, and its daily job keeps the
 * month partitions ahead and drops those past the retention.
 */
export function historyModule(ctx: ModuleContext) {
  const service = createHistoryService({ repo: createHistoryRepository(ctx.db), now: ctx.now, log: ctx.log });
  return {
    routes: [historyRoutes(service)],
    jobs: [
      defineJob({
        name: HISTORY_RETENTION_JOB,
        handler: async () => {
          await service.enforceRetention();
        },
        options: { singletonKey: HISTORY_RETENTION_JOB },
        schedule: { cron: '23 3 * * *' },
      }),
    ],
    offers: { history: service },
  } satisfies FeatureModule<object>;
}
