import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import {
  orderTotalsSchema,
  technicianTimeListSchema,
  workLogCreateSchema,
  workLogParamsSchema,
  workLogSchema,
  workLogUpdateSchema,
} from '@service-portal/shared/work-logs';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { WorkLogsService } from './work-logs.service.ts';

const tags = ['work-logs'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const write = { ...one, 409: problemSchema };
const orderParams = z.object({ id: z.uuid() });

/** Spec §7 "Work logs" on a service order, the timer, and the order's totals. Any signed-in user. */
export function workLogsRoutes(service: WorkLogsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: AUTHENTICATED };

    r.get(
      '/service-orders/:id/work-logs',
      {
        config,
        schema: {
          tags,
          summary: "The order's work logs, oldest first; open ones with an estimate at today's prices",
          params: orderParams,
          response: { 200: z.array(workLogSchema), ...one },
        },
      },
      async (request) => service.list(tenantOf(request), request.params.id),
    );

    r.post(
      '/service-orders/:id/work-logs',
      {
        config: { ...config, idempotent: true },
        schema: {
          tags,
          summary: 'Log work on the order (optionally starting its timer at once)',
          params: orderParams,
          body: workLogCreateSchema,
          response: { 201: workLogSchema, ...write },
        },
      },
      async (request, reply) => {
        const log = await service.create(
          tenantOf(request),
          principalOf(request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send(log);
      },
    );

    r.get(
      '/service-orders/:id/work-logs/:logId',
      {
        config,
        schema: {
          tags,
          summary: 'One work log',
          params: workLogParamsSchema,
          response: { 200: workLogSchema, ...one },
        },
      },
      async (request) => service.get(tenantOf(request), request.params.id, request.params.logId),
    );

    r.put(
      '/service-orders/:id/work-logs/:logId',
      {
        config,
        schema: {
          tags,
          summary: 'Change an open work log; `version` is the one last read. Completed logs answer 409',
          params: workLogParamsSchema,
          body: workLogUpdateSchema,
          response: { 200: workLogSchema, ...write },
        },
      },
      async (request) =>
        service.update(tenantOf(request), request.params.id, request.params.logId, request.body),
    );

    r.delete(
      '/service-orders/:id/work-logs/:logId',
      {
        config,
        schema: {
          tags,
          summary: 'Remove a work log (a completed one: Administrator or ServiceManager only)',
          params: workLogParamsSchema,
          response: { 204: z.null(), ...one },
        },
      },
      async (request, reply) => {
        await service.remove(
          tenantOf(request),
          principalOf(request),
          request.params.id,
          request.params.logId,
        );
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/service-orders/:id/work-logs/:logId/complete',
      {
        config,
        schema: {
          tags,
          summary: "Stop the timer and freeze billed time and cost from the partner's pricing of now",
          params: workLogParamsSchema,
          response: { 200: workLogSchema, ...write },
        },
      },
      async (request) => service.complete(tenantOf(request), request.params.id, request.params.logId),
    );

    r.post(
      '/service-orders/:id/work-logs/:logId/timer/start',
      {
        config,
        schema: {
          tags,
          summary: 'Start the timer (409 when it runs, or when the same person runs another on this order)',
          params: workLogParamsSchema,
          response: { 200: workLogSchema, ...write },
        },
      },
      async (request) => service.startTimer(tenantOf(request), request.params.id, request.params.logId),
    );

    r.post(
      '/service-orders/:id/work-logs/:logId/timer/stop',
      {
        config,
        schema: {
          tags,
          summary: 'Stop the timer, adding the time to the tracked time (409 when it is not running)',
          params: workLogParamsSchema,
          response: { 200: workLogSchema, ...write },
        },
      },
      async (request) => service.stopTimer(tenantOf(request), request.params.id, request.params.logId),
    );

    r.get(
      '/service-orders/:id/totals',
      {
        config,
        schema: {
          tags,
          summary: 'Labour (completed work logs) + parts per currency; open work logs as an estimate',
          params: orderParams,
          response: { 200: orderTotalsSchema, ...one },
        },
      },
      async (request) => service.orderTotals(tenantOf(request), request.params.id),
    );

    r.get(
      '/service-orders/:id/time-per-technician',
      {
        config,
        schema: {
          tags,
          summary: "The order's worked time per named technician, billable and not (open logs as of now)",
          params: orderParams,
          response: { 200: technicianTimeListSchema, ...one },
        },
      },
      async (request) => ({
        items: await service.orderTimePerTechnician(tenantOf(request), request.params.id),
      }),
    );

    // The technician's time is this feature's data (its table, its query), as a customer's orders are
    // the service-orders feature's.
    r.get(
      '/technicians/:id/work-time',
      {
        config,
        schema: {
          tags,
          summary: "A technician's worked time on the partner's orders, billable and not",
          params: orderParams,
          response: { 200: technicianTimeListSchema, ...one },
        },
      },
      async (request) => ({ items: await service.technicianTime(tenantOf(request), request.params.id) }),
    );
  };
}
