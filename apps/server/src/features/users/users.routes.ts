import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHENTICATED } from '@service-portal/shared/access';
import { listResponseSchema } from '@service-portal/shared/pagination';
import { problemSchema } from '@service-portal/shared/problem';
import { idParamSchema, teamMemberSchema, teamQuerySchema } from '@service-portal/shared/users';
import { tenantOf } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

/** The caller's colleagues at their service partner (assignees, "created by" names). */
export function usersRoutes(service: UsersService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/users',
      {
        config: { access: AUTHENTICATED },
        schema: {
          tags: ['users'],
          summary: "List the users of the caller's service partner",
          querystring: teamQuerySchema,
          response: { 200: listResponseSchema(teamMemberSchema), 400: problemSchema, 401: problemSchema },
        },
      },
      async (request) => service.list(tenantOf(request), request.query),
    );
    r.get(
      '/users/:id',
      {
        config: { access: AUTHENTICATED },
        schema: {
          tags: ['users'],
          summary: "One user of the caller's service partner",
          params: idParamSchema,
          response: { 200: teamMemberSchema, 404: problemSchema },
        },
      },
      async (request) => service.get(tenantOf(request), request.params.id),
    );
  };
}
