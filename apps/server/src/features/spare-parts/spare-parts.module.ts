import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createSparePartsRepository } from './spare-parts.repository.ts';
import { sparePartsRoutes } from './spare-parts.routes.ts';
import { createSparePartsService } from './spare-parts.service.ts';

/** The spare-parts worklist across the partner's orders. */
export function sparePartsModule(ctx: ModuleContext) {
  const service = createSparePartsService(createSparePartsRepository(ctx.db));
  return { routes: [sparePartsRoutes(service)], offers: {} } satisfies FeatureModule;
}
