import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  Checkpoints,
  Priority,
  ServiceOrder,
  ServiceOrderStatus,
  ServiceType,
  StatusHistoryEntry,
} from '@service-portal/shared/service-orders';
import type { Currency } from '@service-portal/shared/limits';
import type { Db } from '../../db/client.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import {
  orderNumberCounters,
  serviceOrderSpareParts,
  serviceOrderStatusHistory,
} from '../../db/schema/service-orders.ts';
import { technicians } from '../../db/schema/technicians.ts';
import { users } from '../../db/schema/users.ts';
import { warehouseLocations } from '../../db/schema/warehouse-locations.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { createServiceOrderExportQueries } from './service-orders.export.repository.ts';
import { iso, isoOrNull, o, personName, phoneDigitsOf, technicianName } from './service-orders.filters.ts';
import {
  createServiceOrderListQueries,
  type ServiceOrderListOptions,
} from './service-orders.list.repository.ts';
import { createSparePartLines } from './service-orders.spare-parts.repository.ts';
import { createServiceOrderStatsQueries } from './service-orders.stats.repository.ts';

// The only code that speaks Drizzle for service orders, split by reason to change: this file
// holds the writes and the reads of one order; the list and search queries, the stats, the
// export's SQL and the spare-part lines live beside it (service-orders.*.repository.ts) and are
// put together into one repository object below, so the service sees one dependency.
//
// Display names (technician, warehouse location, users) are joined here rather than asked of the
// other features' services: they are read-only labels, and one joined query per page beats a
// round trip per feature. Rules about those records (assignable, usable) go through their services.

export interface OrderValues {
  title: string;
  serviceType: ServiceType;
  priority: Priority;
  description: string | null;
  serialNumber: string | null;
  relatedProductId: string | null;
  estimatedCost: number | null;
  currency: Currency;
  scheduledDate: string | null;
  scheduledStart: string | null;
  estimatedMinutes: number | null;
  assignedTechnicianId: string | null;
  customerId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  customerAddress: string | null;
  internalNotes: string | null;
  warehouseLocationId: string | null;
  completionNotes: string | null;
  checkpoints: Checkpoints;
}

/** The columns a PUT may change; `completedAt` is 'now' or null when the status says so. */
export type OrderChanges = Partial<OrderValues> & { status?: ServiceOrderStatus; completedAt?: 'now' | null };

export interface HistoryEntry {
  orderId: string;
  fromStatus: ServiceOrderStatus | null;
  toStatus: ServiceOrderStatus;
  changedBy: string | null;
  note?: string | null;
}

/** Wire names to column names: the one field whose name differs is the money field. */
function orderColumns<T extends { estimatedCost?: number | null }>(values: T) {
  const { estimatedCost, ...rest } = values;
  return { ...rest, ...(estimatedCost !== undefined ? { estimatedCostMinor: estimatedCost } : {}) };
}

const userName = personName(users.firstName, users.lastName);

export type ServiceOrdersRepositoryOptions = ServiceOrderListOptions;

export function createServiceOrdersRepository(db: Db, options: ServiceOrdersRepositoryOptions = {}) {
  const lists = createServiceOrderListQueries(db, options);
  const stats = createServiceOrderStatsQueries(db);
  const exports = createServiceOrderExportQueries(db);
  const lines = createSparePartLines(db);

  /** The partner's orders of a serial number (any case, spaces around ignored), oldest first. */
  async function ordersOfSerial(scope: TenantScope, serial: string) {
    return db
      .select({
        id: o.id,
        orderNumber: o.orderNumber,
        title: o.title,
        createdAt: o.createdAt,
        status: o.status,
      })
      .from(o)
      .where(scoped(o, scope, sql`lower(trim(${o.serialNumber})) = ${serial.trim().toLowerCase()}`))
      .orderBy(asc(o.createdAt));
  }

  return {
    ...lists,
    ...stats,
    ...exports,
    ...lines,

    /** Runs `fn` in one transaction; every query inside must use the `tx` it is given. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    async partnerTimeZone(scope: TenantScope): Promise<string> {
      const rows = await db
        .select({ timeZone: servicePartners.timeZone })
        .from(servicePartners)
        .where(eq(servicePartners.id, scope.partnerId))
        .limit(1);
      return rows[0]?.timeZone ?? 'Europe/Oslo';
    },

    async get(scope: TenantScope, id: string, tx: Db = db): Promise<ServiceOrder | null> {
      const rows = await tx
        .select({
          order: o,
          assignedTechnicianName: technicianName,
          warehouseLocationName: warehouseLocations.name,
          createdByName: userName,
        })
        .from(o)
        .leftJoin(technicians, eq(technicians.id, o.assignedTechnicianId))
        .leftJoin(warehouseLocations, eq(warehouseLocations.id, o.warehouseLocationId))
        .leftJoin(users, eq(users.id, o.createdBy))
        .where(scoped(o, scope, eq(o.id, id)))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const parts = await lines.listSpareParts(scope, id, tx);
      const history = await tx
        .select({
          id: serviceOrderStatusHistory.id,
          fromStatus: serviceOrderStatusHistory.fromStatus,
          toStatus: serviceOrderStatusHistory.toStatus,
          changedBy: serviceOrderStatusHistory.changedBy,
          changedByName: userName,
          changedAt: serviceOrderStatusHistory.changedAt,
          note: serviceOrderStatusHistory.note,
        })
        .from(serviceOrderStatusHistory)
        .leftJoin(users, eq(users.id, serviceOrderStatusHistory.changedBy))
        .where(scoped(serviceOrderStatusHistory, scope, eq(serviceOrderStatusHistory.serviceOrderId, id)))
        .orderBy(asc(serviceOrderStatusHistory.changedAt), asc(serviceOrderStatusHistory.id));
      const { order } = row;
      return {
        id: order.id,
        orderNumber: order.orderNumber,
        title: order.title,
        serviceType: order.serviceType,
        priority: order.priority,
        status: order.status,
        description: order.description,
        serialNumber: order.serialNumber,
        relatedProductId: order.relatedProductId,
        estimatedCost: order.estimatedCostMinor,
        currency: order.currency,
        scheduledDate: order.scheduledDate,
        scheduledStart: order.scheduledStart,
        estimatedMinutes: order.estimatedMinutes,
        assignedTechnicianId: order.assignedTechnicianId,
        assignedTechnicianName: row.assignedTechnicianName,
        customerId: order.customerId,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        customerPhone: order.customerPhone,
        customerAddress: order.customerAddress,
        internalNotes: order.internalNotes,
        warehouseLocationId: order.warehouseLocationId,
        warehouseLocationName: row.warehouseLocationName,
        completionNotes: order.completionNotes,
        checkpoints: order.checkpoints,
        spareParts: parts,
        statusHistory: history.map((h): StatusHistoryEntry => ({ ...h, changedAt: iso(h.changedAt) })),
        createdAt: iso(order.createdAt),
        updatedAt: iso(order.updatedAt),
        completedAt: isoOrNull(order.completedAt),
        createdBy: order.createdBy,
        createdByName: row.createdByName,
        version: order.version,
      };
    },

    /** The fields the update rules compare against. */
    async findState(scope: TenantScope, id: string) {
      const rows = await db
        .select({
          id: o.id,
          orderNumber: o.orderNumber,
          status: o.status,
          version: o.version,
          serviceType: o.serviceType,
          estimatedMinutes: o.estimatedMinutes,
          scheduledDate: o.scheduledDate,
          assignedTechnicianId: o.assignedTechnicianId,
          warehouseLocationId: o.warehouseLocationId,
          customerId: o.customerId,
          customerName: o.customerName,
          customerEmail: o.customerEmail,
          customerPhone: o.customerPhone,
          customerAddress: o.customerAddress,
        })
        .from(o)
        .where(scoped(o, scope, eq(o.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The one query here without a partner condition: an inbound e-mail or SMS arrives without a
     * tenant, and the partner is taken from the order it matches (communications threading).
     * Open orders first, then newest first.
     */
    async findByContactAcrossPartners(contact: { email: string } | { phoneDigits: string[] }) {
      const matches =
        'email' in contact
          ? eq(sql`lower(${o.customerEmail})`, contact.email.toLowerCase())
          : contact.phoneDigits.length > 0
            ? inArray(phoneDigitsOf, contact.phoneDigits)
            : sql`false`;
      return db
        .select({
          id: o.id,
          servicePartnerId: o.servicePartnerId,
          customerId: o.customerId,
          customerName: o.customerName,
          status: o.status,
        })
        .from(o)
        .where(matches)
        .orderBy(
          sql`case when ${o.status} in ('completed', 'cancelled') then 1 else 0 end`,
          desc(o.createdAt),
        )
        .limit(100);
    },

    /** The order's status; null when it is not the partner's. */
    async statusOf(scope: TenantScope, id: string): Promise<ServiceOrderStatus | null> {
      const rows = await db
        .select({ status: o.status })
        .from(o)
        .where(scoped(o, scope, eq(o.id, id)))
        .limit(1);
      return rows[0]?.status ?? null;
    },

    async exists(scope: TenantScope, id: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .select({ id: o.id })
        .from(o)
        .where(scoped(o, scope, eq(o.id, id)))
        .limit(1);
      return rows.length === 1;
    },

    /**
     * The next order number of the partner and year. The upsert takes the counter row's lock
     * until the transaction ends, so concurrent creates queue here, and a rolled-back create gives
     * its number back: no gaps, no duplicates.
     */
    async nextOrderSequence(scope: TenantScope, year: number, tx: Db): Promise<number> {
      const [row] = await tx
        .insert(orderNumberCounters)
        .values({ servicePartnerId: scope.partnerId, year, lastValue: 1 })
        .onConflictDoUpdate({
          target: [orderNumberCounters.servicePartnerId, orderNumberCounters.year],
          set: { lastValue: sql`${orderNumberCounters.lastValue} + 1` },
        })
        .returning({ lastValue: orderNumberCounters.lastValue });
      if (!row) throw new Error('order number counter returned nothing');
      return row.lastValue;
    },

    async insert(
      scope: TenantScope,
      values: OrderValues & { orderNumber: string; status: ServiceOrderStatus; createdBy: string | null },
      tx: Db,
    ): Promise<string> {
      const [row] = await tx
        .insert(o)
        .values({ ...orderColumns(values), servicePartnerId: scope.partnerId })
        .returning({ id: o.id });
      if (!row) throw new Error('service order insert returned nothing');
      return row.id;
    },

    /**
     * Applies the changes only if the stored version is still `version`, bumping it. The row lock
     * this takes makes a concurrent update with the same version wait, then miss.
     */
    async updateIfVersion(
      scope: TenantScope,
      id: string,
      version: number,
      changes: OrderChanges,
      tx: Db,
    ): Promise<boolean> {
      const { completedAt, ...rest } = changes;
      const rows = await tx
        .update(o)
        .set({
          ...orderColumns(rest),
          ...(completedAt !== undefined ? { completedAt: completedAt === 'now' ? sql`now()` : null } : {}),
          version: sql`${o.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(scoped(o, scope, eq(o.id, id), eq(o.version, version)))
        .returning({ id: o.id });
      return rows.length === 1;
    },

    /**
     * Moves the orders of one customer to another (customer merge), inside the caller's
     * transaction. The version stays: the order form cannot change `customerId`, so an open form
     * must not get a conflict on its next autosave because of it.
     */
    /** How many orders a customer has (a merge's preview). */
    async countForCustomer(scope: TenantScope, customerId: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(o)
        .where(scoped(o, scope, eq(o.customerId, customerId)));
      return row?.n ?? 0;
    },

    async reassignCustomer(scope: TenantScope, fromId: string, toId: string, tx: Db): Promise<number> {
      const rows = await tx
        .update(o)
        .set({ customerId: toId, updatedAt: sql`now()` })
        .where(scoped(o, scope, eq(o.customerId, fromId)))
        .returning({ id: o.id });
      return rows.length;
    },

    async delete(scope: TenantScope, id: string): Promise<boolean> {
      const rows = await db
        .delete(o)
        .where(scoped(o, scope, eq(o.id, id)))
        .returning({ id: o.id });
      return rows.length === 1;
    },

    async insertHistory(scope: TenantScope, entries: HistoryEntry[], tx: Db): Promise<void> {
      if (entries.length === 0) return;
      await tx.insert(serviceOrderStatusHistory).values(
        entries.map((e) => ({
          servicePartnerId: scope.partnerId,
          serviceOrderId: e.orderId,
          fromStatus: e.fromStatus,
          toStatus: e.toStatus,
          changedBy: e.changedBy,
          note: e.note ?? null,
        })),
      );
    },

    // --- bulk ---------------------------------------------------------------------------------

    /** Locks the partner's orders among `ids` (in id order, so concurrent bulk calls cannot deadlock). */
    async lockForBulk(scope: TenantScope, ids: string[], tx: Db) {
      return tx
        .select({
          id: o.id,
          orderNumber: o.orderNumber,
          status: o.status,
          assignedTechnicianId: o.assignedTechnicianId,
        })
        .from(o)
        .where(scoped(o, scope, inArray(o.id, ids)))
        .orderBy(asc(o.id))
        .for('update');
    },

    async bulkSetStatus(
      scope: TenantScope,
      ids: string[],
      status: ServiceOrderStatus,
      completionNotes: string | null,
      tx: Db,
    ): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await tx
        .update(o)
        .set({
          status,
          completedAt: status === 'completed' ? sql`now()` : null,
          ...(status === 'completed' && completionNotes ? { completionNotes } : {}),
          version: sql`${o.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(scoped(o, scope, inArray(o.id, ids)))
        .returning({ id: o.id });
      return rows.length;
    },

    async bulkAssignTechnician(
      scope: TenantScope,
      ids: string[],
      technicianId: string | null,
      tx: Db,
    ): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await tx
        .update(o)
        .set({ assignedTechnicianId: technicianId, version: sql`${o.version} + 1`, updatedAt: sql`now()` })
        .where(scoped(o, scope, inArray(o.id, ids)))
        .returning({ id: o.id });
      return rows.length;
    },

    /** Marks the order as changed (updated_at) without a new version; false when it is not the partner's. */
    async touch(scope: TenantScope, id: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .update(o)
        .set({ updatedAt: sql`now()`, version: sql`${o.version} + 1` })
        .where(scoped(o, scope, eq(o.id, id)))
        .returning({ id: o.id });
      return rows.length === 1;
    },

    /**
     * One physical unit's orders (the serial number, trimmed, in any case), each with its status
     * changes and spare-part lines: the service history by serial number reads these.
     */
    ordersOfSerial,

    async bySerial(scope: TenantScope, serial: string) {
      const orders = await ordersOfSerial(scope, serial);
      const ids = orders.map((x) => x.id);
      if (ids.length === 0) return { orders, history: [], parts: [] };
      const [history, parts] = await Promise.all([
        db
          .select({
            serviceOrderId: serviceOrderStatusHistory.serviceOrderId,
            fromStatus: serviceOrderStatusHistory.fromStatus,
            toStatus: serviceOrderStatusHistory.toStatus,
            changedAt: serviceOrderStatusHistory.changedAt,
            note: serviceOrderStatusHistory.note,
          })
          .from(serviceOrderStatusHistory)
          .where(
            scoped(serviceOrderStatusHistory, scope, inArray(serviceOrderStatusHistory.serviceOrderId, ids)),
          ),
        db
          .select({
            serviceOrderId: serviceOrderSpareParts.serviceOrderId,
            partNumber: serviceOrderSpareParts.partNumber,
            partName: serviceOrderSpareParts.partName,
            quantity: serviceOrderSpareParts.quantity,
            createdAt: serviceOrderSpareParts.createdAt,
          })
          .from(serviceOrderSpareParts)
          .where(scoped(serviceOrderSpareParts, scope, inArray(serviceOrderSpareParts.serviceOrderId, ids))),
      ]);
      return { orders, history, parts };
    },
  };
}

export type ServiceOrdersRepository = ReturnType<typeof createServiceOrdersRepository>;
