import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roles } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import {
  webhookAttemptListResponseSchema,
  webhookDeliveryParamsSchema,
  webhookEndpointCreateSchema,
  webhookEndpointIdParamsSchema,
  webhookEndpointListResponseSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookQueuedSchema,
} from '@service-portal/shared/webhooks';
import { problemWith } from '../../lib/problem-responses.ts';
import { tenantOf } from '../../plugins/auth.ts';
import type { WebhooksService } from './webhooks.service.ts';

const tags = ['webhooks'];
const read = {
  400: problemSchema,
  401: problemSchema,
  403: problemWith({
    forbidden: 'the caller is not an Administrator',
    insufficient_scope: 'called with an API token: tokens never manage webhooks',
  }),
};
const saveErrors = {
  ...read,
  400: problemWith({
    validation_failed: 'the body is not valid',
    webhook_url_refused: 'the address is not public, or not https',
  }),
};
const disabled = problemWith({ webhook_endpoint_disabled: 'the endpoint is disabled' });

/**
 * The partner's webhook endpoints, for its Administrators only and never for an API token (no
 * scope opens these routes: a token that could add an endpoint could copy every event out).
 */
export function webhooksRoutes(service: WebhooksService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: roles('Administrator') };

    r.get(
      '/webhooks',
      {
        config,
        schema: {
          tags,
          summary: 'The partner’s webhook endpoints, newest first, each with its signing secret',
          response: { 200: webhookEndpointListResponseSchema, ...read },
        },
      },
      async (request) => service.list(tenantOf(request)),
    );

    r.post(
      '/webhooks',
      {
        config,
        schema: {
          tags,
          summary:
            'Add an endpoint (https URL, events, description); its address must be public unless WEBHOOK_ALLOWED_CIDRS lists it',
          body: webhookEndpointCreateSchema,
          response: {
            201: webhookEndpointSchema,
            ...saveErrors,
            409: problemWith({ conflict: 'the partner has the most endpoints allowed' }),
          },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(tenantOf(request), request.body)),
    );

    r.put(
      '/webhooks/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Change an endpoint’s URL, events, description or whether it is enabled',
          params: webhookEndpointIdParamsSchema,
          body: webhookEndpointUpdateSchema,
          response: { 200: webhookEndpointSchema, ...saveErrors, 404: problemSchema },
        },
      },
      async (request) => service.update(tenantOf(request), request.params.id, request.body),
    );

    r.delete(
      '/webhooks/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete an endpoint with its delivery log',
          params: webhookEndpointIdParamsSchema,
          response: { 204: z.null(), ...read, 404: problemSchema },
        },
      },
      async (request, reply) => {
        await service.remove(tenantOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/webhooks/:id/rotate-secret',
      {
        config,
        schema: {
          tags,
          summary: 'A new signing secret; the old one signs too (a second signature) for 24 hours',
          params: webhookEndpointIdParamsSchema,
          response: { 200: webhookEndpointSchema, ...read, 404: problemSchema },
        },
      },
      async (request) => service.rotateSecret(tenantOf(request), request.params.id),
    );

    r.get(
      '/webhooks/:id/attempts',
      {
        config,
        schema: {
          tags,
          summary: 'The endpoint’s delivery log: the latest 200 attempts, newest first',
          params: webhookEndpointIdParamsSchema,
          response: { 200: webhookAttemptListResponseSchema, ...read, 404: problemSchema },
        },
      },
      async (request) => service.attempts(tenantOf(request), request.params.id),
    );

    r.post(
      '/webhooks/:id/test',
      {
        config,
        schema: {
          tags,
          summary: 'Send a `webhook.test` event to this endpoint now',
          params: webhookEndpointIdParamsSchema,
          response: { 202: webhookQueuedSchema, ...read, 404: problemSchema, 409: disabled },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await service.sendTest(tenantOf(request), request.params.id)),
    );

    r.post(
      '/webhooks/:id/deliveries/:deliveryId/send-again',
      {
        config,
        schema: {
          tags,
          summary: 'Send a delivery again now, with the same webhook-id (one attempt)',
          params: webhookDeliveryParamsSchema,
          response: { 202: webhookQueuedSchema, ...read, 404: problemSchema, 409: disabled },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(await service.sendAgain(tenantOf(request), request.params.id, request.params.deliveryId)),
    );
  };
}
