import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { defineJob } from '../../lib/jobs/define.ts';
import { createAlertsRepository } from './alerts.repository.ts';
import { alertsRoutes } from './alerts.routes.ts';
import { ALERTS_SWEEP_JOB, createAlertsService } from './alerts.service.ts';

export type { AlertsPort } from './alerts.service.ts';

/**
 * Alerts for what needs a person (issue 31 item 12, docs/decisions/078-alerts.md). Offers the
 * port through which upload links make the event alerts in their transactions; the hourly sweep
 * makes the time-based ones (overdue rentals, stalled orders).
 */
export function alertsModule(ctx: ModuleContext) {
  const service = createAlertsService({ repo: createAlertsRepository(ctx.db), now: ctx.now });
  return {
    routes: [alertsRoutes(service)],
    jobs: [
      defineJob({
        name: ALERTS_SWEEP_JOB,
        handler: async ({ log }) => log.info(await service.sweep(ctx.now()), 'alerts swept'),
        options: { retries: 2, singletonKey: ALERTS_SWEEP_JOB },
        schedule: { cron: '29 * * * *' },
      }),
    ],
    offers: { alerts: service.port, sweep: (at?: Date) => service.sweep(at) },
  } satisfies FeatureModule<object>;
}
