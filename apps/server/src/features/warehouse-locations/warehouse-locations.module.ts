import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createWarehouseLocationsRepository } from './warehouse-locations.repository.ts';
import { warehouseLocationsRoutes } from './warehouse-locations.routes.ts';
import { createWarehouseLocationsService } from './warehouse-locations.service.ts';

/** Where parts are kept; offered to service orders. */
export function warehouseLocationsModule(ctx: ModuleContext) {
  const service = createWarehouseLocationsService(createWarehouseLocationsRepository(ctx.db));
  return {
    routes: [warehouseLocationsRoutes(service)],
    offers: { warehouseLocations: service },
  } satisfies FeatureModule<object>;
}
