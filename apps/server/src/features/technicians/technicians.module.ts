import type { TenantScope } from '../../db/tenant.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createTechniciansRepository } from './technicians.repository.ts';
import { techniciansRoutes } from './technicians.routes.ts';
import { createTechniciansService } from './technicians.service.ts';

/** The partner's technicians; offered to orders (assignment) and the dashboard, and to search. */
export function techniciansModule(ctx: ModuleContext) {
  const service = createTechniciansService(createTechniciansRepository(ctx.db), ctx.now);
  return {
    routes: [techniciansRoutes(service)],
    offers: {
      technicians: service,
      search: {
        type: 'Technician' as const,
        search: (scope: TenantScope, text: string, limit: number) => service.searchHits(scope, text, limit),
      },
    },
  } satisfies FeatureModule<object>;
}
