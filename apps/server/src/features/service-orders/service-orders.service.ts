// The orders feature's rules (create, update with transitions, bulk, list, export); the reads
// other features ask for (search, dashboard figures, contacts, serial history) are in
// service-orders.reads.ts and the spare-part rules in service-orders.spare-parts.ts.
import { PassThrough, type Readable } from 'node:stream';
import { hasRole, type AccessSubject } from '@service-portal/shared/access';
import {
  checkTransition,
  EMPTY_CHECKPOINTS,
  formatOrderNumber,
  isScheduledDateAllowed,
  type ServiceOrder,
  type ServiceOrderCreate,
  type ServiceOrderExportQuery,
  type ServiceOrderListQuery,
  type ServiceOrderSearch,
  type ServiceOrderStatus,
  type ServiceOrderUpdate,
} from '@service-portal/shared/service-orders';
import { VALIDATION_MESSAGES } from '@service-portal/shared/validation';
import type { Communication } from '@service-portal/shared/communications';
import type { CustomerOrdersQuery } from '@service-portal/shared/service-orders';
import type { Money } from '@service-portal/shared/work-logs';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import { firstRead, withTotals, writeOrdersWorkbook } from './service-orders.export.ts';
import type { OrderFilters } from './service-orders.filters.ts';
import type { HistoryEntry, OrderChanges, ServiceOrdersRepository } from './service-orders.repository.ts';
import { createServiceOrderReads } from './service-orders.reads.ts';
import { createSparePartLineRules } from './service-orders.spare-parts.ts';
import { todayIn } from '@service-portal/shared/zoned-days';

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

export interface LabourTotals {
  /** Σ costs of the orders' completed work logs per order and currency, many orders in one query. */
  labourTotals(scope: TenantScope, orderIds: readonly string[]): Promise<Map<string, Money[]>>;
}

export interface OrderCommunications {
  /** The communications of many orders in one query, by order id (the list's includeCommunications). */
  forOrders(scope: TenantScope, orderIds: readonly string[]): Promise<Map<string, Communication[]>>;
}

export interface ServiceOrdersDeps {
  repo: ServiceOrdersRepository;
  customers: CustomerLinks;
  technicians: TechnicianRules;
  warehouseLocations: WarehouseLocationRules;
  /** The work-logs service (the export's Labour and Total columns). */
  labour: LabourTotals;
  /** The communications service; without it `includeCommunications` adds nothing. */
  communications?: OrderCommunications;
  /** The clock for "today" (scheduled dates, order-number year, stats windows). */
  now?: () => Date;
}

const ORDER = 'Service order';

const versionConflict = (what: string) =>
  new AppError('version_conflict', 409, `The ${what} was changed by someone else. Reload it and try again.`);

function invalidTransition(
  orderNumber: string,
  from: ServiceOrderStatus,
  to: ServiceOrderStatus,
  reason: string,
) {
  const detail =
    reason === 'reopen_requires_manager'
      ? `Only an Administrator or ServiceManager can reopen order ${orderNumber} (${from} → ${to}).`
      : `Order ${orderNumber} cannot move from ${from} to ${to}.`;
  return new AppError('invalid_transition', 409, detail);
}

function fieldError(path: string, message: string) {
  return new AppError('validation_failed', 400, 'The request is not valid.', { errors: [{ path, message }] });
}

function listFilters(
  query: Omit<ServiceOrderListQuery, 'page' | 'pageSize' | 'includeCommunications'>,
): OrderFilters {
  return {
    text: query.search,
    status: query.status,
    priority: query.priority,
    serviceType: query.serviceType,
    email: query.customerEmail,
    customerId: query.customerId,
    assignedTechnicianId: query.assignedTechnicianId,
    relatedProductId: query.relatedProductId,
    createdFrom: query.createdFrom,
    createdTo: query.createdTo,
    completedFrom: query.completedFrom,
    completedTo: query.completedTo,
  };
}

/** Only completed orders have a completion time: completing stamps it, other statuses (reopen) clear it. */
function completedAtFor(to: ServiceOrderStatus): 'now' | null {
  return to === 'completed' ? 'now' : null;
}

export function createServiceOrdersService(deps: ServiceOrdersDeps) {
  const { repo, customers, technicians, warehouseLocations } = deps;
  const now = deps.now ?? (() => new Date());

  async function partsTotals(scope: TenantScope, orderIds: readonly string[]): Promise<Map<string, Money[]>> {
    const totals = new Map<string, Money[]>();
    for (const row of await repo.partsTotals(scope, orderIds)) {
      totals.set(row.orderId, [
        ...(totals.get(row.orderId) ?? []),
        { currency: row.currency, amountMinor: row.amountMinor },
      ]);
    }
    return totals;
  }

  async function today(scope: TenantScope): Promise<string> {
    return todayIn(await repo.partnerTimeZone(scope), now());
  }

  async function assertScheduledDate(scope: TenantScope, value: string | null, previous: string | null) {
    if (value === null || value === previous) return;
    if (!isScheduledDateAllowed(value, previous, await today(scope))) {
      throw fieldError('scheduledDate', VALIDATION_MESSAGES.scheduledDateInPast);
    }
  }

  async function getOrThrow(scope: TenantScope, id: string): Promise<ServiceOrder> {
    const order = await repo.get(scope, id);
    if (!order) throw notFound(ORDER);
    return order;
  }

  return {
    async list(scope: TenantScope, query: ServiceOrderListQuery) {
      const { items, total } = await repo.list(scope, listFilters(query), query);
      const page = { total, page: query.page, pageSize: query.pageSize };
      if (!query.includeCommunications || !deps.communications) return { items, ...page };
      // The original client's badge reads these; one query for the whole page.
      const byOrder = await deps.communications.forOrders(
        scope,
        items.map((i) => i.id),
      );
      return { items: items.map((i) => ({ ...i, communications: byOrder.get(i.id) ?? [] })), ...page };
    },

    /** The orders of one customer (GET /customers/{id}/service-orders); 404 for another partner's. */
    async listForCustomer(scope: TenantScope, customerId: string, query: CustomerOrdersQuery) {
      await customers.assertExists(scope, customerId);
      const { items, total } = await repo.list(scope, { status: query.status, customerId }, query);
      return { items, total, page: query.page, pageSize: query.pageSize };
    },

    async search(scope: TenantScope, body: ServiceOrderSearch) {
      const filters: OrderFilters = {
        customerName: body.customerName,
        orderNumber: body.orderNumber,
        email: body.email,
        phone: body.phone,
        serialNumber: body.serialNumber,
        status: body.status,
        priority: body.priority,
      };
      const { items, total } = await repo.list(scope, filters, body);
      return { items, total, page: body.page, pageSize: body.pageSize };
    },

    get: getOrThrow,

    /** For features with records on an order (work logs): 404 unless the order is the partner's. */
    async assertExists(scope: TenantScope, id: string): Promise<void> {
      if (!(await repo.exists(scope, id))) throw notFound(ORDER);
    },

    /** Σ quantity × unit cost of the orders' spare-part lines per order and currency, in one query. */
    partsTotals,

    async create(scope: TenantScope, actor: Actor, input: ServiceOrderCreate): Promise<ServiceOrder> {
      if (input.assignedTechnicianId) await technicians.assertAssignable(scope, input.assignedTechnicianId);
      if (input.warehouseLocationId) await warehouseLocations.assertUsable(scope, input.warehouseLocationId);
      const timeZone = await repo.partnerTimeZone(scope);
      const day = todayIn(timeZone, now());
      if (!isScheduledDateAllowed(input.scheduledDate, null, day)) {
        throw fieldError('scheduledDate', VALIDATION_MESSAGES.scheduledDateInPast);
      }
      const { spareParts, ...fields } = input;
      return repo.transaction(async (tx) => {
        const customer = await customers.findOrCreateForOrder(
          scope,
          {
            name: fields.customerName,
            email: fields.customerEmail,
            phone: fields.customerPhone,
            address: fields.customerAddress,
          },
          tx,
        );
        // Taken last, so the counter row stays locked for as short a time as possible.
        const sequence = await repo.nextOrderSequence(scope, Number(day.slice(0, 4)), tx);
        const id = await repo.insert(
          scope,
          {
            ...fields,
            checkpoints: fields.checkpoints ?? EMPTY_CHECKPOINTS,
            customerId: customer.id,
            orderNumber: formatOrderNumber(Number(day.slice(0, 4)), sequence),
            status: 'created',
            createdBy: actor.id,
          },
          tx,
        );
        await repo.reconcileSpareParts(scope, id, spareParts, tx);
        await repo.insertHistory(
          scope,
          [{ orderId: id, fromStatus: null, toStatus: 'created', changedBy: actor.id }],
          tx,
        );
        const order = await repo.get(scope, id, tx);
        if (!order) throw new Error('created order vanished');
        return order;
      });
    },

    /**
     * Changes the fields the request carries. The version check is the UPDATE's own WHERE, so of
     * two updates sent with one version exactly one wins and the other changes nothing.
     */
    async update(
      scope: TenantScope,
      actor: Actor,
      id: string,
      input: ServiceOrderUpdate,
    ): Promise<ServiceOrder> {
      const current = await repo.findState(scope, id);
      if (!current) throw notFound(ORDER);
      if (current.version !== input.version) throw versionConflict('service order');

      const { version, spareParts, status, ...fields } = input;
      const changes: OrderChanges = {};
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined) Object.assign(changes, { [key]: value });
      }

      let history: HistoryEntry | null = null;
      if (status !== undefined && status !== current.status) {
        const check = checkTransition(current.status, status, actor);
        if (!check.ok) throw invalidTransition(current.orderNumber, current.status, status, check.reason);
        changes.status = status;
        changes.completedAt = completedAtFor(status);
        history = { orderId: id, fromStatus: current.status, toStatus: status, changedBy: actor.id };
      }

      // Only a new choice is checked: an order keeps a technician or location deactivated since.
      if (fields.assignedTechnicianId && fields.assignedTechnicianId !== current.assignedTechnicianId) {
        await technicians.assertAssignable(scope, fields.assignedTechnicianId);
      }
      if (fields.warehouseLocationId && fields.warehouseLocationId !== current.warehouseLocationId) {
        await warehouseLocations.assertUsable(scope, fields.warehouseLocationId);
      }
      if (fields.scheduledDate !== undefined)
        await assertScheduledDate(scope, fields.scheduledDate, current.scheduledDate);

      const contact = {
        name: fields.customerName ?? current.customerName,
        email: fields.customerEmail ?? current.customerEmail,
        phone: fields.customerPhone !== undefined ? fields.customerPhone : current.customerPhone,
        address: fields.customerAddress !== undefined ? fields.customerAddress : current.customerAddress,
      };
      const relink =
        contact.email.toLowerCase() !== current.customerEmail.toLowerCase() ||
        contact.phone !== current.customerPhone;

      return repo.transaction(async (tx) => {
        if (relink) changes.customerId = (await customers.findOrCreateForOrder(scope, contact, tx)).id;
        if (!(await repo.updateIfVersion(scope, id, version, changes, tx))) {
          // Deleted meanwhile is a 404; anything else means another update won.
          if (!(await repo.exists(scope, id, tx))) throw notFound(ORDER);
          throw versionConflict('service order');
        }
        if (history) await repo.insertHistory(scope, [history], tx);
        if (spareParts) await repo.reconcileSpareParts(scope, id, spareParts, tx);
        const order = await repo.get(scope, id, tx);
        if (!order) throw notFound(ORDER);
        return order;
      });
    },

    /**
     * The dispatch board's write (issue 25): technician, date, start and status in one change,
     * only if the stored version is still `version`. The schedule feature decides whether the
     * move is allowed (shared/schedule.ts) before asking; false = another change won meanwhile.
     */
    async setSchedule(
      scope: TenantScope,
      actor: Actor,
      id: string,
      change: {
        technicianId: string | null;
        date: string | null;
        start: string | null;
        fromStatus: ServiceOrderStatus;
        status: ServiceOrderStatus;
        version: number;
      },
    ): Promise<boolean> {
      return repo.transaction(async (tx) => {
        const changes: OrderChanges = {
          assignedTechnicianId: change.technicianId,
          scheduledDate: change.date,
          scheduledStart: change.start,
        };
        if (change.status !== change.fromStatus) changes.status = change.status;
        if (!(await repo.updateIfVersion(scope, id, change.version, changes, tx))) return false;
        if (change.status !== change.fromStatus) {
          await repo.insertHistory(
            scope,
            [
              {
                orderId: id,
                fromStatus: change.fromStatus,
                toStatus: change.status,
                changedBy: actor.id,
                note: change.date ? 'Scheduled on the dispatch board' : 'Unscheduled on the dispatch board',
              },
            ],
            tx,
          );
        }
        return true;
      });
    },

    async remove(scope: TenantScope, id: string): Promise<void> {
      if (!(await repo.delete(scope, id))) throw notFound(ORDER);
    },

    /** For the customers feature's merge: moves customer `fromId`'s orders to `toId` inside `tx`. */
    async reassignCustomer(scope: TenantScope, fromId: string, toId: string, tx: Db): Promise<number> {
      return repo.reassignCustomer(scope, fromId, toId, tx);
    },

    /**
     * All or nothing: every id must be the partner's (404 otherwise) and every change legal (409
     * naming the first order that is not). Orders already in the status are left as they are.
     */
    async bulkUpdateStatus(
      scope: TenantScope,
      actor: Actor,
      body: { orderIds: string[]; status: ServiceOrderStatus; completionNotes: string | null },
    ): Promise<{ updated: number }> {
      const ids = [...new Set(body.orderIds)];
      return repo.transaction(async (tx) => {
        const rows = await repo.lockForBulk(scope, ids, tx);
        if (rows.length !== ids.length) throw notFound(ORDER);
        const byId = new Map(rows.map((r) => [r.id, r]));
        const changing: typeof rows = [];
        for (const id of ids) {
          const row = byId.get(id);
          if (!row || row.status === body.status) continue;
          const check = checkTransition(row.status, body.status, actor);
          if (!check.ok) throw invalidTransition(row.orderNumber, row.status, body.status, check.reason);
          changing.push(row);
        }
        const updated = await repo.bulkSetStatus(
          scope,
          changing.map((r) => r.id),
          body.status,
          body.completionNotes,
          tx,
        );
        await repo.insertHistory(
          scope,
          changing.map((r) => ({
            orderId: r.id,
            fromStatus: r.status,
            toStatus: body.status,
            changedBy: actor.id,
          })),
          tx,
        );
        return { updated };
      });
    },

    async bulkAssignTechnician(
      scope: TenantScope,
      body: { orderIds: string[]; technicianId: string | null },
    ): Promise<{ updated: number }> {
      if (body.technicianId) await technicians.assertAssignable(scope, body.technicianId, 'technicianId');
      const ids = [...new Set(body.orderIds)];
      return repo.transaction(async (tx) => {
        const rows = await repo.lockForBulk(scope, ids, tx);
        if (rows.length !== ids.length) throw notFound(ORDER);
        const changing = rows.filter((r) => r.assignedTechnicianId !== body.technicianId).map((r) => r.id);
        return { updated: await repo.bulkAssignTechnician(scope, changing, body.technicianId, tx) };
      });
    },

    /**
     * The spreadsheet of the filtered list, streamed. Internal notes go in only when asked for by
     * an Administrator or ServiceManager (product.md: internal notes stay with staff).
     */
    async exportWorkbook(
      scope: TenantScope,
      actor: Actor,
      query: ServiceOrderExportQuery,
      onError: (err: unknown) => void,
    ): Promise<{ filename: string; stream: Readable }> {
      const timeZone = await repo.partnerTimeZone(scope);
      const out = new PassThrough();
      const includeInternalNotes = query.includeInternalNotes && hasRole(actor, 'ServiceManager');
      // The first batch is read before any byte is sent: if the database fails there (gone, too
      // slow), the caller gets an error answer instead of a download cut at its first byte.
      const batches = await firstRead(
        withTotals(
          scope,
          repo.exportBatches(scope, listFilters(query), query.sortDirection, {
            internalNotes: includeInternalNotes,
          }),
          (s, ids) => deps.labour.labourTotals(s, ids),
        ),
      );
      writeOrdersWorkbook(out, batches, { includeInternalNotes, timeZone }).catch((err: unknown) => {
        // The headers are gone already: cut the download short so the client sees it failed.
        onError(err);
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return { filename: `service-orders-${todayIn(timeZone, now())}.xlsx`, stream: out };
    },

    ...createServiceOrderReads(repo, now),
    ...createSparePartLineRules(repo),
  };
}

export type ServiceOrdersService = ReturnType<typeof createServiceOrdersService>;
