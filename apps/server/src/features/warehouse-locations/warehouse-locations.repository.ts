import { asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { WarehouseLocationListQuery } from '@service-portal/shared/warehouse-locations';
import type { Db } from '../../db/client.ts';
import { serviceOrders } from '../../db/schema/service-orders.ts';
import { warehouseLocations } from '../../db/schema/warehouse-locations.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';
import { escapeLike, pgCode } from '../../db/sql-helpers.ts';

const columns = {
  id: warehouseLocations.id,
  name: warehouseLocations.name,
  description: warehouseLocations.description,
  isActive: warehouseLocations.isActive,
  createdAt: warehouseLocations.createdAt,
  updatedAt: warehouseLocations.updatedAt,
  version: warehouseLocations.version,
};

export type WarehouseLocationRow = Pick<typeof warehouseLocations.$inferSelect, keyof typeof columns>;

export interface WarehouseLocationValues {
  name: string;
  description: string;
  isActive?: boolean;
}

/** What a write ran into instead of succeeding. */
export type WriteMiss = 'duplicate_name' | 'referenced';

/** Unique names (warehouse_locations_partner_name_key) and the RESTRICT foreign key from orders. */
function asWriteMiss(err: unknown): WriteMiss {
  const code = pgCode(err);
  if (code === '23505') return 'duplicate_name';
  if (code === '23503') return 'referenced';
  throw err;
}

export function createWarehouseLocationsRepository(db: Db) {
  return {
    /** Runs `fn` in one transaction; every query inside must use the `tx` it is given. */
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx));
    },

    async get(scope: TenantScope, id: string, tx: Db = db): Promise<WarehouseLocationRow | null> {
      const rows = await tx
        .select(columns)
        .from(warehouseLocations)
        .where(scoped(warehouseLocations, scope, eq(warehouseLocations.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },

    async list(
      scope: TenantScope,
      q: WarehouseLocationListQuery,
    ): Promise<{ items: WarehouseLocationRow[]; total: number }> {
      let search: SQL | undefined;
      if (q.search) {
        const like = `%${escapeLike(q.search)}%`;
        search = or(ilike(warehouseLocations.name, like), ilike(warehouseLocations.description, like));
      }
      const where = scoped(
        warehouseLocations,
        scope,
        search,
        q.includeInactive ? undefined : eq(warehouseLocations.isActive, true),
      );
      const [items, totals] = await Promise.all([
        db
          .select(columns)
          .from(warehouseLocations)
          .where(where)
          .orderBy(asc(sql`lower(${warehouseLocations.name})`), asc(warehouseLocations.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(warehouseLocations).where(where),
      ]);
      return { items, total: totals[0]?.n ?? 0 };
    },

    /** Active locations, plus `includeId` whatever its state; by name. */
    async options(scope: TenantScope, includeId: string | undefined) {
      return db
        .select({
          id: warehouseLocations.id,
          name: warehouseLocations.name,
          isActive: warehouseLocations.isActive,
        })
        .from(warehouseLocations)
        .where(
          scoped(
            warehouseLocations,
            scope,
            or(
              eq(warehouseLocations.isActive, true),
              includeId ? eq(warehouseLocations.id, includeId) : undefined,
            ),
          ),
        )
        .orderBy(asc(sql`lower(${warehouseLocations.name})`), asc(warehouseLocations.id));
    },

    /** Another location of the partner with this name (any case), other than `exceptId`. */
    async nameTaken(
      scope: TenantScope,
      name: string,
      exceptId: string | null,
      tx: Db = db,
    ): Promise<boolean> {
      const rows = await tx
        .select({ id: warehouseLocations.id })
        .from(warehouseLocations)
        .where(
          scoped(
            warehouseLocations,
            scope,
            eq(sql`lower(${warehouseLocations.name})`, name.toLowerCase()),
            exceptId ? ne(warehouseLocations.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insert(
      scope: TenantScope,
      values: Required<WarehouseLocationValues>,
      tx: Db = db,
    ): Promise<WarehouseLocationRow | WriteMiss> {
      try {
        const [row] = await tx
          .insert(warehouseLocations)
          .values({ ...values, servicePartnerId: scope.partnerId })
          .returning(columns);
        if (!row) throw new Error('warehouse location insert returned nothing');
        return row;
      } catch (err) {
        return asWriteMiss(err);
      }
    },

    /** Applies the change only if the stored version is still `version`; null otherwise. */
    async updateIfVersion(
      scope: TenantScope,
      id: string,
      version: number,
      values: Partial<WarehouseLocationValues>,
      tx: Db = db,
    ): Promise<WarehouseLocationRow | WriteMiss | null> {
      try {
        const [row] = await tx
          .update(warehouseLocations)
          .set({ ...values, updatedAt: sql`now()`, version: sql`${warehouseLocations.version} + 1` })
          .where(
            scoped(
              warehouseLocations,
              scope,
              eq(warehouseLocations.id, id),
              eq(warehouseLocations.version, version),
            ),
          )
          .returning(columns);
        return row ?? null;
      } catch (err) {
        return asWriteMiss(err);
      }
    },

    /** Locks the location until the transaction ends (an order assigning it meanwhile waits). */
    async lock(scope: TenantScope, id: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .select({ id: warehouseLocations.id })
        .from(warehouseLocations)
        .where(scoped(warehouseLocations, scope, eq(warehouseLocations.id, id)))
        .for('update');
      return rows.length === 1;
    },

    /**
     * Read-only look at service_orders: does any order (of any status) keep its unit here? The
     * orders are the service-orders feature's; this only asks whether one points at the location,
     * inside the delete's transaction, on service_orders_partner_warehouse_idx.
     */
    async isReferenced(scope: TenantScope, id: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .select({ id: serviceOrders.id })
        .from(serviceOrders)
        .where(scoped(serviceOrders, scope, eq(serviceOrders.warehouseLocationId, id)))
        .limit(1);
      return rows.length > 0;
    },

    async delete(scope: TenantScope, id: string, tx: Db): Promise<boolean | WriteMiss> {
      try {
        const rows = await tx
          .delete(warehouseLocations)
          .where(scoped(warehouseLocations, scope, eq(warehouseLocations.id, id)))
          .returning({ id: warehouseLocations.id });
        return rows.length === 1;
      } catch (err) {
        return asWriteMiss(err);
      }
    },
  };
}

export type WarehouseLocationsRepository = ReturnType<typeof createWarehouseLocationsRepository>;
