import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createPricingRepository } from './pricing.repository.ts';
import { pricingRoutes } from './pricing.routes.ts';
import { createPricingService, type RentalProductsPort } from './pricing.service.ts';

/**
 * The partner's prices. Needs to know which rental units are the partner's (a read port of the
 * rentals feature, composed later); offers the service (work logs' costs, rentals' rates).
 */
export function pricingModule(ctx: ModuleContext, needs: { rentalProducts: RentalProductsPort }) {
  const service = createPricingService(createPricingRepository(ctx.db), needs.rentalProducts);
  return { routes: [pricingRoutes(service)], offers: { pricing: service } } satisfies FeatureModule<object>;
}
