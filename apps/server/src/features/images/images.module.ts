import type { TenantScope } from '../../db/tenant.ts';
import type { FeatureModule, ModuleContext } from '../../feature-module.ts';
import { deriveKey } from '../../lib/secrets.ts';
import { createImagesRepository } from './images.repository.ts';
import { imagesRoutes } from './images.routes.ts';
import { createImagesService, type OrderCheck } from './images.service.ts';

/**
 * Photos of orders and of rentals' returns, one pipeline, on the storage integration's ledger.
 * Offers the service (upload links and rentals use it) and the photos of a unit's orders and
 * rentals for the serial history, in one query.
 */
export function imagesModule(ctx: ModuleContext, needs: { orders: OrderCheck }) {
  const service = createImagesService({
    repo: createImagesRepository(ctx.db),
    files: ctx.files,
    orders: needs.orders,
    urlKey: deriveKey(ctx.config.appSecret, 'image-urls'),
    limits: ctx.config.uploads,
    now: ctx.now,
  });
  return {
    routes: [imagesRoutes(service)],
    offers: {
      images: service,
      serialEvents: async (q: {
        scope: TenantScope;
        orders(): Promise<readonly { id: string; orderNumber: string }[]>;
        rentals(): Promise<readonly { rentalId: string; kind: string }[]>;
      }) => {
        const [orders, rentals] = await Promise.all([q.orders(), q.rentals()]);
        // Photos are taken at a rental's return: bookings have none.
        const rentalIds = rentals.filter((r) => r.kind === 'rental').map((r) => r.rentalId);
        return service.serialEvents(q.scope, orders, rentalIds);
      },
    },
  } satisfies FeatureModule<object>;
}
