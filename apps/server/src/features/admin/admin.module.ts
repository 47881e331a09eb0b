import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createAdminRepository } from './admin.repository.ts';
import { adminRoutes } from './admin.routes.ts';
import { createAdminService } from './admin.service.ts';

/** Partners and users for global administrators. */
export function adminModule(ctx: ModuleContext, needs: { onAuthChange: () => Promise<void> }) {
  const service = createAdminService({
    repo: createAdminRepository(ctx.db),
    outbox: ctx.outbox,
    publicUrl: ctx.config.publicUrl,
    onAuthChange: needs.onAuthChange,
  });
  return { routes: [adminRoutes(service)], offers: {} } satisfies FeatureModule;
}
