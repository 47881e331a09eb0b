import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { OPEN_STATUSES } from '@service-portal/shared/service-orders';
import type { SparePartWorklistFilter, SparePartWorklistQuery } from '@service-portal/shared/spare-parts';
import type { Db } from '../../db/client.ts';
import { serviceOrders, serviceOrderSpareParts } from '../../db/schema/service-orders.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { escapeLike } from '../../db/sql-helpers.ts';

// READ-ONLY. The spare-part lines and their orders belong to the service-orders feature, which
// alone changes them (a line is removed with DELETE /service-orders/{id}/spare-parts/{partId}).
// The worklist is a read model over both tables: lines joined with their open orders, filtered,
// sorted, paged and summed in SQL. Asking the service-orders service order by order would be one
// round trip per order; giving that feature a query only this screen uses would grow it for
// nothing. So this repository reads the two tables and never writes to them.

const p = serviceOrderSpareParts;
const o = serviceOrders;

const lineTotal = sql<string>`(${p.quantity}::bigint * ${p.unitCostMinor})`;

export function createSparePartsRepository(db: Db) {
  /** The lines of the partner's open orders: both tables scoped, the order open. */
  function openLines(scope: TenantScope): SQL[] {
    return [scoped(p, scope), scoped(o, scope), inArray(o.status, [...OPEN_STATUSES])];
  }

  function filters(f: SparePartWorklistFilter): (SQL | undefined)[] {
    const like = f.search ? `%${escapeLike(f.search)}%` : undefined;
    return [
      f.supplier ? eq(sql`lower(${p.supplier})`, f.supplier.toLowerCase()) : undefined,
      like ? or(ilike(p.partNumber, like), ilike(p.partName, like)) : undefined,
      f.status?.length ? inArray(o.status, [...f.status]) : undefined,
    ];
  }

  const where = (scope: TenantScope, f: SparePartWorklistFilter) => and(...openLines(scope), ...filters(f));

  return {
    async list(scope: TenantScope, q: SparePartWorklistQuery) {
      const condition = where(scope, q);
      const dir = q.sortDirection === 'asc' ? asc : desc;
      const order =
        q.sort === 'partNumber'
          ? [dir(p.partNumber), desc(o.createdAt), asc(p.position), asc(p.id)]
          : [dir(o.createdAt), dir(o.id), asc(p.position), asc(p.id)];
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: p.id,
            serviceOrderId: p.serviceOrderId,
            partNumber: p.partNumber,
            partName: p.partName,
            quantity: p.quantity,
            unitCost: p.unitCostMinor,
            currency: p.currency,
            supplier: p.supplier,
            notes: p.notes,
            createdAt: p.createdAt,
            updatedAt: p.updatedAt,
            version: p.version,
            orderNumber: o.orderNumber,
            orderTitle: o.title,
            orderStatus: o.status,
            orderCreatedAt: o.createdAt,
            customerName: o.customerName,
            lineTotal,
          })
          .from(p)
          .innerJoin(o, eq(o.id, p.serviceOrderId))
          .where(condition)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(p).innerJoin(o, eq(o.id, p.serviceOrderId)).where(condition),
      ]);
      return { items: rows.map((r) => ({ ...r, lineTotal: Number(r.lineTotal) })), total: totals[0]?.n ?? 0 };
    },

    /** Σ quantity × unit cost per currency over the filtered lines. */
    async totals(scope: TenantScope, f: SparePartWorklistFilter) {
      const rows = await db
        .select({
          currency: p.currency,
          amount: sql<string>`sum(${lineTotal})::text`,
          lineCount: sql<number>`count(*)::int`,
        })
        .from(p)
        .innerJoin(o, eq(o.id, p.serviceOrderId))
        .where(where(scope, f))
        .groupBy(p.currency)
        .orderBy(asc(p.currency));
      return rows.map((r) => ({
        currency: r.currency,
        amount: Number(r.amount),
        lineCount: Number(r.lineCount),
      }));
    },

    /** Every supplier spelling on the open lines, with its line count (whatever the filters). */
    async suppliers(scope: TenantScope): Promise<{ supplier: string; lines: number }[]> {
      const rows = await db
        .select({ supplier: sql<string>`${p.supplier}`, lines: sql<number>`count(*)::int` })
        .from(p)
        .innerJoin(o, eq(o.id, p.serviceOrderId))
        .where(and(...openLines(scope), isNotNull(p.supplier), sql`${p.supplier} <> ''`))
        .groupBy(p.supplier);
      return rows.map((r) => ({ supplier: r.supplier, lines: Number(r.lines) }));
    },
  };
}

export type SparePartsRepository = ReturnType<typeof createSparePartsRepository>;
