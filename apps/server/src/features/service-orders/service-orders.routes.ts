import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED, scoped, STAFF_MANAGERS } from '@service-portal/shared/access';
import { customerIdParamsSchema } from '@service-portal/shared/customers';
import { customerOrdersQuerySchema } from '@service-portal/shared/service-orders';
import { problemSchema } from '@service-portal/shared/problem';
import {
  bulkAssignTechnicianSchema,
  bulkResultSchema,
  bulkUndoStatusSchema,
  bulkUpdateStatusSchema,
  serviceOrderCreateSchema,
  serviceOrderExportQuerySchema,
  serviceOrderGlobalSearchSchema,
  serviceOrderIdParamsSchema,
  serviceOrderListItemSchema,
  serviceOrderListQuerySchema,
  serviceOrderListResponseSchema,
  serviceOrderSchema,
  serviceOrderSearchSchema,
  serviceOrderStatsSchema,
  serviceOrderUpdateSchema,
  sparePartInputSchema,
  sparePartParamsSchema,
  sparePartSchema,
  sparePartUpdateSchema,
} from '@service-portal/shared/service-orders';
import { compiledSuccessSerializer } from '../../lib/compiled-serializer.ts';
import { problemWith } from '../../lib/problem-responses.ts';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import { XLSX_CONTENT_TYPE } from '../../integrations/xlsx/workbook.ts';
import type { ServiceOrdersService } from './service-orders.service.ts';

const tags = ['service-orders'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const write = {
  ...one,
  409: problemWith({
    version_conflict: '`version` (of the order or the line) is not the one last read',
    invalid_transition: 'the status cannot move there, or only a manager may reopen',
  }),
};

/** Spec §7 "Service orders": the order, its search and bulk operations, and its spare-part lines. */
export function serviceOrdersRoutes(service: ServiceOrdersService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: AUTHENTICATED };
    // Open to API tokens with these scopes (docs/decisions/055-api-tokens.md).
    const orderRead = { access: scoped(AUTHENTICATED, 'orders:read') };
    const orderWrite = { access: scoped(AUTHENTICATED, 'orders:write') };

    r.get(
      '/service-orders',
      {
        config: orderRead,
        schema: {
          tags,
          summary: 'List service orders, filtered and paged, newest first by default',
          querystring: serviceOrderListQuerySchema,
          response: { 200: serviceOrderListResponseSchema, ...read },
        },
        // The most asked read of the app (issue 33, item 1): written by a serializer compiled from
        // its schema, checked against it with zod outside production only (decision 075).
        serializerCompiler: compiledSuccessSerializer({ check: app.config.env !== 'production' }),
      },
      async (request) => service.list(tenantOf(request), request.query),
    );

    // Under the customer's path, but orders are this feature's data and query.
    r.get(
      '/customers/:id/service-orders',
      {
        config: orderRead,
        schema: {
          tags: ['customers'],
          summary: "The customer's service orders, as list rows",
          params: customerIdParamsSchema,
          querystring: customerOrdersQuerySchema,
          response: { 200: serviceOrderListResponseSchema, ...one },
        },
      },
      async (request) => service.listForCustomer(tenantOf(request), request.params.id, request.query),
    );

    r.post(
      '/service-orders/search',
      {
        config: orderRead,
        schema: {
          tags,
          summary: 'Search by customer name, order number, e-mail, phone, serial number, status, priority',
          body: serviceOrderSearchSchema,
          response: { 200: serviceOrderListResponseSchema, ...read },
        },
      },
      async (request) => service.search(tenantOf(request), request.body),
    );

    r.post(
      '/service-orders/global-search',
      {
        config,
        schema: {
          tags,
          summary:
            'One text over order number, customer, e-mail, phone and serial number; up to `limit` orders',
          body: serviceOrderGlobalSearchSchema,
          response: { 200: z.array(serviceOrderListItemSchema), ...read },
        },
      },
      async (request) => service.globalSearch(tenantOf(request), request.body.query, request.body.limit),
    );

    r.get(
      '/service-orders/stats',
      {
        config: orderRead,
        schema: {
          tags,
          summary: "Counts and rates over the partner's orders",
          response: { 200: serviceOrderStatsSchema, ...read },
        },
      },
      async (request) => service.stats(tenantOf(request)),
    );

    r.get(
      '/service-orders/export',
      {
        config: orderRead,
        schema: {
          tags,
          summary: 'The filtered list as an .xlsx spreadsheet (streamed)',
          querystring: serviceOrderExportQuerySchema,
          // A stream is sent as it is; the schema only documents the answer.
          response: { 200: z.unknown().describe(`The spreadsheet (${XLSX_CONTENT_TYPE})`), ...read },
        },
      },
      async (request, reply) => {
        const { filename, stream } = await service.exportWorkbook(
          tenantOf(request),
          principalOf(request),
          request.query,
          (err) => request.log.error({ err }, 'service order export failed'),
        );
        return reply
          .header('content-disposition', `attachment; filename="${filename}"`)
          .type(XLSX_CONTENT_TYPE)
          .send(stream);
      },
    );

    r.post(
      '/service-orders/bulk-update-status',
      {
        config: orderWrite,
        schema: {
          tags,
          summary: 'Change the status of several orders at once (all or nothing)',
          body: bulkUpdateStatusSchema,
          response: { 200: bulkResultSchema, ...write },
        },
      },
      async (request) => service.bulkUpdateStatus(tenantOf(request), principalOf(request), request.body),
    );

    r.post(
      '/service-orders/bulk-undo-status',
      {
        config: orderWrite,
        schema: {
          tags,
          summary:
            "Undo the caller's own bulk status change of these orders, within a few minutes and while nothing else changed their status (all or nothing)",
          body: bulkUndoStatusSchema,
          response: { 200: bulkResultSchema, ...write },
        },
      },
      async (request) => service.bulkUndoStatus(tenantOf(request), principalOf(request), request.body),
    );

    r.post(
      '/service-orders/bulk-assign-technician',
      {
        config: orderWrite,
        schema: {
          tags,
          summary: 'Assign (or unassign, with null) a technician on several orders at once (all or nothing)',
          body: bulkAssignTechnicianSchema,
          response: { 200: bulkResultSchema, ...write },
        },
      },
      async (request) => service.bulkAssignTechnician(tenantOf(request), request.body),
    );

    r.get(
      '/service-orders/:id',
      {
        config: orderRead,
        schema: {
          tags,
          summary: 'One service order with its spare parts and status history',
          params: serviceOrderIdParamsSchema,
          response: { 200: serviceOrderSchema, ...one },
        },
      },
      async (request) => service.get(tenantOf(request), request.params.id),
    );

    r.post(
      '/service-orders',
      {
        config: { ...orderWrite, idempotent: true },
        schema: {
          tags,
          summary: 'Create a service order (status created; the customer is linked or created)',
          body: serviceOrderCreateSchema,
          response: { 201: serviceOrderSchema, ...write },
        },
      },
      async (request, reply) => {
        const order = await service.create(tenantOf(request), principalOf(request), request.body);
        return reply.status(201).send(order);
      },
    );

    r.put(
      '/service-orders/:id',
      {
        // The phone's outbox replays a change under its op id (issue 28, decisions 061/065).
        config: { ...orderWrite, idempotent: true },
        schema: {
          tags,
          summary: 'Change the fields sent; `version` must be the one last read (409 otherwise)',
          params: serviceOrderIdParamsSchema,
          body: serviceOrderUpdateSchema,
          response: { 200: serviceOrderSchema, ...write },
        },
      },
      async (request) =>
        service.update(tenantOf(request), principalOf(request), request.params.id, request.body),
    );

    r.delete(
      '/service-orders/:id',
      {
        config: { access: STAFF_MANAGERS },
        schema: {
          tags,
          summary: 'Delete a service order (Administrator or ServiceManager)',
          params: serviceOrderIdParamsSchema,
          response: { 204: z.null(), ...one },
        },
      },
      async (request, reply) => {
        await service.remove(tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    // --- spare parts ---------------------------------------------------------------------------

    r.get(
      '/service-orders/:id/spare-parts',
      {
        config: orderRead,
        schema: {
          tags,
          summary: "The order's spare-part lines",
          params: serviceOrderIdParamsSchema,
          response: { 200: z.array(sparePartSchema), ...one },
        },
      },
      async (request) => service.listSpareParts(tenantOf(request), request.params.id),
    );

    r.post(
      '/service-orders/:id/spare-parts',
      {
        config: { ...orderWrite, idempotent: true },
        schema: {
          tags,
          summary: 'Add a spare-part line',
          params: serviceOrderIdParamsSchema,
          body: sparePartInputSchema,
          response: { 201: sparePartSchema, ...one },
        },
      },
      async (request, reply) => {
        const part = await service.addSparePart(tenantOf(request), request.params.id, request.body);
        return reply.status(201).send(part);
      },
    );

    r.get(
      '/service-orders/:id/spare-parts/:partId',
      {
        config: orderRead,
        schema: {
          tags,
          summary: 'One spare-part line',
          params: sparePartParamsSchema,
          response: { 200: sparePartSchema, ...one },
        },
      },
      async (request) => service.getSparePart(tenantOf(request), request.params.id, request.params.partId),
    );

    r.put(
      '/service-orders/:id/spare-parts/:partId',
      {
        // The phone's outbox replays a changed line under its op id (issue 28).
        config: { ...orderWrite, idempotent: true },
        schema: {
          tags,
          summary: 'Change a spare-part line; `version` must be the one last read (409 otherwise)',
          params: sparePartParamsSchema,
          body: sparePartUpdateSchema,
          response: { 200: sparePartSchema, ...write },
        },
      },
      async (request) =>
        service.updateSparePart(tenantOf(request), request.params.id, request.params.partId, request.body),
    );

    r.delete(
      '/service-orders/:id/spare-parts/:partId',
      {
        // A removal replayed after a lost answer gets the first 204, not a 404 (issue 28).
        config: { ...orderWrite, idempotent: true },
        schema: {
          tags,
          summary: 'Remove a spare-part line',
          params: sparePartParamsSchema,
          response: { 204: z.null(), ...one },
        },
      },
      async (request, reply) => {
        await service.removeSparePart(tenantOf(request), request.params.id, request.params.partId);
        return reply.status(204).send(null);
      },
    );
  };
}
