import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { warehouseLocations } from '../../db/schema/warehouse-locations.ts';
import { scoped, type TenantScope } from '../../db/tenant.ts';

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

export function createWarehouseLocationsRepository(db: Db) {
  return {
    async get(scope: TenantScope, id: string): Promise<WarehouseLocationRow | null> {
      const rows = await db
        .select(columns)
        .from(warehouseLocations)
        .where(scoped(warehouseLocations, scope, eq(warehouseLocations.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type WarehouseLocationsRepository = ReturnType<typeof createWarehouseLocationsRepository>;
