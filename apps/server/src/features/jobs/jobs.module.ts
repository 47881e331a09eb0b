import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { jobMaintenance } from '../../lib/jobs/maintenance.ts';
import { jobsRoutes } from './jobs.routes.ts';
import { createJobsService } from './jobs.service.ts';

/** The background jobs screen for administrators, and the runner's own housekeeping. */
export function jobsModule(ctx: ModuleContext) {
  const { jobs, now } = ctx;
  const service = createJobsService({ store: jobs.store, abortLocal: jobs.abortLocal, wake: jobs.wake, now });
  return {
    routes: [jobsRoutes(service)],
    jobs: jobMaintenance(jobs, now),
    offers: {},
  } satisfies FeatureModule;
}
