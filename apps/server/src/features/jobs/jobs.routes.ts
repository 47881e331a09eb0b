import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GLOBAL_ADMIN } from '@service-portal/shared/access';
import {
  jobIdParamsSchema,
  jobListQuerySchema,
  jobListResponseSchema,
  jobSchema,
} from '@service-portal/shared/jobs';
import { problemSchema } from '@service-portal/shared/problem';
import type { JobsService } from './jobs.service.ts';

const tags = ['admin'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const write = { ...one, 409: problemSchema };

/**
 * Background jobs of the whole installation: global administrators only. A job may work for one
 * partner, but the queue is the platform's, so no tenant is resolved.
 */
export function jobsRoutes(service: JobsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: GLOBAL_ADMIN, tenant: 'none' as const };

    r.get(
      '/admin/jobs',
      {
        config,
        schema: {
          tags,
          summary: 'Background jobs, newest first, with counts by state',
          querystring: jobListQuerySchema,
          response: { 200: jobListResponseSchema, ...read },
        },
      },
      async (request) => service.list(request.query),
    );

    r.get(
      '/admin/jobs/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One job with its progress and last error',
          params: jobIdParamsSchema,
          response: { 200: jobSchema, ...one },
        },
      },
      async (request) => service.get(request.params.id),
    );

    r.post(
      '/admin/jobs/:id/cancel',
      {
        config,
        schema: {
          tags,
          summary: 'Cancel a queued or running job (409 otherwise)',
          params: jobIdParamsSchema,
          response: { 200: jobSchema, ...write },
        },
      },
      async (request) => service.cancel(request.params.id),
    );

    r.post(
      '/admin/jobs/:id/retry',
      {
        config,
        schema: {
          tags,
          summary: 'Run a failed or cancelled job again, now (409 otherwise)',
          params: jobIdParamsSchema,
          response: { 200: jobSchema, ...write },
        },
      },
      async (request) => service.retry(request.params.id),
    );
  };
}
