// The orders feature's rules (create, update with transitions, bulk, list, export); the reads
// other features ask for (search, dashboard figures, contacts, serial history) are in
// service-orders.reads.ts and the spare-part rules in service-orders.spare-parts.ts.
import {
  checkTransition,
  EMPTY_CHECKPOINTS,
  formatOrderNumber,
  isScheduledDateAllowed,
  type ServiceOrder,
  type ServiceOrderCreate,
  type ServiceOrderListQuery,
  type ServiceOrderSearch,
  type ServiceOrderStatus,
  type ServiceOrderUpdate,
} from '@service-portal/shared/service-orders';
import { VALIDATION_MESSAGES } from '@service-portal/shared/validation';
import type { CustomerOrdersQuery, ServiceType } from '@service-portal/shared/service-orders';
import type { Money } from '@service-portal/shared/work-logs';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError, notFound } from '../../errors.ts';
import { createOrderExport } from './service-orders.export-service.ts';
import { listFilters, type OrderFilters } from './service-orders.filters.ts';
import type { HistoryEntry, OrderChanges } from './service-orders.repository.ts';
import { createServiceOrderReads } from './service-orders.reads.ts';
import { createBulkUndo } from './service-orders.undo.ts';
import { createSparePartLineRules } from './service-orders.spare-parts.ts';
import type { Actor, ServiceOrdersDeps, SchedulingRules } from './service-orders.ports.ts';
import { todayIn } from '@service-portal/shared/zoned-days';

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

/** Only completed orders have a completion time: completing stamps it, other statuses (reopen) clear it. */
function completedAtFor(to: ServiceOrderStatus): 'now' | null {
  return to === 'completed' ? 'now' : null;
}

export function createServiceOrdersService(deps: ServiceOrdersDeps) {
  const { repo, customers, technicians, warehouseLocations } = deps;
  const now = deps.now ?? (() => new Date());
  let scheduling: SchedulingRules | null = null;

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

  /**
   * The events of one order's change, in its transaction: status changed (and completed), and
   * scheduled when it got a date. `data` is the order as GET /service-orders/:id answers it.
   */
  async function orderEvents(
    tx: Db,
    scope: TenantScope,
    id: string,
    change: { fromStatus?: ServiceOrderStatus; toStatus?: ServiceOrderStatus; scheduled?: boolean },
  ): Promise<void> {
    const events = deps.events;
    if (!events) return;
    let order: ServiceOrder | null = null;
    const current = async () => (order ??= await repo.get(scope, id, tx));
    if (change.fromStatus && change.toStatus && change.fromStatus !== change.toStatus) {
      const previousStatus = change.fromStatus;
      await events.enqueue(tx, scope.partnerId, 'order.status_changed', async () => ({
        ...(await current()),
        previousStatus,
      }));
      if (change.toStatus === 'completed')
        await events.enqueue(tx, scope.partnerId, 'order.completed', current);
    }
    if (change.scheduled) await events.enqueue(tx, scope.partnerId, 'order.scheduled', current);
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

  /**
   * A changed date or technician that leaves the order placed (both set) passes the board's rule:
   * the form cannot book what the board would refuse. Unchanged placements are not re-checked.
   */
  async function assertPlacement(
    scope: TenantScope,
    current: {
      status: ServiceOrderStatus;
      serviceType: ServiceType;
      estimatedMinutes: number | null;
      scheduledDate: string | null;
      assignedTechnicianId: string | null;
    },
    next: {
      status?: ServiceOrderStatus | undefined;
      serviceType?: ServiceType | undefined;
      estimatedMinutes?: number | null | undefined;
      scheduledDate?: string | null | undefined;
      assignedTechnicianId?: string | null | undefined;
    },
  ) {
    if (!scheduling) return;
    const date = next.scheduledDate !== undefined ? next.scheduledDate : current.scheduledDate;
    const technicianId =
      next.assignedTechnicianId !== undefined ? next.assignedTechnicianId : current.assignedTechnicianId;
    if (!date || !technicianId) return;
    if (date === current.scheduledDate && technicianId === current.assignedTechnicianId) return;
    await scheduling.assertPlaceable(scope, {
      // The status the order is in when placed: a status change in the same save counts.
      order: {
        status: next.status ?? current.status,
        serviceType: next.serviceType ?? current.serviceType,
        estimatedMinutes:
          next.estimatedMinutes !== undefined ? next.estimatedMinutes : current.estimatedMinutes,
      },
      technicianId,
      date,
    });
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

    /** Wired by the schedule module: the form's placements pass the board's rule. */
    useSchedulingRules(rules: SchedulingRules): void {
      scheduling = rules;
    },

    /** For features with records on an order (work logs): 404 unless the order is the partner's. */
    async assertExists(scope: TenantScope, id: string): Promise<void> {
      if (!(await repo.exists(scope, id))) throw notFound(ORDER);
    },

    /** New time on an order (work logs): 404 unless the partner's, 409 when cancelled (decision 074). */
    async assertOpenForWork(scope: TenantScope, id: string): Promise<void> {
      const status = await repo.statusOf(scope, id);
      if (status === null) throw notFound(ORDER);
      if (status === 'cancelled') {
        throw new AppError('conflict', 409, 'The service order is cancelled: no time can be logged on it.');
      }
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
      // A new order given a technician and a day at once is placed like a move on the board.
      await assertPlacement(
        scope,
        {
          status: 'created',
          serviceType: input.serviceType,
          estimatedMinutes: input.estimatedMinutes,
          scheduledDate: null,
          assignedTechnicianId: null,
        },
        { scheduledDate: input.scheduledDate, assignedTechnicianId: input.assignedTechnicianId },
      );
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
        await deps.events?.enqueue(tx, scope.partnerId, 'order.created', async () => order);
        if (order.scheduledDate) await orderEvents(tx, scope, id, { scheduled: true });
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
        if (status === 'completed') await deps.completion?.assertCompletable(scope, current);
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
      await assertPlacement(scope, current, { ...fields, status });

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
        await orderEvents(tx, scope, id, {
          fromStatus: current.status,
          toStatus: changes.status,
          scheduled: Boolean(fields.scheduledDate) && fields.scheduledDate !== current.scheduledDate,
        });
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
        await orderEvents(tx, scope, id, {
          fromStatus: change.fromStatus,
          toStatus: change.status,
          scheduled: change.date !== null,
        });
        return true;
      });
    },

    async remove(scope: TenantScope, id: string): Promise<void> {
      if (!(await repo.delete(scope, id))) throw notFound(ORDER);
    },

    /** The customers feature's merge: how many orders move; moving them (`fromId` → `toId`) in `tx`. */
    countForCustomer: (scope: TenantScope, id: string, tx?: Db) => repo.countForCustomer(scope, id, tx),
    reassignCustomer: (scope: TenantScope, fromId: string, toId: string, tx: Db): Promise<number> =>
      repo.reassignCustomer(scope, fromId, toId, tx),

    /**
     * All or nothing: every id must be the partner's (404 otherwise) and every change legal (409
     * naming the first order that is not). Orders already in the status are left as they are.
     */
    /**
     * A move the customer's answer causes (issue 27: an approved estimate), by the transition
     * rules and with no user behind it; recorded in the status history with `note`. False when
     * the order is not in a status that may move there (it then stays as it is).
     */
    async moveForCustomer(
      scope: TenantScope,
      id: string,
      to: ServiceOrderStatus,
      note: string,
    ): Promise<boolean> {
      return repo.transaction(async (tx) => {
        const [row] = await repo.lockForBulk(scope, [id], tx);
        if (!row) throw notFound(ORDER);
        if (row.status === to || !checkTransition(row.status, to, { roles: [], isGlobalAdmin: false }).ok)
          return false;
        await repo.bulkSetStatus(scope, [id], to, null, tx);
        await repo.insertHistory(
          scope,
          [{ orderId: id, fromStatus: row.status, toStatus: to, changedBy: null, note }],
          tx,
        );
        return true;
      });
    },

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
          if (body.status === 'completed') await deps.completion?.assertCompletable(scope, row, tx);
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
        for (const r of changing)
          await orderEvents(tx, scope, r.id, { fromStatus: r.status, toStatus: body.status });
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

    ...createBulkUndo(repo, orderEvents),
    ...createOrderExport(repo, now),
    ...createServiceOrderReads(repo, now),
    ...createSparePartLineRules(repo),
  };
}

export type ServiceOrdersService = ReturnType<typeof createServiceOrdersService>;
