import type { TenantScope } from '../../db/tenant.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { createPartnerIdentityRepository } from './partner-identity.repository.ts';
import { partnerIdentityRoutes } from './partner-identity.routes.ts';
import { createPartnerIdentityService } from './partner-identity.service.ts';

/**
 * The partner's identity (issue 27's logo, issue 31 item 13; decision 077). Offers the customer's
 * pages the partner's brand and the service report the logo and contact, as ports.
 */
export function partnerIdentityModule(ctx: ModuleContext) {
  const service = createPartnerIdentityService({
    repo: createPartnerIdentityRepository(ctx.db),
    files: ctx.files,
    now: ctx.now,
  });
  return {
    routes: [partnerIdentityRoutes(service)],
    offers: {
      brand: (scope: TenantScope) => service.brand(scope),
      logoBytes: (scope: TenantScope) => service.logoBytes(scope),
    },
  } satisfies FeatureModule<object>;
}
