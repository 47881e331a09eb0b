import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roles } from '@service-portal/shared/access';
import {
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenIdParamsSchema,
  apiTokenListResponseSchema,
} from '@service-portal/shared/api-tokens';
import { problemSchema } from '@service-portal/shared/problem';
import { problemWith } from '../../lib/problem-responses.ts';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { ApiTokensService } from './api-tokens.service.ts';

const tags = ['api-tokens'];
const read = {
  400: problemSchema,
  401: problemSchema,
  403: problemWith({
    forbidden: 'the caller is not an Administrator',
    insufficient_scope: 'called with an API token: tokens never manage tokens',
  }),
};

/**
 * The partner's API tokens, for its Administrators only and never for a token itself (no scope
 * opens these routes). Not idempotent by key: a replayed answer would store the secret.
 */
export function apiTokensRoutes(service: ApiTokensService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: roles('Administrator') };

    r.get(
      '/api-tokens',
      {
        config,
        schema: {
          tags,
          summary: 'The partner’s API tokens, newest first, revoked and expired ones included',
          response: { 200: apiTokenListResponseSchema, ...read },
        },
      },
      async (request) => service.list(tenantOf(request)),
    );

    r.post(
      '/api-tokens',
      {
        config,
        schema: {
          tags,
          summary:
            'Create an API token (name, scopes, expiry in days: 7, 30, 90 (default), 180 or 365); `secret` is shown only in this answer',
          body: apiTokenCreateSchema,
          response: {
            201: apiTokenCreatedSchema,
            ...read,
            409: problemWith({ conflict: 'the partner has the most active tokens allowed' }),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(tenantOf(request), principalOf(request), request.body)),
    );

    r.delete(
      '/api-tokens/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Revoke an API token at once (again: no change)',
          params: apiTokenIdParamsSchema,
          response: { 204: z.null(), ...read, 404: problemSchema },
        },
      },
      async (request, reply) => {
        await service.revoke(tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
