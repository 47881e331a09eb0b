import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED } from '@service-portal/shared/access';
import {
  communicationAssignSchema,
  communicationCreateSchema,
  communicationIdParamsSchema,
  communicationParamsSchema,
  communicationSchema,
  communicationUpdateSchema,
  inboxItemSchema,
  unassignedListSchema,
  unassignedQuerySchema,
  unreadQuerySchema,
  unreadSummarySchema,
} from '@service-portal/shared/communications';
import { problemSchema } from '@service-portal/shared/problem';
import { serviceOrderIdParamsSchema } from '@service-portal/shared/service-orders';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { CommunicationsService } from './communications.service.ts';

const tags = ['communications'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const write = { ...one, 409: problemSchema };

/** Spec §7 "Communications" on an order, plus the partner-wide unread badge and unassigned inbox. */
export function communicationsRoutes(service: CommunicationsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: AUTHENTICATED };
    const base = '/service-orders/:id/communications';

    r.get(
      base,
      {
        config,
        schema: {
          tags,
          summary: "The order's communications, oldest first",
          params: serviceOrderIdParamsSchema,
          response: { 200: z.array(communicationSchema), ...one },
        },
      },
      async (request) => service.list(tenantOf(request), request.params.id),
    );

    r.post(
      base,
      {
        config: { ...config, idempotent: true },
        schema: {
          tags,
          summary:
            "Log a call or talk, add an internal note, or send an e-mail/SMS to the order's customer (sent after it is stored; see deliveryStatus)",
          params: serviceOrderIdParamsSchema,
          body: communicationCreateSchema,
          response: { 201: communicationSchema, ...one },
        },
      },
      async (request, reply) => {
        const created = await service.create(
          tenantOf(request),
          principalOf(request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send(created);
      },
    );

    r.get(
      `${base}/:commId`,
      {
        config,
        schema: {
          tags,
          summary: 'One communication; opening an unread inbound message marks it read',
          params: communicationParamsSchema,
          response: { 200: communicationSchema, ...one },
        },
      },
      async (request) => service.get(tenantOf(request), request.params.id, request.params.commId),
    );

    r.put(
      `${base}/:commId`,
      {
        config,
        schema: {
          tags,
          summary:
            'Change the fields sent; `version` must be the one last read (409 otherwise). Sent and received messages keep their text',
          params: communicationParamsSchema,
          body: communicationUpdateSchema,
          response: { 200: communicationSchema, ...write },
        },
      },
      async (request) =>
        service.update(tenantOf(request), request.params.id, request.params.commId, request.body),
    );

    r.delete(
      `${base}/:commId`,
      {
        config,
        schema: {
          tags,
          summary: 'Delete a communication (not while it is being sent)',
          params: communicationParamsSchema,
          response: { 204: z.null(), ...write },
        },
      },
      async (request, reply) => {
        await service.remove(tenantOf(request), request.params.id, request.params.commId);
        return reply.status(204).send(null);
      },
    );

    r.post(
      `${base}/:commId/read`,
      {
        config,
        schema: {
          tags,
          summary: 'Mark read (readAt = now, kept if already read)',
          params: communicationParamsSchema,
          response: { 200: communicationSchema, ...one },
        },
      },
      async (request) => service.markRead(tenantOf(request), request.params.id, request.params.commId),
    );

    r.post(
      `${base}/:commId/retry`,
      {
        config,
        schema: {
          tags,
          summary:
            'Send a failed e-mail or SMS again (once, however often it is asked); answers with it sending',
          params: communicationParamsSchema,
          response: { 202: communicationSchema, ...write },
        },
      },
      async (request, reply) => {
        const sending = await service.retry(tenantOf(request), request.params.id, request.params.commId);
        return reply.status(202).send(sending);
      },
    );

    // --- partner-wide ------------------------------------------------------------------------------

    r.get(
      '/communications/unread',
      {
        config,
        schema: {
          tags,
          summary: 'The notification badge: unread inbound messages of the partner, and the newest of them',
          querystring: unreadQuerySchema,
          response: { 200: unreadSummarySchema, ...read },
        },
      },
      async (request) => service.unread(tenantOf(request), request.query.limit),
    );

    r.get(
      '/communications/unassigned',
      {
        config,
        schema: {
          tags,
          summary: 'Inbound messages that could not be filed under an order safely, newest first',
          querystring: unassignedQuerySchema,
          response: { 200: unassignedListSchema, ...read },
        },
      },
      async (request) => service.unassigned(tenantOf(request), request.query),
    );

    r.post(
      '/communications/:commId/read',
      {
        config,
        schema: {
          tags,
          summary: 'Mark any of the partner’s messages read, filed or not',
          params: communicationIdParamsSchema,
          response: { 200: inboxItemSchema, ...one },
        },
      },
      async (request) => service.markReadAnywhere(tenantOf(request), request.params.commId),
    );

    r.post(
      '/communications/:commId/assign',
      {
        config,
        schema: {
          tags,
          summary: 'File an inbound message under one of the partner’s orders',
          params: communicationIdParamsSchema,
          body: communicationAssignSchema,
          response: { 200: inboxItemSchema, ...write },
        },
      },
      async (request) =>
        service.assign(tenantOf(request), request.params.commId, request.body.serviceOrderId),
    );

    r.delete(
      '/communications/:commId',
      {
        config,
        schema: {
          tags,
          summary: 'Discard an unassigned inbound message',
          params: communicationIdParamsSchema,
          response: { 204: z.null(), ...write },
        },
      },
      async (request, reply) => {
        await service.removeUnassigned(tenantOf(request), request.params.commId);
        return reply.status(204).send(null);
      },
    );
  };
}
