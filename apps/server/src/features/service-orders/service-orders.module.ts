import type { TenantScope } from '../../db/tenant.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createServiceOrdersRepository } from './service-orders.repository.ts';
import { serviceOrdersRoutes } from './service-orders.routes.ts';
import {
  createServiceOrdersService,
  type CustomerLinks,
  type LabourTotals,
  type OrderCommunications,
  type TechnicianRules,
  type WarehouseLocationRules,
} from './service-orders.service.ts';

/**
 * Service orders. Needs the customers (linked or created with the order, and followed through a
 * merge), technicians and locations (rules), and two reads of features composed later (their read
 * ports, docs/decisions/013-no-service-cycles.md). Offers the service, its search source and the
 * unit's orders and events for the serial history.
 */
export function serviceOrdersModule(
  ctx: ModuleContext,
  needs: {
    customers: CustomerLinks & {
      onMerge(references: ReturnType<typeof createServiceOrdersService>): void;
    };
    technicians: TechnicianRules;
    warehouseLocations: WarehouseLocationRules;
    communications: OrderCommunications;
    labour: LabourTotals;
  },
) {
  const service = createServiceOrdersService({
    repo: createServiceOrdersRepository(ctx.db),
    customers: needs.customers,
    technicians: needs.technicians,
    warehouseLocations: needs.warehouseLocations,
    communications: needs.communications,
    labour: needs.labour,
    now: ctx.now,
  });
  // A merge moves the merged customer's orders inside its transaction.
  needs.customers.onMerge(service);
  return {
    routes: [serviceOrdersRoutes(service)],
    offers: {
      orders: service,
      search: {
        type: 'ServiceOrder' as const,
        search: (scope: TenantScope, text: string, limit: number) => service.searchHits(scope, text, limit),
      },
      serialOrders: (scope: TenantScope, serial: string) => service.ordersBySerial(scope, serial),
      serialEvents: (q: { scope: TenantScope; serial: string }) => service.serialEvents(q.scope, q.serial),
    },
  } satisfies FeatureModule<object>;
}
