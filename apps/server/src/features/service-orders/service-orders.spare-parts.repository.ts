import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { SparePart, SparePartInput } from '@service-portal/shared/service-orders';
import type { Currency } from '@service-portal/shared/limits';
import type { Db } from '../../db/client.ts';
import { serviceOrderSpareParts } from '../../db/schema/service-orders.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { iso, partsAmount } from './service-orders.filters.ts';

/** A spare-part line after the shared schema parsed it. */
export type SparePartInputParsed = Omit<SparePartInput, 'supplier' | 'notes'> & {
  supplier?: string | null | undefined;
  notes?: string | null | undefined;
};

const p = serviceOrderSpareParts;

const sparePartColumns = {
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

/** The spare-part lines of orders: every write to a line goes through here. */
export function createSparePartLines(db: Db) {
  async function listSpareParts(scope: TenantScope, orderId: string, tx: Db = db): Promise<SparePart[]> {
    const rows = await tx
      .select(sparePartColumns)
      .from(p)
      .where(scoped(p, scope, eq(p.serviceOrderId, orderId)))
      .orderBy(asc(p.position), asc(p.createdAt), asc(p.id));
    return rows.map(toSparePart);
  }

  return {
    listSpareParts,

    async getSparePart(
      scope: TenantScope,
      orderId: string,
      partId: string,
      tx: Db = db,
    ): Promise<SparePart | null> {
      const rows = await tx
        .select(sparePartColumns)
        .from(p)
        .where(scoped(p, scope, eq(p.serviceOrderId, orderId), eq(p.id, partId)))
        .limit(1);
      return rows[0] ? toSparePart(rows[0]) : null;
    },

    /** Σ quantity × unit cost of the orders' spare-part lines per order and currency, in one query. */
    async partsTotals(
      scope: TenantScope,
      orderIds: readonly string[],
    ): Promise<{ orderId: string; currency: Currency; amountMinor: number }[]> {
      if (orderIds.length === 0) return [];
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

    async replaceSpareParts(
      scope: TenantScope,
      orderId: string,
      lines: SparePartInputParsed[],
      tx: Db,
    ): Promise<void> {
      await tx.delete(p).where(scoped(p, scope, eq(p.serviceOrderId, orderId)));
      if (lines.length === 0) return;
      await tx.insert(p).values(lines.map((line, i) => sparePartValues(scope, orderId, line, i)));
    },

    async addSparePart(
      scope: TenantScope,
      orderId: string,
      line: SparePartInputParsed,
      tx: Db,
    ): Promise<SparePart> {
      const position = sql`(select coalesce(max(${p.position}), -1) + 1 from ${p} where ${p.serviceOrderId} = ${orderId})`;
      const [row] = await tx
        .insert(p)
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
        .update(p)
        .set({ ...values, version: sql`${p.version} + 1`, updatedAt: sql`now()` })
        .where(scoped(p, scope, eq(p.serviceOrderId, orderId), eq(p.id, partId), eq(p.version, version)))
        .returning(sparePartColumns);
      return row ? toSparePart(row) : null;
    },

    async deleteSparePart(scope: TenantScope, orderId: string, partId: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .delete(p)
        .where(scoped(p, scope, eq(p.serviceOrderId, orderId), eq(p.id, partId)))
        .returning({ id: p.id });
      return rows.length === 1;
    },
  };
}
