import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Priority, ServiceOrderStatus, ServiceType } from '@service-portal/shared/service-orders';
import type { Currency } from '@service-portal/shared/limits';
import type { Db } from '../../db/client.ts';
import { technicians } from '../../db/schema/technicians.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import {
  filterConditions,
  o,
  sortBy,
  technicianName,
  type OrderFilters,
  type SortDirection,
} from './service-orders.filters.ts';

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
  /** The spare-part lines' totals per currency, "NOK 378000 EUR 2500" (minor units); null: no lines. */
  partsTotals: string | null;
  /** The completed billable work logs' costs per currency, as `partsTotals`; null: none. */
  labourTotals: string | null;
}

/** What the export asks of `exportBatches`. */
export interface ExportOptions {
  /** Read the internal notes (else they stay in the database). */
  internalNotes: boolean;
  /** Rows per query (1,000; bench/README.md, export, on why not more). */
  batchSize?: number;
}

export function createServiceOrderExportQueries(db: Db) {
  /**
   * One batch of the export after the keyset `after`; the key is created_at as text (a JS number
   * or Date holds milliseconds, the column microseconds). Plain SQL with named columns, read as
   * the driver returns it: drizzle's per-field row mapping cost more than the rest of the query's
   * handling together (bench/README.md, export). Every value comes back as text or a number in
   * both drivers (instants as epoch ms, the date as text). The money totals come with the
   * order's row (`parts_totals`, `labour_totals`, kept by triggers, decision 084): looking up
   * each order's spare-part lines cost two thirds of a batch's PostgreSQL time (bench/README.md,
   * "Items 1–3 measured apart"). They stay text ("NOK 378000 EUR 2500"): the workbook's money
   * columns read the common case (one amount in the order's currency) from it without a list.
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
        ${o.partsTotals} as "partsTotals",
        ${o.labourTotals} as "labourTotals"
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
  };
}
