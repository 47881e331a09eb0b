import type { TenantScope } from '../../db/tenant.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createCustomersRepository } from './customers.repository.ts';
import { customersRoutes } from './customers.routes.ts';
import { createCustomersService } from './customers.service.ts';

/**
 * The partner's customers. Offers the service itself (orders and rentals link or create their
 * customer through it; features whose records follow a merge subscribe with `onMerge`) and its
 * search source.
 */
export function customersModule(ctx: ModuleContext) {
  const service = createCustomersService({
    repo: createCustomersRepository(ctx.db),
    phoneCountryCode: ctx.config.sms.defaultCountryCode,
  });
  return {
    routes: [customersRoutes(service)],
    offers: {
      customers: service,
      search: {
        type: 'Customer' as const,
        search: (scope: TenantScope, text: string, limit: number) => service.searchHits(scope, text, limit),
      },
    },
  } satisfies FeatureModule<object>;
}
