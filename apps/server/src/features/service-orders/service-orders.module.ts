import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createServiceOrdersRepository } from './service-orders.repository.ts';
import { serviceOrdersRoutes } from './service-orders.routes.ts';
import type {
  CompletionGate,
  CustomerLinks,
  OrderCommunications,
  OrderEvents,
  TechnicianRules,
  WarehouseLocationRules,
} from './service-orders.ports.ts';
import { createServiceOrdersService } from './service-orders.service.ts';
import { createOrderViews } from './service-orders.views.ts';
import { orderViewsRoutes } from './service-orders.views.routes.ts';

/** What a customer merge asks of a feature whose records reference customers (customers.service.ts). */
interface MergeParticipant {
  kind: 'serviceOrders';
  references: readonly string[];
  count(scope: TenantScope, customerId: string, tx: Db): Promise<number>;
  reassignCustomer(scope: TenantScope, fromId: string, toId: string, tx: Db): Promise<number>;
}

/**
 * Service orders. Needs the customers (linked or created with the order, and followed through a
 * merge), technicians and locations (rules), and two reads of features composed later (their read
 * ports, docs/decisions/013-no-service-cycles.md). Offers the service, its search source and the
 * unit's orders and events for the serial history.
 */
export function serviceOrdersModule(
  ctx: ModuleContext,
  needs: {
    customers: CustomerLinks & { onMerge(references: MergeParticipant): void };
    technicians: TechnicianRules;
    warehouseLocations: WarehouseLocationRules;
    communications: OrderCommunications;
    /** Webhooks out: events written in the change's own transaction. */
    events?: OrderEvents;
    completion?: CompletionGate;
  },
) {
  const service = createServiceOrdersService({
    repo: createServiceOrdersRepository(ctx.db, {
      commonTokens: { onError: (err) => ctx.log.warn({ err }, 'common search tokens not sampled') },
    }),
    customers: needs.customers,
    technicians: needs.technicians,
    warehouseLocations: needs.warehouseLocations,
    communications: needs.communications,
    ...(needs.completion ? { completion: needs.completion } : {}),
    now: ctx.now,
    events: needs.events,
  });
  // A merge moves the merged customer's orders inside its transaction.
  needs.customers.onMerge({
    kind: 'serviceOrders',
    references: ['service_orders.customer_id'],
    count: (scope, id, tx) => service.countForCustomer(scope, id, tx),
    reassignCustomer: (scope, fromId, toId, tx) => service.reassignCustomer(scope, fromId, toId, tx),
  });
  return {
    routes: [serviceOrdersRoutes(service), orderViewsRoutes(createOrderViews(ctx.db))],
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
