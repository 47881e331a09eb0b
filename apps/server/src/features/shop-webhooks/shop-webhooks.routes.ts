import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GLOBAL_ADMIN } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import { shopWebhooksStatusSchema } from '@service-portal/shared/shop-webhooks';
import type { ShopWebhooksService } from './shop-webhooks.service.ts';

/** GET /admin/shop/webhooks: the shop's webhook subscriptions and app/uninstalled (global administrators). */
export function shopWebhooksRoutes(service: ShopWebhooksService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/admin/shop/webhooks',
      {
        config: { access: GLOBAL_ADMIN, tenant: 'none' as const },
        schema: {
          tags: ['admin'],
          summary:
            "The app's webhook subscriptions as the shop lists them now, per topic, and the last app/uninstalled",
          response: { 200: shopWebhooksStatusSchema, 401: problemSchema, 403: problemSchema },
        },
      },
      async () => service.status(),
    );
  };
}
