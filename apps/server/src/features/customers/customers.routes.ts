import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED, scoped, STAFF_MANAGERS } from '@service-portal/shared/access';
import {
  customerIdParamsSchema,
  customerInputSchema,
  customerListQuerySchema,
  customerDuplicatesQuerySchema,
  customerDuplicatesResponseSchema,
  customerListResponseSchema,
  customerMergePreviewQuerySchema,
  customerMergePreviewSchema,
  customerMergeSchema,
  customerSchema,
  customerSerialNumberSchema,
  customerUpdateSchema,
} from '@service-portal/shared/customers';
import { problemSchema } from '@service-portal/shared/problem';
import { problemWith } from '../../lib/problem-responses.ts';
import { tenantOf } from '../../plugins/auth.ts';
import type { CustomersService } from './customers.service.ts';

const tags = ['customers'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const write = {
  ...one,
  409: problemWith({
    email_taken: 'another customer of the partner has the e-mail',
    version_conflict:
      '`version` is not the one last read (a merge: either customer changed since the preview)',
    conflict: 'the customer has orders (delete) or was merged',
  }),
};

/** Spec §2 /customers and /customers/{id}: any signed-in user of the partner; merging is for managers. */
export function customersRoutes(service: CustomersService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: AUTHENTICATED };
    // Open to API tokens with customers:read (docs/decisions/055-api-tokens.md).
    const customersRead = { access: scoped(AUTHENTICATED, 'customers:read') };

    r.get(
      '/customers',
      {
        config: customersRead,
        schema: {
          tags,
          summary: 'List customers (merged ones hidden) with their order counts; search name, e-mail, phone',
          querystring: customerListQuerySchema,
          response: { 200: customerListResponseSchema, ...read },
        },
      },
      async (request) => service.list(tenantOf(request), request.query),
    );

    r.get(
      '/customers/:id',
      {
        config: customersRead,
        schema: {
          tags,
          summary: 'One customer with order counts; a merged one carries `mergedIntoId`',
          params: customerIdParamsSchema,
          response: { 200: customerSchema, ...one },
        },
      },
      async (request) => service.get(tenantOf(request), request.params.id),
    );

    r.post(
      '/customers',
      {
        config: { ...config, idempotent: true },
        schema: {
          tags,
          summary: 'Create a customer (409 when another customer has the e-mail)',
          body: customerInputSchema,
          response: { 201: customerSchema, ...write },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
    );

    r.put(
      '/customers/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Replace the customer fields; `version` must be the one last read (409 otherwise)',
          params: customerIdParamsSchema,
          body: customerUpdateSchema,
          response: { 200: customerSchema, ...write },
        },
      },
      async (request) => service.update(tenantOf(request), request.params.id, request.body),
    );

    r.delete(
      '/customers/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a customer who has no service orders (409 otherwise: merge instead)',
          params: customerIdParamsSchema,
          response: { 204: z.null(), ...write },
        },
      },
      async (request, reply) => {
        await service.remove(tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/customers/duplicates',
      {
        config: customersRead,
        schema: {
          tags,
          summary:
            'Live customers with this e-mail (any case) or this phone number however written ("+47 912 34 567" = "91234567"), for the forms\' duplicate warning',
          querystring: customerDuplicatesQuerySchema,
          response: { 200: customerDuplicatesResponseSchema, ...read },
        },
      },
      async (request) => ({ items: await service.duplicates(tenantOf(request), request.query) }),
    );

    r.get(
      '/customers/:id/merge-preview',
      {
        config: { access: STAFF_MANAGERS },
        schema: {
          tags,
          summary:
            'What merging customer `sourceId` into this one would do: both records, the fields that differ, and how many records of each kind move',
          params: customerIdParamsSchema,
          querystring: customerMergePreviewQuerySchema,
          response: { 200: customerMergePreviewSchema, ...one, 409: write[409] },
        },
      },
      async (request) => service.mergePreview(tenantOf(request), request.params.id, request.query.sourceId),
    );

    r.post(
      '/customers/:id/merge',
      {
        config: { access: STAFF_MANAGERS },
        schema: {
          tags,
          summary:
            'Merge customer `sourceId` into this one (Administrator or ServiceManager): everything referencing it moves here, the fields are the ones chosen in `take`, it is retired; `version` and `sourceVersion` as the preview showed them (409 otherwise)',
          params: customerIdParamsSchema,
          body: customerMergeSchema,
          response: { 200: customerSchema, ...write },
        },
      },
      async (request) => service.merge(tenantOf(request), request.params.id, request.body),
    );

    // GET /customers/{id}/service-orders is the service-orders feature's (its data, its query).

    r.get(
      '/customers/:id/serial-numbers',
      {
        config: customersRead,
        schema: {
          tags,
          summary: "Distinct serial numbers on the customer's orders, most recently seen first",
          params: customerIdParamsSchema,
          response: { 200: z.array(customerSerialNumberSchema), ...one },
        },
      },
      async (request) => service.serialNumbers(tenantOf(request), request.params.id),
    );
  };
}
