import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED, STAFF_MANAGERS } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import {
  dayOffInputSchema,
  dayOffListQuerySchema,
  dayOffListResponseSchema,
  dayOffParamsSchema,
  dayOffSchema,
  technicianWorkingHoursSchema,
  workingHoursUpdateSchema,
  technicianIdParamsSchema,
  technicianInputSchema,
  technicianListQuerySchema,
  technicianListResponseSchema,
  technicianSchema,
  technicianStatsSchema,
  technicianStatusSchema,
  technicianUpdateSchema,
} from '@service-portal/shared/technicians';
import { problemWith } from '../../lib/problem-responses.ts';
import { tenantOf } from '../../plugins/auth.ts';
import type { TechniciansService } from './technicians.service.ts';

const tags = ['technicians'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const write = {
  ...one,
  409: problemWith({
    email_taken: 'another technician of the partner has the e-mail',
    version_conflict: '`version` is not the one last read',
  }),
};

/**
 * Spec §2 /technicians: any signed-in user reads the list and a technician (the order form
 * assigns from it); creating, changing and (de)activating are for Administrators and ServiceManagers.
 * A technician's orders are GET /service-orders?assignedTechnicianId=….
 */
export function techniciansRoutes(service: TechniciansService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const anyone = { access: AUTHENTICATED };
    const managers = { access: STAFF_MANAGERS };

    r.get(
      '/technicians',
      {
        config: anyone,
        schema: {
          tags,
          summary:
            'List technicians by name; search, filter by active, page (TECHNICIAN_PAGE_SIZES or any ≤ 100)',
          querystring: technicianListQuerySchema,
          response: { 200: technicianListResponseSchema, ...read },
        },
      },
      async (request) => service.list(tenantOf(request), request.query),
    );

    r.get(
      '/technicians/:id',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'One technician',
          params: technicianIdParamsSchema,
          response: { 200: technicianSchema, ...one },
        },
      },
      async (request) => service.get(tenantOf(request), request.params.id),
    );

    r.get(
      '/technicians/:id/stats',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Assigned, open, completed orders, completion rate and average resolution time',
          params: technicianIdParamsSchema,
          response: { 200: technicianStatsSchema, ...one },
        },
      },
      async (request) => service.stats(tenantOf(request), request.params.id),
    );

    r.post(
      '/technicians',
      {
        config: { ...managers, idempotent: true },
        schema: {
          tags,
          summary: 'Add a technician (Administrator or ServiceManager); e-mail unique per partner (409)',
          body: technicianInputSchema,
          response: { 201: technicianSchema, ...write },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
    );

    r.put(
      '/technicians/:id',
      {
        config: managers,
        schema: {
          tags,
          summary:
            'Change a technician (Administrator or ServiceManager); `version` must be the one last read',
          params: technicianIdParamsSchema,
          body: technicianUpdateSchema,
          response: { 200: technicianSchema, ...write },
        },
      },
      async (request) => service.update(tenantOf(request), request.params.id, request.body),
    );

    r.patch(
      '/technicians/:id/status',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Activate or deactivate a technician (Administrator or ServiceManager)',
          params: technicianIdParamsSchema,
          body: technicianStatusSchema,
          response: { 200: technicianSchema, ...write },
        },
      },
      async (request) => service.setStatus(tenantOf(request), request.params.id, request.body),
    );

    // Working hours and days off (issue 25): read by anyone signed in, like the technician;
    // changed by Administrators and ServiceManagers.
    r.get(
      '/technicians/:id/working-hours',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Weekly working hours, Monday..Sunday (null = not working), with the technician version',
          params: technicianIdParamsSchema,
          response: { 200: technicianWorkingHoursSchema, ...one },
        },
      },
      async (request) => service.workingHours(tenantOf(request), request.params.id),
    );

    r.put(
      '/technicians/:id/working-hours',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Set the weekly working hours (Administrator or ServiceManager); `version` as last read',
          params: technicianIdParamsSchema,
          body: workingHoursUpdateSchema,
          response: { 200: technicianWorkingHoursSchema, ...write },
        },
      },
      async (request) => service.setWorkingHours(tenantOf(request), request.params.id, request.body),
    );

    r.get(
      '/technicians/:id/days-off',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Days off from `from` (default today) to `to` (default a year on), by date',
          params: technicianIdParamsSchema,
          querystring: dayOffListQuerySchema,
          response: { 200: dayOffListResponseSchema, ...one },
        },
      },
      async (request) => service.daysOff(tenantOf(request), request.params.id, request.query),
    );

    r.post(
      '/technicians/:id/days-off',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Add a day off (Administrator or ServiceManager); one per technician and date (409)',
          params: technicianIdParamsSchema,
          body: dayOffInputSchema,
          response: {
            201: dayOffSchema,
            ...one,
            409: problemWith({ day_off_taken: 'the technician has that day off already' }),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.addDayOff(tenantOf(request), request.params.id, request.body)),
    );

    r.delete(
      '/technicians/:id/days-off/:dayOffId',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Remove a day off (Administrator or ServiceManager)',
          params: dayOffParamsSchema,
          response: { 204: z.null(), ...one },
        },
      },
      async (request, reply) => {
        await service.removeDayOff(tenantOf(request), request.params.id, request.params.dayOffId);
        return reply.status(204).send(null);
      },
    );
  };
}
