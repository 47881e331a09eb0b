import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import {
  orderListViewCreateSchema,
  orderListViewIdParamsSchema,
  orderListViewSchema,
  orderListViewsSchema,
  orderListViewUpdateSchema,
} from '@service-portal/shared/service-order-views';
import { problemWith } from '../../lib/problem-responses.ts';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { OrderViews } from './service-orders.views.ts';

const tags = ['service-orders'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const write = { ...one, 409: problemWith({ conflict: 'the name is taken, or too many views' }) };

/** The signed-in user's saved views of the order list (issue 31 item 9). */
export function orderViewsRoutes(views: OrderViews) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: AUTHENTICATED };

    r.get(
      '/service-order-views',
      {
        config,
        schema: {
          tags,
          summary: "The signed-in user's saved views of the order list, by name",
          response: { 200: orderListViewsSchema, ...read },
        },
      },
      async (request) => ({ items: await views.list(tenantOf(request), principalOf(request).id) }),
    );

    r.post(
      '/service-order-views',
      {
        config,
        schema: {
          tags,
          summary: "Save the list's filters, columns, sort and page size under a name",
          body: orderListViewCreateSchema,
          response: { 201: orderListViewSchema, ...write },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await views.create(tenantOf(request), principalOf(request).id, request.body)),
    );

    r.patch(
      '/service-order-views/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename a saved view, or keep the current settings in it',
          params: orderListViewIdParamsSchema,
          body: orderListViewUpdateSchema,
          response: { 200: orderListViewSchema, ...write },
        },
      },
      async (request) =>
        views.update(tenantOf(request), principalOf(request).id, request.params.id, request.body),
    );

    r.delete(
      '/service-order-views/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a saved view',
          params: orderListViewIdParamsSchema,
          response: { 204: z.null(), ...one },
        },
      },
      async (request, reply) => {
        await views.remove(tenantOf(request), principalOf(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
