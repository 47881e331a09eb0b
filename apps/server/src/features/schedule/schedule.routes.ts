import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHENTICATED, STAFF_MANAGERS } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import {
  assignmentInputSchema,
  assignmentResultSchema,
  boardQuerySchema,
  boardSchema,
  changesQuerySchema,
  changesSchema,
  myDayQuerySchema,
  myDaySchema,
  notifyInputSchema,
  notifyResultSchema,
  scheduleCardSchema,
  scheduleOrderParamsSchema,
  scheduleProblemSchema,
  unassignQuerySchema,
  unscheduledQuerySchema,
  unscheduledResponseSchema,
} from '@service-portal/shared/schedule';
import { compiledSuccessSerializer } from '../../lib/compiled-serializer.ts';
import { problemWith } from '../../lib/problem-responses.ts';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { ScheduleService } from './schedule.service.ts';

const tags = ['schedule'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const moveRefusals = scheduleProblemSchema.describe(
  '`version_conflict` (with `card`, the order as it is now), `technician_inactive`, `technician_off`, `partner_closed`, `status_not_schedulable`',
);

/**
 * The dispatch board (issue 25). Reading the board is for any signed-in staff member (a
 * technician looks at the week too); scheduling, unscheduling and telling the customer are for
 * Administrators and ServiceManagers. The technician's own day is /my-day.
 */
export function scheduleRoutes(service: ScheduleService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const anyone = { access: AUTHENTICATED };
    const managers = { access: STAFF_MANAGERS };

    r.get(
      '/schedule/board',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Technicians × days with capacity per cell and the orders scheduled in the range',
          querystring: boardQuerySchema,
          response: { 200: boardSchema, ...read },
        },
        // The two-week board is ≈ 1,000 cards: written by a serializer compiled from its schema,
        // not checked against it with zod on each request (decision 075).
        serializerCompiler: compiledSuccessSerializer({ check: app.config.env !== 'production' }),
      },
      async (request) => service.board(tenantOf(request), request.query),
    );

    r.get(
      '/schedule/unscheduled',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Open orders without a date or technician: most urgent first, then oldest',
          querystring: unscheduledQuerySchema,
          response: { 200: unscheduledResponseSchema, ...read },
        },
      },
      async (request) => service.unscheduled(tenantOf(request), request.query),
    );

    r.get(
      '/schedule/changes',
      {
        config: anyone,
        schema: {
          tags,
          summary: 'Whether the board changed since the cursor (poll every few seconds; one cheap query)',
          querystring: changesQuerySchema,
          response: { 200: changesSchema, ...read },
        },
      },
      async (request) => service.changes(tenantOf(request), request.query.since),
    );

    r.post(
      '/schedule/orders/:id/assignment',
      {
        config: managers,
        schema: {
          tags,
          summary:
            'Schedule or move an order (technician, date, start); overbooking is allowed and shown by `cell`',
          params: scheduleOrderParamsSchema,
          body: assignmentInputSchema,
          response: {
            200: assignmentResultSchema,
            ...one,
            409: moveRefusals,
            422: problemWith({
              duration_required: 'no estimate and no default duration for the service type',
            }),
          },
        },
      },
      async (request) =>
        service.assign(tenantOf(request), principalOf(request), request.params.id, request.body),
    );

    r.delete(
      '/schedule/orders/:id/assignment',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Unschedule an order: back to the list (`scheduled` becomes `created`)',
          params: scheduleOrderParamsSchema,
          querystring: unassignQuerySchema,
          response: { 200: scheduleCardSchema, ...one, 409: moveRefusals },
        },
      },
      async (request) =>
        service.unassign(tenantOf(request), principalOf(request), request.params.id, request.query.version),
    );

    r.post(
      '/schedule/orders/:id/notify',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Send the customer the scheduled date and time by SMS or e-mail, logged on the order',
          params: scheduleOrderParamsSchema,
          body: notifyInputSchema,
          response: {
            201: notifyResultSchema,
            ...one,
            409: problemWith({ not_scheduled: 'the order has no scheduled date' }),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.notify(
              tenantOf(request),
              principalOf(request),
              request.params.id,
              request.body.channel,
            ),
          ),
    );

    r.get(
      '/my-day',
      {
        config: anyone,
        schema: {
          tags,
          summary: "The signed-in technician's orders on a day (today by default), in start order",
          querystring: myDayQuerySchema,
          response: {
            200: myDaySchema,
            ...read,
            404: problemWith({ no_technician_record: 'the user matches no technician of the partner' }),
          },
        },
      },
      async (request) => service.myDay(tenantOf(request), principalOf(request), request.query.date),
    );
  };
}
