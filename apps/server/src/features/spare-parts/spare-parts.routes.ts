import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHENTICATED } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import {
  sparePartWorklistFilterSchema,
  sparePartWorklistQuerySchema,
  sparePartWorklistResponseSchema,
  sparePartWorklistSummarySchema,
} from '@service-portal/shared/spare-parts';
import { tenantOf } from '../../plugins/auth.ts';
import type { SparePartsService } from './spare-parts.service.ts';

const tags = ['spare-parts'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };

/**
 * Spec §2 /spare-parts (any signed-in user): the worklist of lines across open orders. Lines are
 * changed and removed on their order: DELETE /service-orders/{id}/spare-parts/{partId}.
 */
export function sparePartsRoutes(service: SparePartsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: AUTHENTICATED };

    r.get(
      '/spare-parts',
      {
        config,
        schema: {
          tags,
          summary:
            'Spare-part lines of open orders, with their order; filter by supplier, part, order status',
          querystring: sparePartWorklistQuerySchema,
          response: { 200: sparePartWorklistResponseSchema, ...read },
        },
      },
      async (request) => service.list(tenantOf(request), request.query),
    );

    r.get(
      '/spare-parts/summary',
      {
        config,
        schema: {
          tags,
          summary: 'Totals per currency and line count of the filtered lines; all suppliers for the filter',
          querystring: sparePartWorklistFilterSchema,
          response: { 200: sparePartWorklistSummarySchema, ...read },
        },
      },
      async (request) => service.summary(tenantOf(request), request.query),
    );
  };
}
