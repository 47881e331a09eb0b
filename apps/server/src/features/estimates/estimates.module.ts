import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { defineJob } from '../../lib/jobs/define.ts';
import { createEstimatesRepository } from './estimates.repository.ts';
import { estimatesRoutes } from './estimates.routes.ts';
import {
  createEstimatesService,
  type CustomerLinks,
  type EstimateEvents,
  type EstimateMessages,
  type EstimateOrders,
  type EstimatePricing,
} from './estimates.service.ts';

/**
 * Estimates the customer approves (issue 27, part 1). Needs the orders (and their moves), the
 * pricing (rate and VAT), the communications (sending, customers' answers), the status links and
 * the webhooks outbox (`estimate.approved`, in the approving transaction);
 * the reminders run daily on the job runner.
 */
export function estimatesModule(
  ctx: ModuleContext,
  needs: {
    orders: EstimateOrders;
    pricing: EstimatePricing;
    messages: EstimateMessages;
    links: CustomerLinks;
    /** Webhooks out: the outbox port. */
    events?: EstimateEvents;
  },
) {
  const { now } = ctx;
  const service = createEstimatesService({
    repo: createEstimatesRepository(ctx.db),
    ...needs,
    now,
  });
  return {
    routes: [estimatesRoutes(service)],
    jobs: [
      defineJob({
        name: 'estimates.send-reminders',
        handler: async ({ log }) =>
          log.info({ sent: await service.sendReminders(now()) }, 'estimate reminders sent'),
        options: { retries: 2, singletonKey: 'estimates.send-reminders' },
        schedule: { cron: '17 7 * * *' },
      }),
    ],
    offers: {},
  } satisfies FeatureModule<object>;
}
