import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHENTICATED } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import { globalSearchQuerySchema, globalSearchResponseSchema } from '@service-portal/shared/search';
import { tenantOf } from '../../plugins/auth.ts';
import type { SearchService } from './search.service.ts';

const tags = ['search'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const summary =
  "The top bar's search over the partner's orders, customers and technicians: at least 2 characters, up to `maxResultsPerType` of each (8; 5 in suggestion mode), exact matches first";

/** Spec §7 Search: the same search as POST (body) and GET (query string). */
export function searchRoutes(service: SearchService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Without a partner a global administrator finds the shared data only (decision 054).
    const config = { access: AUTHENTICATED, tenant: 'shared' } as const;

    r.post(
      '/search/global',
      {
        config,
        schema: {
          tags,
          summary,
          body: globalSearchQuerySchema,
          response: { 200: globalSearchResponseSchema, ...read },
        },
      },
      async (request) => service.global(tenantOf(request), request.body),
    );

    r.get(
      '/search/global',
      {
        config,
        schema: {
          tags,
          summary,
          querystring: globalSearchQuerySchema,
          response: { 200: globalSearchResponseSchema, ...read },
        },
      },
      async (request) => service.global(tenantOf(request), request.query),
    );
  };
}
