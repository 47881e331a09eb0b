import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createScheduleRepository } from './schedule.repository.ts';
import { scheduleRoutes } from './schedule.routes.ts';
import {
  createScheduleService,
  type DurationDefaults,
  type OrderMessages,
  type OrderScheduling,
} from './schedule.service.ts';

/**
 * The dispatch board and the technician's day (issue 25). Reads its board in a few batched
 * queries of its own (a read model, like the dashboard's); needs service-orders for the one write
 * of a move, pricing for the default durations and communications to tell the customer.
 */
export function scheduleModule(
  ctx: ModuleContext,
  needs: { orders: OrderScheduling; pricing: DurationDefaults; messages: OrderMessages },
) {
  const service = createScheduleService({
    repo: createScheduleRepository(ctx.db),
    orders: needs.orders,
    pricing: needs.pricing,
    messages: needs.messages,
    now: ctx.now,
  });
  // The order form's PUT asks the same rule as the board (issue 25).
  needs.orders.useSchedulingRules(service);
  return { routes: [scheduleRoutes(service)], offers: {} } satisfies FeatureModule;
}
