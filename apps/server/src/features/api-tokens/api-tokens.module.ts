import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createApiTokensRepository } from './api-tokens.repository.ts';
import { apiTokensRoutes } from './api-tokens.routes.ts';
import { createApiTokensService } from './api-tokens.service.ts';

/** Partner API tokens (issue 29); the auth plugin signs their requests in. */
export function apiTokensModule(ctx: ModuleContext, needs: { onAuthChange: () => Promise<void> }) {
  const service = createApiTokensService({
    repo: createApiTokensRepository(ctx.db),
    now: ctx.now,
    onAuthChange: needs.onAuthChange,
  });
  return { routes: [apiTokensRoutes(service)], offers: {} } satisfies FeatureModule<object>;
}
