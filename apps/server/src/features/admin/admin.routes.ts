import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GLOBAL_ADMIN } from '@service-portal/shared/access';
import {
  actingPartnerSchema,
  adminIdParamsSchema,
  adminServicePartnerSchema,
  adminUserCreateSchema,
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  servicePartnerCreateSchema,
  servicePartnerListQuerySchema,
  servicePartnerListResponseSchema,
  servicePartnerUpdateSchema,
} from '@service-portal/shared/admin';
import { problemSchema } from '@service-portal/shared/problem';
import { problemWith } from '../../lib/problem-responses.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { AdminService } from './admin.service.ts';

const tags = ['admin'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const write = {
  ...one,
  409: problemWith({
    email_taken: 'another user has the e-mail',
    name_taken: 'another service partner has the name (in any case)',
    version_conflict: '`version` is not the one last read',
    conflict: 'the change would lock the acting administrator out',
  }),
};

/**
 * Spec §2 /admin: global administrators only. These routes are about the platform, not about one
 * partner's data, so no tenant is resolved (`tenant: 'none'`; the acting-partner header is ignored).
 */
export function adminRoutes(service: AdminService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: GLOBAL_ADMIN, tenant: 'none' as const };

    r.get(
      '/admin/service-partners',
      {
        config,
        schema: {
          tags,
          summary: 'List service partners with their user counts',
          querystring: servicePartnerListQuerySchema,
          response: { 200: servicePartnerListResponseSchema, ...read },
        },
      },
      async (request) => service.listPartners(request.query),
    );

    r.get(
      '/admin/service-partners/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One service partner with its user counts',
          params: adminIdParamsSchema,
          response: { 200: adminServicePartnerSchema, ...one },
        },
      },
      async (request) => service.getPartner(request.params.id),
    );

    r.post(
      '/admin/service-partners',
      {
        config: { ...config, idempotent: true },
        schema: {
          tags,
          summary: 'Create a service partner (name unique in any case: 409)',
          body: servicePartnerCreateSchema,
          response: { 201: adminServicePartnerSchema, ...write },
        },
      },
      async (request, reply) => reply.status(201).send(await service.createPartner(request.body)),
    );

    r.put(
      '/admin/service-partners/:id',
      {
        config,
        schema: {
          tags,
          summary: "Rename, (de)activate or change the time zone; deactivating signs the partner's users out",
          params: adminIdParamsSchema,
          body: servicePartnerUpdateSchema,
          response: { 200: adminServicePartnerSchema, ...write },
        },
      },
      async (request) => service.updatePartner(request.params.id, request.body),
    );

    r.get(
      '/admin/acting-partners',
      {
        config,
        schema: {
          tags,
          summary: 'Active partners (id, name) for the acting-partner switcher',
          response: { 200: z.array(actingPartnerSchema), ...read },
        },
      },
      async () => service.actingPartners(),
    );

    r.get(
      '/admin/users',
      {
        config,
        schema: {
          tags,
          summary: 'List users of every partner; filter by partner, active, search name or e-mail',
          querystring: adminUserListQuerySchema,
          response: { 200: adminUserListResponseSchema, ...read },
        },
      },
      async (request) => service.listUsers(request.query),
    );

    r.get(
      '/admin/users/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One user',
          params: adminIdParamsSchema,
          response: { 200: adminUserSchema, ...one },
        },
      },
      async (request) => service.getUser(request.params.id),
    );

    r.post(
      '/admin/users',
      {
        config: { ...config, idempotent: true },
        schema: {
          tags,
          summary:
            'Invite a user: created, then e-mailed the sign-in link (they sign in with an e-mailed code)',
          body: adminUserCreateSchema,
          response: { 201: adminUserSchema, ...write },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.inviteUser(principalOf(request), request.body)),
    );

    r.put(
      '/admin/users/:id',
      {
        config,
        schema: {
          tags,
          summary:
            "Change roles, partner, names, active and global-admin flags; applies on the user's next request",
          params: adminIdParamsSchema,
          body: adminUserUpdateSchema,
          response: { 200: adminUserSchema, ...write },
        },
      },
      async (request) => service.updateUser(principalOf(request), request.params.id, request.body),
    );
  };
}
