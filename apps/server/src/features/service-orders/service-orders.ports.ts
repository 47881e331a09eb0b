// What the orders feature asks of the features around it (ports wired in its module) and what
// its service is built from; the rules themselves are in service-orders.service.ts.
import type { AccessSubject } from '@service-portal/shared/access';
import type { Communication } from '@service-portal/shared/communications';
import type { ServiceOrderStatus, ServiceType } from '@service-portal/shared/service-orders';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import type { ServiceOrdersRepository } from './service-orders.repository.ts';

/** Who is acting: the signed-in user (roles decide reopening and internal notes). */
export interface Actor extends AccessSubject {
  id: string;
}

// What this feature asks of other features. Features do not import each other (lint enforces it),
// so the needs are stated here and service-orders.module.ts is given the customers, technicians and
// warehouse-locations services, which satisfy them.
export interface CustomerLinks {
  /** 404 unless the customer is the partner's. */
  assertExists(scope: TenantScope, id: string): Promise<void>;
  /** Links the order's customer by e-mail, else phone, else creates one, inside `tx`. */
  findOrCreateForOrder(
    scope: TenantScope,
    contact: { name: string; email: string; phone: string | null; address: string | null },
    tx: Db,
  ): Promise<{ id: string }>;
}
export interface TechnicianRules {
  /** 400 on `path` unless `id` is an active technician of the partner. */
  assertAssignable(scope: TenantScope, id: string, path?: string): Promise<unknown>;
}
export interface WarehouseLocationRules {
  /** 400 on `path` unless `id` is an active location of the partner. */
  assertUsable(scope: TenantScope, id: string, path?: string): Promise<unknown>;
}

/**
 * The dispatch board's placement rule (technician active and working that day, a duration, a
 * status that allows scheduling), asked through the schedule feature. The schedule module is
 * composed after this one (it needs this service's write), so it hands the rule over itself.
 */
export interface SchedulingRules {
  assertPlaceable(
    scope: TenantScope,
    placement: {
      order: { status: ServiceOrderStatus; estimatedMinutes: number | null; serviceType: ServiceType };
      technicianId: string;
      date: string;
    },
  ): Promise<void>;
}

export interface OrderCommunications {
  /** The communications of many orders in one query, by order id (the list's includeCommunications). */
  forOrders(scope: TenantScope, orderIds: readonly string[]): Promise<Map<string, Communication[]>>;
}

/**
 * The webhooks outbox (a port wired in the module): an event is written inside the transaction
 * of the change it reports; `data` (a function) is only built when an endpoint wants the event.
 */
export interface OrderEvents {
  enqueue(
    tx: Db,
    partnerId: string,
    type: 'order.created' | 'order.status_changed' | 'order.scheduled' | 'order.completed',
    data: () => Promise<unknown>,
  ): Promise<void>;
}

/** The service reports' rule (issue 27): completing may need the customer's signature first. */
export interface CompletionGate {
  /** 409 `signature_required` when the partner requires a signature and the report is unsigned. */
  assertCompletable(scope: TenantScope, order: { id: string; orderNumber: string }, tx?: Db): Promise<void>;
}

export interface ServiceOrdersDeps {
  repo: ServiceOrdersRepository;
  customers: CustomerLinks;
  technicians: TechnicianRules;
  warehouseLocations: WarehouseLocationRules;
  /** The communications service; without it `includeCommunications` adds nothing. */
  communications?: OrderCommunications;
  /** The service reports' completion rule; without it any order may be completed. */
  completion?: CompletionGate;
  /** The clock for "today" (scheduled dates, order-number year, stats windows). */
  now?: () => Date;
  /** Webhooks out; absent: no events are written. */
  events?: OrderEvents;
}
