import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createUsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/** The signed-in user's own account. */
export function usersModule(ctx: ModuleContext) {
  const service = createUsersService(createUsersRepository(ctx.db));
  return { routes: [usersRoutes(service)], offers: {} } satisfies FeatureModule;
}
