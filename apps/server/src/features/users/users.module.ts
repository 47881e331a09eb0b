import type { TenantScope } from '../../db/tenant.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** The signed-in user's own account; offers the partner's Administrators (whom to tell). */
export function usersModule(ctx: ModuleContext) {
  const repo = createUsersRepository(ctx.db);
  const service = createUsersService(repo);
  return {
    routes: [usersRoutes(service)],
    offers: { administrators: (scope: TenantScope) => repo.administrators(scope) },
  } satisfies FeatureModule<object>;
}
