import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED, STAFF_MANAGERS } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import {
  warehouseLocationIdParamsSchema,
  warehouseLocationInputSchema,
  warehouseLocationListQuerySchema,
  warehouseLocationListResponseSchema,
  warehouseLocationOptionSchema,
  warehouseLocationOptionsQuerySchema,
  warehouseLocationSchema,
  warehouseLocationStatusSchema,
  warehouseLocationUpdateSchema,
} from '@service-portal/shared/warehouse-locations';
import { problemWith } from '../../lib/problem-responses.ts';
import { tenantOf } from '../../plugins/auth.ts';
import type { WarehouseLocationsService } from './warehouse-locations.service.ts';

const tags = ['warehouse-locations'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const write = {
  ...one,
  409: problemWith({
    name_taken: 'another location of the partner has the name (in any case)',
    in_use: 'service orders reference the location (delete)',
    version_conflict: '`version` is not the one last read',
  }),
};

/** Spec §2 and §6: the Warehouse Locations screen is for Administrators and ServiceManagers only. */
export function warehouseLocationsRoutes(service: WarehouseLocationsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: STAFF_MANAGERS };

    // The one route open to every signed-in user. Spec §6 gates the Warehouse Locations *screen*,
    // but the service-order form (any signed-in user, technicians included) has a warehouse
    // location select. Rather than open the management list, this answers only what a select
    // needs (id, name, active) for the active locations plus the order's current one (`include`),
    // which may have been deactivated since it was chosen.
    r.get(
      '/warehouse-locations/options',
      {
        config: { access: AUTHENTICATED },
        schema: {
          tags,
          summary:
            "Choices for the order form's select (any signed-in user): active locations, plus `include`",
          querystring: warehouseLocationOptionsQuerySchema,
          response: { 200: z.array(warehouseLocationOptionSchema), ...read },
        },
      },
      async (request) => service.options(tenantOf(request), request.query.include),
    );

    r.get(
      '/warehouse-locations',
      {
        config,
        schema: {
          tags,
          summary: 'List locations by name; inactive ones only with includeInactive=true',
          querystring: warehouseLocationListQuerySchema,
          response: { 200: warehouseLocationListResponseSchema, ...read },
        },
      },
      async (request) => service.list(tenantOf(request), request.query),
    );

    r.get(
      '/warehouse-locations/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One location',
          params: warehouseLocationIdParamsSchema,
          response: { 200: warehouseLocationSchema, ...one },
        },
      },
      async (request) => service.get(tenantOf(request), request.params.id),
    );

    r.post(
      '/warehouse-locations',
      {
        config: { ...config, idempotent: true },
        schema: {
          tags,
          summary: 'Create a location; the name is unique per partner in any case (409)',
          body: warehouseLocationInputSchema,
          response: { 201: warehouseLocationSchema, ...write },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
    );

    r.put(
      '/warehouse-locations/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Change a location; `version` must be the one last read (409 otherwise)',
          params: warehouseLocationIdParamsSchema,
          body: warehouseLocationUpdateSchema,
          response: { 200: warehouseLocationSchema, ...write },
        },
      },
      async (request) => service.update(tenantOf(request), request.params.id, request.body),
    );

    r.patch(
      '/warehouse-locations/:id/status',
      {
        config,
        schema: {
          tags,
          summary: 'Activate or deactivate a location',
          params: warehouseLocationIdParamsSchema,
          body: warehouseLocationStatusSchema,
          response: { 200: warehouseLocationSchema, ...write },
        },
      },
      async (request) => service.setStatus(tenantOf(request), request.params.id, request.body),
    );

    r.delete(
      '/warehouse-locations/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a location no order references (409 otherwise; deactivate it instead)',
          params: warehouseLocationIdParamsSchema,
          response: { 204: z.null(), ...write },
        },
      },
      async (request, reply) => {
        await service.remove(tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
