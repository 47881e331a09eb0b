import type { TenantScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import type { WarehouseLocationRow, WarehouseLocationsRepository } from './warehouse-locations.repository.ts';

export const WAREHOUSE_LOCATION_MESSAGES = {
  notFound: 'Warehouse location not found',
  inactive: 'This warehouse location is inactive',
} as const;

export function createWarehouseLocationsService(repo: WarehouseLocationsRepository) {
  return {
    /**
     * A new assignment must name an active location of the caller's partner. An order keeps a
     * location that was deactivated after it was assigned; only choosing it anew is refused.
     */
    async assertUsable(
      scope: TenantScope,
      id: string,
      path = 'warehouseLocationId',
    ): Promise<WarehouseLocationRow> {
      const location = await repo.get(scope, id);
      const message = !location
        ? WAREHOUSE_LOCATION_MESSAGES.notFound
        : !location.isActive
          ? WAREHOUSE_LOCATION_MESSAGES.inactive
          : null;
      if (message || !location) {
        throw new AppError('validation_failed', 400, 'The request is not valid.', {
          errors: [{ path, message: message ?? WAREHOUSE_LOCATION_MESSAGES.notFound }],
        });
      }
      return location;
    },
  };
}

export type WarehouseLocationsService = ReturnType<typeof createWarehouseLocationsService>;
