import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import {
  createDashboardService,
  type DashboardOrders,
  type DashboardRatings,
  type DashboardTechnicians,
} from './dashboard.service.ts';

/** The dashboard's figures; customers' ratings from the status page feed the technician table. */
export function dashboardModule(
  ctx: ModuleContext,
  needs: { orders: DashboardOrders; technicians: DashboardTechnicians; ratings: DashboardRatings },
) {
  const service = createDashboardService({
    orders: needs.orders,
    revenue: createDashboardRepository(ctx.db),
    technicians: needs.technicians,
    ratings: needs.ratings,
    now: ctx.now,
  });
  return { routes: [dashboardRoutes(service)], offers: {} } satisfies FeatureModule;
}
