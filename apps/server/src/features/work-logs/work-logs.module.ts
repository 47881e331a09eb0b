import type { TenantScope } from '../../db/tenant.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createWorkLogsRepository } from './work-logs.repository.ts';
import { workLogsRoutes } from './work-logs.routes.ts';
import {
  createWorkLogsService,
  type OrderLookup,
  type PricingSource,
  type TechnicianLookup,
} from './work-logs.service.ts';

/** Work logs on orders; offers the logs of a unit's orders for the serial history, in one query. */
export function workLogsModule(
  ctx: ModuleContext,
  needs: { orders: OrderLookup; pricing: PricingSource; technicians: TechnicianLookup },
) {
  const service = createWorkLogsService({
    repo: createWorkLogsRepository(ctx.db),
    orders: needs.orders,
    pricing: needs.pricing,
    technicians: needs.technicians,
    now: ctx.now,
  });
  return {
    routes: [workLogsRoutes(service)],
    offers: {
      workLogs: service,
      serialEvents: async (q: {
        scope: TenantScope;
        orders(): Promise<readonly { id: string; orderNumber: string }[]>;
      }) => service.serialEvents(q.scope, await q.orders()),
    },
  } satisfies FeatureModule<object>;
}
