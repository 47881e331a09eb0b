import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHENTICATED } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import {
  shopOrderListQuerySchema,
  shopOrderListResponseSchema,
  shopOrderParamsSchema,
  shopOrderPreviewSchema,
  shopOrderSchema,
} from '@service-portal/shared/shop-orders';
import { problemWith } from '../../lib/problem-responses.ts';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { ShopOrdersService } from './shop-orders.service.ts';

const tags = ['shop-orders'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };

/** Spec §7 POST /service-orders/{id}/create-shopify-order, and the shop orders of listed orders. */
export function shopOrdersRoutes(service: ShopOrdersService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: AUTHENTICATED };

    r.post(
      '/service-orders/:id/create-shopify-order',
      {
        config,
        schema: {
          tags,
          summary:
            "Order the order's spare parts from the shop (a draft order with due-on-receipt payment terms, completed); " +
            'idempotent: 201 when created now, 200 with the existing one otherwise',
          params: shopOrderParamsSchema,
          response: {
            200: shopOrderSchema,
            201: shopOrderSchema,
            ...read,
            404: problemSchema,
            409: problemWith({ shop_order_pending: 'another request is creating it right now' }),
            422: problemWith({ shop_order_rejected: "the shop's userErrors, in `errors`" }),
            502: problemWith({
              bad_gateway:
                'the shop did not answer, refused the access token, or gave an answer that cannot be used (ordering again is safe: it never makes a second order)',
            }),
          },
        },
      },
      async (request, reply) => {
        const { shopOrder, created } = await service.create(
          tenantOf(request),
          principalOf(request).id,
          request.params.id,
        );
        return reply.status(created ? 201 : 200).send(shopOrder);
      },
    );

    r.get(
      '/service-orders/:id/create-shopify-order/preview',
      {
        config,
        schema: {
          tags,
          summary:
            'What ordering the parts would send (each part, quantity, unit price, total, the shop); sends nothing',
          params: shopOrderParamsSchema,
          response: { 200: shopOrderPreviewSchema, ...read, 404: problemSchema },
        },
      },
      async (request) => service.preview(tenantOf(request), request.params.id),
    );

    r.get(
      '/shop-orders',
      {
        config,
        schema: {
          tags,
          summary: 'The shop orders of the listed service orders (those that have one)',
          querystring: shopOrderListQuerySchema,
          response: { 200: shopOrderListResponseSchema, ...read },
        },
      },
      async (request) => service.listFor(tenantOf(request), request.query.serviceOrderIds),
    );
  };
}
