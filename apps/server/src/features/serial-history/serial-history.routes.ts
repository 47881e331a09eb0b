import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHENTICATED } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import { serialHistorySchema, serialParamsSchema } from '@service-portal/shared/serial-history';
import { tenantOf } from '../../plugins/auth.ts';
import type { SerialHistoryService } from './serial-history.service.ts';

export function serialHistoryRoutes(service: SerialHistoryService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/serial-history/:serial',
      {
        config: { access: AUTHENTICATED },
        schema: {
          tags: ['serial-history'],
          summary: "One unit's service history: orders, status changes, parts, work logs, photos, rentals",
          params: serialParamsSchema,
          response: { 200: serialHistorySchema, 400: problemSchema, 401: problemSchema, 403: problemSchema },
        },
      },
      async (request) => service.history(tenantOf(request), request.params.serial),
    );
  };
}
