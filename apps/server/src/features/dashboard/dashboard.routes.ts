import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHENTICATED } from '@service-portal/shared/access';
import { dashboardQuerySchema, dashboardSchema } from '@service-portal/shared/dashboard';
import { problemSchema } from '@service-portal/shared/problem';
import { tenantOf } from '../../plugins/auth.ts';
import type { DashboardService } from './dashboard.service.ts';

const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };

/** Spec §2 "Dashboard": the figures of the first screen after sign-in. */
export function dashboardRoutes(service: DashboardService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/dashboard',
      {
        config: { access: AUTHENTICATED },
        schema: {
          tags: ['dashboard'],
          summary:
            "The partner's figures for a period (this month, last 30 days, this quarter, this year) in its time zone",
          querystring: dashboardQuerySchema,
          response: { 200: dashboardSchema, ...read },
        },
      },
      async (request) => service.get(tenantOf(request), request.query),
    );
  };
}
