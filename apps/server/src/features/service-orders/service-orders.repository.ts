import { asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  Checkpoints,
  Priority,
  ServiceOrder,
  ServiceOrderListItem,
  ServiceOrderStatus,
  ServiceType,
  SparePart,
  SparePartInput,
  StatusHistoryEntry,
} from '@service-portal/shared/service-orders';
import type { Currency } from '@service-portal/shared/limits';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { servicePartners } from '../../db/schema/partners.ts';
import {
  orderNumberCounters,
  searchTokensOf,
  serviceOrders,
  serviceOrderSpareParts,
  serviceOrderStatusHistory,
} from '../../db/schema/service-orders.ts';
import { technicians } from '../../db/schema/technicians.ts';
import { users } from '../../db/schema/users.ts';
import { warehouseLocations } from '../../db/schema/warehouse-locations.ts';
import { placeholderValues, scoped, scopedPlaceholder, type TenantScope } from '../../db/tenant.ts';

// Display names (technician, warehouse location, users) are joined here rather than asked of the
// other features' services: they are read-only labels, and one joined query per page beats a
// round trip per feature. Rules about those records (assignable, usable) go through their services.

/** Filters shared by the list, the export and the search endpoints. */
export interface OrderFilters {
  /** One text over order number, customer name, e-mail, phone and serial number. */
  text?: string | undefined;
  customerName?: string | undefined;
  orderNumber?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  serialNumber?: string | undefined;
  status?: readonly ServiceOrderStatus[] | undefined;
  priority?: readonly Priority[] | undefined;
  serviceType?: readonly ServiceType[] | undefined;
  customerId?: string | undefined;
  assignedTechnicianId?: string | undefined;
  /** ISO instants: created / completed in [from, to). */
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  completedFrom?: string | undefined;
  completedTo?: string | undefined;
}

/** The instant bounds of the filters, as [filter key, column, comparison]. */
const BOUNDS = [
  ['createdFrom', 'createdAt', '>='],
  ['createdTo', 'createdAt', '<'],
  ['completedFrom', 'completedAt', '>='],
  ['completedTo', 'completedAt', '<'],
] as const;

export type SortDirection = 'asc' | 'desc';

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

/** An order as the export writes it: instants as epoch milliseconds, money in minor units. */
export interface ExportRow {
  id: string;
  orderNumber: string;
  title: string;
  status: ServiceOrderStatus;
  priority: Priority;
  serviceType: ServiceType;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  serialNumber: string | null;
  technicianName: string | null;
  /** YYYY-MM-DD. */
  scheduledDate: string | null;
  createdAtMs: number;
  completedAtMs: number | null;
  estimatedCost: number | null;
  currency: Currency;
  /** Read only when the export includes them; null otherwise. */
  internalNotes: string | null;
  /** The spare-part lines' totals per currency in minor units, "NOK 378000 EUR 2500"; null: none. */
  partsTotals: string | null;
}

/** What the export asks of `exportBatches`. */
export interface ExportOptions {
  /** Read the internal notes (else they stay in the database). */
  internalNotes: boolean;
  /** Rows per query (1,000; bench/README.md, export, on why not more). */
  batchSize?: number;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
const contains = (value: string) => `%${escapeLike(value)}%`;

const personName = (first: PgColumn, last: PgColumn) => sql<string | null>`${first} || ' ' || ${last}`;
const technicianName = personName(technicians.firstName, technicians.lastName);
/** Σ quantity × unit cost of spare-part lines, in bigint: the product may pass 2^31. Read as text. */
const partsAmount = sql`sum(${serviceOrderSpareParts.quantity}::bigint * ${serviceOrderSpareParts.unitCostMinor})`;
const userName = personName(users.firstName, users.lastName);

const o = serviceOrders;
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

const listColumns = {
  id: o.id,
  orderNumber: o.orderNumber,
  title: o.title,
  serviceType: o.serviceType,
  priority: o.priority,
  status: o.status,
  customerId: o.customerId,
  customerName: o.customerName,
  customerEmail: o.customerEmail,
  customerPhone: o.customerPhone,
  serialNumber: o.serialNumber,
  scheduledDate: o.scheduledDate,
  assignedTechnicianId: o.assignedTechnicianId,
  assignedTechnicianName: technicianName,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
  completedAt: o.completedAt,
  version: o.version,
};

function toListItem<T extends { createdAt: Date; updatedAt: Date; completedAt: Date | null }>(row: T) {
  return {
    ...row,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    completedAt: isoOrNull(row.completedAt),
  };
}

const sparePartColumns = {
  id: serviceOrderSpareParts.id,
  serviceOrderId: serviceOrderSpareParts.serviceOrderId,
  partNumber: serviceOrderSpareParts.partNumber,
  partName: serviceOrderSpareParts.partName,
  quantity: serviceOrderSpareParts.quantity,
  unitCost: serviceOrderSpareParts.unitCostMinor,
  currency: serviceOrderSpareParts.currency,
  supplier: serviceOrderSpareParts.supplier,
  notes: serviceOrderSpareParts.notes,
  createdAt: serviceOrderSpareParts.createdAt,
  updatedAt: serviceOrderSpareParts.updatedAt,
  version: serviceOrderSpareParts.version,
};

function toSparePart<T extends { createdAt: Date; updatedAt: Date }>(row: T) {
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

function sparePartValues(
  scope: TenantScope,
  orderId: string,
  line: SparePartInputParsed,
  position: number | SQL,
) {
  return {
    servicePartnerId: scope.partnerId,
    serviceOrderId: orderId,
    position,
    partNumber: line.partNumber,
    partName: line.partName,
    quantity: line.quantity,
    unitCostMinor: line.unitCost,
    currency: line.currency,
    supplier: line.supplier ?? null,
    notes: line.notes ?? null,
  };
}

/** A spare-part line after the shared schema parsed it. */
export type SparePartInputParsed = Omit<SparePartInput, 'supplier' | 'notes'> & {
  supplier?: string | null | undefined;
  notes?: string | null | undefined;
};

/** Wire names to column names: the one field whose name differs is the money field. */
function orderColumns<T extends { estimatedCost?: number | null }>(values: T) {
  const { estimatedCost, ...rest } = values;
  return { ...rest, ...(estimatedCost !== undefined ? { estimatedCostMinor: estimatedCost } : {}) };
}

/** The search index's expression, and the phone as bare digits as it holds them. */
const searchTokens = searchTokensOf(o);
const phoneDigitsOf = sql`regexp_replace(coalesce(${o.customerPhone}, ''), '\\D', '', 'g')`;

/** The digits of a text that could be a phone number ("+47 912 34 567"), else undefined. */
function phoneDigits(text: string): string | undefined {
  if (!/^[\d\s+()./-]+$/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 ? digits : undefined;
}

/**
 * The index condition for a term: the row holds every token of the term (or of one of its
 * alternatives, e.g. typed and digits-only). A term under 3 characters has no tokens, and then
 * there is no index condition: the ILIKE beside it decides alone.
 */
function tokensFor(scope: TenantScope, alternatives: (string | undefined)[]): SQL | undefined {
  const terms = alternatives.filter((t): t is string => t !== undefined && [...t].length >= 3);
  if (terms.length === 0) return undefined;
  return or(
    ...terms.map((term) => sql`${searchTokens} @> so_search_tokens(${scope.partnerId}::uuid, ${term}::text)`),
  );
}

function usesSearch(f: OrderFilters): boolean {
  return Boolean(f.text || f.customerName || f.orderNumber || f.email || f.phone || f.serialNumber);
}

/** Completed in [from, to): the dashboard's resolution time and revenue take these orders. */
function completedBetween(from: Date, to: Date): SQL[] {
  return [
    eq(o.status, 'completed'),
    sql`${o.completedAt} >= ${iso(from)}::timestamptz`,
    sql`${o.completedAt} < ${iso(to)}::timestamptz`,
  ];
}

export interface ServiceOrdersRepositoryOptions {
  /** How many filter shapes of the plain list get prepared statements (tests lower it). */
  maxListShapes?: number;
}

export function createServiceOrdersRepository(db: Db, options: ServiceOrdersRepositoryOptions = {}) {
  async function listSpareParts(scope: TenantScope, orderId: string, tx: Db = db): Promise<SparePart[]> {
    const rows = await tx
      .select(sparePartColumns)
      .from(serviceOrderSpareParts)
      .where(scoped(serviceOrderSpareParts, scope, eq(serviceOrderSpareParts.serviceOrderId, orderId)))
      .orderBy(
        asc(serviceOrderSpareParts.position),
        asc(serviceOrderSpareParts.createdAt),
        asc(serviceOrderSpareParts.id),
      );
    return rows.map(toSparePart);
  }

  function filterConditions(scope: TenantScope, f: OrderFilters): (SQL | undefined)[] {
    const conditions: (SQL | undefined)[] = [];
    if (f.text) {
      // One text over five fields (and the phone's digits when the text could be a phone number).
      const like = contains(f.text);
      const digits = phoneDigits(f.text);
      conditions.push(
        tokensFor(scope, [f.text, digits]),
        or(
          ilike(o.orderNumber, like),
          ilike(o.customerName, like),
          ilike(o.customerEmail, like),
          ilike(sql`coalesce(${o.customerPhone}, '')`, like),
          ilike(sql`coalesce(${o.serialNumber}, '')`, like),
          digits ? sql`${phoneDigitsOf} like ${contains(digits)}` : undefined,
        ),
      );
    }
    if (f.customerName)
      conditions.push(tokensFor(scope, [f.customerName]), ilike(o.customerName, contains(f.customerName)));
    if (f.orderNumber)
      conditions.push(tokensFor(scope, [f.orderNumber]), ilike(o.orderNumber, contains(f.orderNumber)));
    if (f.email) conditions.push(tokensFor(scope, [f.email]), ilike(o.customerEmail, contains(f.email)));
    if (f.serialNumber)
      conditions.push(
        tokensFor(scope, [f.serialNumber]),
        ilike(sql`coalesce(${o.serialNumber}, '')`, contains(f.serialNumber)),
      );
    if (f.phone) {
      // "912 34 567" should find "+47 912 34 567": compare digits too when the text has any.
      const digits = f.phone.replace(/\D/g, '');
      const asTyped = ilike(sql`coalesce(${o.customerPhone}, '')`, contains(f.phone));
      conditions.push(
        tokensFor(scope, [f.phone, digits]),
        digits.length > 0 ? or(asTyped, sql`${phoneDigitsOf} like ${contains(digits)}`) : asTyped,
      );
    }
    if (f.status?.length) conditions.push(inArray(o.status, [...f.status]));
    if (f.priority?.length) conditions.push(inArray(o.priority, [...f.priority]));
    if (f.serviceType?.length) conditions.push(inArray(o.serviceType, [...f.serviceType]));
    if (f.customerId) conditions.push(eq(o.customerId, f.customerId));
    if (f.assignedTechnicianId) conditions.push(eq(o.assignedTechnicianId, f.assignedTechnicianId));
    for (const [key, column, op] of BOUNDS) {
      const value = f[key];
      if (value) conditions.push(sql`${o[column]} ${sql.raw(op)} ${value}::timestamptz`);
    }
    return conditions;
  }

  /**
   * The page and the total of a text search in one query: the matching rows are few and found
   * through the search index, so counting them while sorting costs nothing extra, where a second
   * query would search again.
   */
  async function searchPage(
    scope: TenantScope,
    filters: OrderFilters,
    page: { page: number; pageSize: number; sortDirection: SortDirection },
  ): Promise<{ items: ServiceOrderListItem[]; total: number }> {
    const where = scoped(o, scope, ...filterConditions(scope, filters));
    const rows = await db
      .select({ ...listColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(o)
      .leftJoin(technicians, eq(technicians.id, o.assignedTechnicianId))
      .where(where)
      .orderBy(...sortBy(page.sortDirection))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize);
    const first = rows[0];
    let total = first?.total ?? 0;
    // Past the last page the window has no row to carry the total: ask for it.
    if (!first && page.page > 1) total = (await db.select({ n: count() }).from(o).where(where))[0]?.n ?? 0;
    return { items: rows.map(({ total: _total, ...row }) => toListItem(row)), total };
  }

  /**
   * The plain list (no text search): its page and count are prepared statements, one pair per
   * filter shape, so neither drizzle nor PostgreSQL builds or plans them again on every request.
   */
  const listStatements = new Map<string, ReturnType<typeof prepareList>>();
  const maxListShapes = options.maxListShapes ?? 256;

  function listShape(f: OrderFilters, sortDirection: SortDirection) {
    return [
      sortDirection,
      f.status?.length ?? 0,
      f.priority?.length ?? 0,
      f.serviceType?.length ?? 0,
      f.customerId ? 1 : 0,
      f.assignedTechnicianId ? 1 : 0,
      BOUNDS.map(([key]) => (f[key] ? 1 : 0)).join(''),
    ].join(':');
  }

  function prepareList(f: OrderFilters, sortDirection: SortDirection, name: string) {
    const ph = (key: string) => sql.placeholder(key);
    const several = (key: string, n: number) => Array.from({ length: n }, (_, i) => ph(`${key}${i}`));
    const where = scopedPlaceholder(
      o,
      f.status?.length ? inArray(o.status, several('status', f.status.length)) : undefined,
      f.priority?.length ? inArray(o.priority, several('priority', f.priority.length)) : undefined,
      f.serviceType?.length
        ? inArray(o.serviceType, several('serviceType', f.serviceType.length))
        : undefined,
      f.customerId ? eq(o.customerId, ph('customerId')) : undefined,
      f.assignedTechnicianId ? eq(o.assignedTechnicianId, ph('technicianId')) : undefined,
      ...BOUNDS.map(([key, column, op]) =>
        f[key] ? sql`${o[column]} ${sql.raw(op)} ${ph(key)}::timestamptz` : undefined,
      ),
    );
    return {
      page: db
        .select(listColumns)
        .from(o)
        .leftJoin(technicians, eq(technicians.id, o.assignedTechnicianId))
        .where(where)
        .orderBy(...sortBy(sortDirection))
        .limit(ph('limit'))
        .offset(ph('offset'))
        .prepare(`${name}_page`),
      count: db.select({ n: count() }).from(o).where(where).prepare(`${name}_count`),
    };
  }

  function listValues(f: OrderFilters): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    f.status?.forEach((v, i) => (values[`status${i}`] = v));
    f.priority?.forEach((v, i) => (values[`priority${i}`] = v));
    f.serviceType?.forEach((v, i) => (values[`serviceType${i}`] = v));
    if (f.customerId) values.customerId = f.customerId;
    if (f.assignedTechnicianId) values.technicianId = f.assignedTechnicianId;
    for (const [key] of BOUNDS) if (f[key]) values[key] = f[key];
    return values;
  }

  /** The plain list built for this request: past the cap of prepared shapes. */
  async function builtPage(
    scope: TenantScope,
    filters: OrderFilters,
    page: { page: number; pageSize: number; sortDirection: SortDirection },
  ): Promise<{ items: ServiceOrderListItem[]; total: number }> {
    const where = scoped(o, scope, ...filterConditions(scope, filters));
    const [rows, totals] = await Promise.all([
      db
        .select(listColumns)
        .from(o)
        .leftJoin(technicians, eq(technicians.id, o.assignedTechnicianId))
        .where(where)
        .orderBy(...sortBy(page.sortDirection))
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize),
      db.select({ n: count() }).from(o).where(where),
    ]);
    return { items: rows.map(toListItem), total: totals[0]?.n ?? 0 };
  }

  async function plainPage(
    scope: TenantScope,
    filters: OrderFilters,
    page: { page: number; pageSize: number; sortDirection: SortDirection },
  ): Promise<{ items: ServiceOrderListItem[]; total: number }> {
    const shape = listShape(filters, page.sortDirection);
    let statements = listStatements.get(shape);
    if (!statements) {
      // Shapes are counts of chosen statuses, priorities and types: in practice a few dozen. Past
      // the cap the query is built as usual (a name must never be reused for other SQL).
      if (listStatements.size >= maxListShapes) return builtPage(scope, filters, page);
      // The name follows from the shape, as the SQL does: the same name always means the same SQL,
      // on every pooled connection, whichever repository instance prepared it.
      statements = prepareList(filters, page.sortDirection, `so_list_${shape.replaceAll(':', '_')}`);
      listStatements.set(shape, statements);
    }
    const values = placeholderValues(scope, listValues(filters));
    const [rows, totals] = await Promise.all([
      statements.page.execute({ ...values, limit: page.pageSize, offset: (page.page - 1) * page.pageSize }),
      statements.count.execute(values),
    ]);
    return { items: rows.map(toListItem), total: totals[0]?.n ?? 0 };
  }

  const sortBy = (direction: SortDirection) =>
    direction === 'asc' ? [asc(o.createdAt), asc(o.id)] : [desc(o.createdAt), desc(o.id)];

  /**
   * One batch of the export after the keyset `after`; the key is created_at as text (a JS number
   * or Date holds milliseconds, the column microseconds). Plain SQL with named columns, read as
   * the driver returns it: drizzle's per-field row mapping cost more than the rest of the query's
   * handling together (bench/README.md, export). Every value comes back as text or a number in
   * both drivers (instants as epoch ms, the date as text). The spare-part totals come along, one
   * index lookup per order, rather than as a third query per batch.
   */
  async function exportBatch(
    scope: TenantScope,
    filters: OrderFilters,
    sortDirection: SortDirection,
    after: { key: string; id: string } | null,
    options: { internalNotes: boolean; limit: number },
  ): Promise<(ExportRow & { key: string })[]> {
    const keyset: SQL | undefined = after
      ? sortDirection === 'asc'
        ? sql`(${o.createdAt}, ${o.id}) > (${after.key}::timestamptz, ${after.id}::uuid)`
        : sql`(${o.createdAt}, ${o.id}) < (${after.key}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const epochMs = (column: PgColumn) => sql`(extract(epoch from ${column}) * 1000)::float8`;
    const p = serviceOrderSpareParts;
    const query = sql`select
        ${o.id} as "id",
        ${o.createdAt}::text as "key",
        ${o.orderNumber} as "orderNumber",
        ${o.title} as "title",
        ${o.status} as "status",
        ${o.priority} as "priority",
        ${o.serviceType} as "serviceType",
        ${o.customerName} as "customerName",
        ${o.customerEmail} as "customerEmail",
        ${o.customerPhone} as "customerPhone",
        ${o.serialNumber} as "serialNumber",
        ${technicianName} as "technicianName",
        ${o.scheduledDate}::text as "scheduledDate",
        ${epochMs(o.createdAt)} as "createdAtMs",
        ${epochMs(o.completedAt)} as "completedAtMs",
        ${o.estimatedCostMinor} as "estimatedCost",
        ${o.currency} as "currency",
        ${options.internalNotes ? o.internalNotes : sql`null::text`} as "internalNotes",
        (select string_agg(t.currency || ' ' || t.amount, ' ')
           from (select ${p.currency} as currency, ${partsAmount}::text as amount
                   from ${p}
                  where ${p.servicePartnerId} = ${o.servicePartnerId} and ${p.serviceOrderId} = ${o.id}
                  group by ${p.currency}) t) as "partsTotals"
      from ${o}
      left join ${technicians} on ${eq(technicians.id, o.assignedTechnicianId)}
      where ${scoped(o, scope, ...filterConditions(scope, filters), keyset)}
      order by ${sql.join(sortBy(sortDirection), sql`, `)}
      limit ${options.limit}`;
    // Both drivers answer db.execute with { rows: [...] } of plain objects.
    const result: unknown = await db.execute(query);
    return (result as { rows: (ExportRow & { key: string })[] }).rows;
  }

  return {
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

    async list(
      scope: TenantScope,
      filters: OrderFilters,
      page: { page: number; pageSize: number; sortDirection: SortDirection },
    ): Promise<{ items: ServiceOrderListItem[]; total: number }> {
      return usesSearch(filters) ? searchPage(scope, filters, page) : plainPage(scope, filters, page);
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
      const parts = await listSpareParts(scope, id, tx);
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
            ? inArray(
                sql`regexp_replace(coalesce(${o.customerPhone}, ''), '\\D', '', 'g')`,
                contact.phoneDigits,
              )
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

    async exists(scope: TenantScope, id: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .select({ id: o.id })
        .from(o)
        .where(scoped(o, scope, eq(o.id, id)))
        .limit(1);
      return rows.length === 1;
    },

    /** Σ quantity × unit cost of the orders' spare-part lines per order and currency, in one query. */
    async partsTotals(
      scope: TenantScope,
      orderIds: readonly string[],
    ): Promise<{ orderId: string; currency: Currency; amountMinor: number }[]> {
      if (orderIds.length === 0) return [];
      const p = serviceOrderSpareParts;
      const rows = await db
        .select({
          orderId: p.serviceOrderId,
          currency: p.currency,
          amount: sql<string>`${partsAmount}::text`,
        })
        .from(p)
        // One array parameter, not one per id (drizzle and pg spend ≈ 3 µs on each parameter).
        .where(scoped(p, scope, sql`${p.serviceOrderId} = any(${sql.param([...orderIds])}::uuid[])`))
        .groupBy(p.serviceOrderId, p.currency);
      return rows.map((r) => ({ orderId: r.orderId, currency: r.currency, amountMinor: Number(r.amount) }));
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

    // --- read models ----------------------------------------------------------------------------

    /**
     * Up to `limit` orders containing the text, exact matches first: the text is the whole order
     * number, serial number, e-mail or phone (as digits). The exact ones are looked up on their
     * own (through the search tokens, then equality), so a common text that matches thousands of
     * orders still stops at the newest `limit` of them instead of ranking them all.
     */
    async globalSearch(
      scope: TenantScope,
      text: string,
      limit: number,
    ): Promise<(ServiceOrderListItem & { exact: boolean })[]> {
      const lower = text.toLowerCase();
      const digits = phoneDigits(text);
      const exactRows =
        [...text].length >= 3
          ? await db
              .select(listColumns)
              .from(o)
              .leftJoin(technicians, eq(technicians.id, o.assignedTechnicianId))
              .where(
                scoped(
                  o,
                  scope,
                  tokensFor(scope, [text, digits]),
                  or(
                    sql`lower(${o.orderNumber}) = ${lower}`,
                    sql`lower(coalesce(${o.serialNumber}, '')) = ${lower}`,
                    sql`lower(${o.customerEmail}) = ${lower}`,
                    sql`lower(coalesce(${o.customerPhone}, '')) = ${lower}`,
                    // A whole national number matches the stored one with or without its country code.
                    digits && digits.length >= 8
                      ? sql`right(${phoneDigitsOf}, ${digits.length}) = ${digits}`
                      : undefined,
                  ),
                ),
              )
              .orderBy(desc(o.createdAt), desc(o.id))
              .limit(limit)
          : [];
      const rows = await db
        .select(listColumns)
        .from(o)
        .leftJoin(technicians, eq(technicians.id, o.assignedTechnicianId))
        .where(scoped(o, scope, ...filterConditions(scope, { text })))
        .orderBy(desc(o.createdAt), desc(o.id))
        .limit(limit);
      const seen = new Set(exactRows.map((r) => r.id));
      return [
        ...exactRows.map((r) => ({ ...toListItem(r), exact: true })),
        ...rows.filter((r) => !seen.has(r.id)).map((r) => ({ ...toListItem(r), exact: false })),
      ].slice(0, limit);
    },

    /**
     * The dashboard's counts over orders created in [from, to): per status, service type,
     * technician and trend bucket (`bounds`: the buckets' first instants, ascending; bucket 1 is
     * the first). One grouped query; the dashboard folds the groups.
     */
    async createdInPeriod(scope: TenantScope, from: Date, to: Date, bounds: readonly Date[]) {
      const edges = sql`${sql.param(bounds.map(iso))}::timestamptz[]`;
      const rows = await db
        .select({
          status: o.status,
          serviceType: o.serviceType,
          technicianId: o.assignedTechnicianId,
          bucket: sql<number>`width_bucket(${o.createdAt}, ${edges})`.mapWith(Number),
          n: count(),
        })
        .from(o)
        .where(
          scoped(
            o,
            scope,
            sql`${o.createdAt} >= ${iso(from)}::timestamptz`,
            sql`${o.createdAt} < ${iso(to)}::timestamptz`,
          ),
        )
        .groupBy(o.status, o.serviceType, o.assignedTechnicianId, sql`4`);
      return rows;
    },

    /**
     * Orders completed in [from, to) per technician (null: unassigned): how many, and the sum of
     * their resolution times in seconds. Read from service_orders_partner_completed_idx alone.
     */
    async completedInPeriod(scope: TenantScope, from: Date, to: Date) {
      const rows = await db
        .select({
          technicianId: o.assignedTechnicianId,
          n: count(),
          seconds: sql<string>`sum(extract(epoch from (${o.completedAt} - ${o.createdAt})))::text`,
        })
        .from(o)
        .where(scoped(o, scope, ...completedBetween(from, to)))
        .groupBy(o.assignedTechnicianId);
      return rows.map((r) => ({ technicianId: r.technicianId, n: r.n, seconds: Number(r.seconds) }));
    },

    /** Σ spare-part lines of the orders completed in [from, to), per currency, in one joined query. */
    async partsRevenue(
      scope: TenantScope,
      from: Date,
      to: Date,
    ): Promise<{ currency: Currency; amountMinor: number }[]> {
      const p = serviceOrderSpareParts;
      const rows = await db
        .select({ currency: p.currency, amount: sql<string>`${partsAmount}::text` })
        .from(o)
        .innerJoin(p, eq(p.serviceOrderId, o.id))
        .where(scoped(o, scope, eq(p.servicePartnerId, scope.partnerId), ...completedBetween(from, to)))
        .groupBy(p.currency);
      return rows.map((r) => ({ currency: r.currency, amountMinor: Number(r.amount) }));
    },

    /** Orders in these statuses now, whenever created. */
    async countInStatuses(scope: TenantScope, statuses: readonly ServiceOrderStatus[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(o)
        .where(scoped(o, scope, inArray(o.status, [...statuses])));
      return row?.n ?? 0;
    },

    /** Counts per status × priority × type in one grouped query; the service folds them. */
    async countsByGroup(scope: TenantScope) {
      return db
        .select({ status: o.status, priority: o.priority, serviceType: o.serviceType, n: count() })
        .from(o)
        .where(scoped(o, scope))
        .groupBy(o.status, o.priority, o.serviceType);
    },

    async windowStats(scope: TenantScope, since: Date) {
      const sinceSql = sql`${since.toISOString()}::timestamptz`;
      const [row] = await db
        .select({
          completedSince: sql<number>`(count(*) filter (where ${o.status} = 'completed' and ${o.completedAt} >= ${sinceSql}))::int`,
          createdSince: sql<number>`(count(*) filter (where ${o.createdAt} >= ${sinceSql}))::int`,
          avgResolutionSeconds: sql<
            string | number | null
          >`avg(extract(epoch from (${o.completedAt} - ${o.createdAt}))) filter (where ${o.status} = 'completed' and ${o.completedAt} is not null)`,
        })
        .from(o)
        .where(scoped(o, scope));
      return {
        completedSince: Number(row?.completedSince ?? 0),
        createdSince: Number(row?.createdSince ?? 0),
        avgResolutionSeconds: row?.avgResolutionSeconds == null ? null : Number(row.avgResolutionSeconds),
      };
    },

    /**
     * The filtered orders in keyset batches (created_at, id): memory stays at a batch or two
     * however many rows match. The next batch's query starts as soon as a batch has arrived, so
     * it runs while the caller works on this one. A SQL cursor would hold a transaction open for
     * the whole download, and on PGlite (one connection) that would stall every other request
     * until the client finished.
     */
    async *exportBatches(
      scope: TenantScope,
      filters: OrderFilters,
      sortDirection: SortDirection,
      options: ExportOptions,
    ): AsyncGenerator<ExportRow[]> {
      const limit = options.batchSize ?? 1000;
      const batch = (after: { key: string; id: string } | null) =>
        exportBatch(scope, filters, sortDirection, after, { internalNotes: options.internalNotes, limit });
      let pending: Promise<(ExportRow & { key: string })[]> | null = batch(null);
      try {
        while (pending) {
          const rows: (ExportRow & { key: string })[] = await pending;
          const last = rows[rows.length - 1];
          pending = rows.length === limit && last ? batch({ key: last.key, id: last.id }) : null;
          // Awaited on the next turn; if the caller stops first, its failure is nobody's.
          pending?.catch(() => undefined);
          if (rows.length > 0) yield rows;
        }
      } finally {
        await pending?.catch(() => undefined);
      }
    },

    // --- spare parts ----------------------------------------------------------------------------

    listSpareParts,

    async getSparePart(
      scope: TenantScope,
      orderId: string,
      partId: string,
      tx: Db = db,
    ): Promise<SparePart | null> {
      const rows = await tx
        .select(sparePartColumns)
        .from(serviceOrderSpareParts)
        .where(
          scoped(
            serviceOrderSpareParts,
            scope,
            eq(serviceOrderSpareParts.serviceOrderId, orderId),
            eq(serviceOrderSpareParts.id, partId),
          ),
        )
        .limit(1);
      return rows[0] ? toSparePart(rows[0]) : null;
    },

    async replaceSpareParts(
      scope: TenantScope,
      orderId: string,
      lines: SparePartInputParsed[],
      tx: Db,
    ): Promise<void> {
      await tx
        .delete(serviceOrderSpareParts)
        .where(scoped(serviceOrderSpareParts, scope, eq(serviceOrderSpareParts.serviceOrderId, orderId)));
      if (lines.length === 0) return;
      await tx
        .insert(serviceOrderSpareParts)
        .values(lines.map((line, i) => sparePartValues(scope, orderId, line, i)));
    },

    async addSparePart(
      scope: TenantScope,
      orderId: string,
      line: SparePartInputParsed,
      tx: Db,
    ): Promise<SparePart> {
      const position = sql`(select coalesce(max(${serviceOrderSpareParts.position}), -1) + 1 from ${serviceOrderSpareParts} where ${serviceOrderSpareParts.serviceOrderId} = ${orderId})`;
      const [row] = await tx
        .insert(serviceOrderSpareParts)
        .values(sparePartValues(scope, orderId, line, position))
        .returning(sparePartColumns);
      if (!row) throw new Error('spare part insert returned nothing');
      return toSparePart(row);
    },

    async updateSparePartIfVersion(
      scope: TenantScope,
      orderId: string,
      partId: string,
      version: number,
      line: SparePartInputParsed,
      tx: Db,
    ): Promise<SparePart | null> {
      const {
        servicePartnerId: _p,
        serviceOrderId: _o,
        position: _pos,
        ...values
      } = sparePartValues(scope, orderId, line, 0);
      const [row] = await tx
        .update(serviceOrderSpareParts)
        .set({ ...values, version: sql`${serviceOrderSpareParts.version} + 1`, updatedAt: sql`now()` })
        .where(
          scoped(
            serviceOrderSpareParts,
            scope,
            eq(serviceOrderSpareParts.serviceOrderId, orderId),
            eq(serviceOrderSpareParts.id, partId),
            eq(serviceOrderSpareParts.version, version),
          ),
        )
        .returning(sparePartColumns);
      return row ? toSparePart(row) : null;
    },

    async deleteSparePart(scope: TenantScope, orderId: string, partId: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .delete(serviceOrderSpareParts)
        .where(
          scoped(
            serviceOrderSpareParts,
            scope,
            eq(serviceOrderSpareParts.serviceOrderId, orderId),
            eq(serviceOrderSpareParts.id, partId),
          ),
        )
        .returning({ id: serviceOrderSpareParts.id });
      return rows.length === 1;
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
  };
}

export type ServiceOrdersRepository = ReturnType<typeof createServiceOrdersRepository>;
