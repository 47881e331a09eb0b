import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED, PUBLIC } from '@service-portal/shared/access';
import {
  estimateApproveSchema,
  estimateDeclineSchema,
  estimateInputSchema,
  estimateSchema,
  estimateSendSchema,
} from '@service-portal/shared/estimates';
import { problemSchema } from '@service-portal/shared/problem';
import { UPLOAD_SESSION_HEADER, uploadTokenParamsSchema } from '@service-portal/shared/upload-links';
import { problemWith } from '../../lib/problem-responses.ts';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { EstimatesService } from './estimates.service.ts';

const tags = ['estimates'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const refusals = problemWith({
  estimate_already_decided: 'the version has been approved or declined already',
  estimate_expired: 'the version is past its valid-until day',
  estimate_superseded: 'a newer version has been sent',
  conflict: 'only a draft can be changed',
});
const orderParams = z.object({ id: z.uuid() });
const estimateParams = z.object({ id: z.uuid(), estimateId: z.uuid() });

function sessionOf(request: FastifyRequest): string | undefined {
  const value = request.headers[UPLOAD_SESSION_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** Staff compose and send an order's estimates; the customer answers behind the status link. */
export function estimatesRoutes(service: EstimatesService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const staff = { access: AUTHENTICATED };
    const open = { access: PUBLIC };

    r.get(
      '/service-orders/:id/estimates',
      {
        config: staff,
        schema: {
          tags,
          summary: "The order's estimate versions, newest first (older versions are read-only)",
          params: orderParams,
          response: { 200: z.array(estimateSchema), ...read },
        },
      },
      async (request) => service.list(tenantOf(request), request.params.id),
    );

    r.post(
      '/service-orders/:id/estimates',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Compose a new version (a draft), priced by the pricing configuration as of now',
          params: orderParams,
          body: estimateInputSchema,
          response: { 201: estimateSchema, ...read },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await service.create(tenantOf(request), principalOf(request), request.params.id, request.body),
          ),
    );

    r.put(
      '/service-orders/:id/estimates/:estimateId',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Change a draft (a sent version is changed by composing a new one)',
          params: estimateParams,
          body: estimateInputSchema,
          response: { 200: estimateSchema, ...read, 409: refusals },
        },
      },
      async (request) =>
        service.updateDraft(tenantOf(request), request.params.id, request.params.estimateId, request.body),
    );

    r.post(
      '/service-orders/:id/estimates/:estimateId/send',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Send the version by e-mail or SMS (through the communications log) with a status link',
          params: estimateParams,
          body: estimateSendSchema,
          response: { 200: estimateSchema, ...read, 409: refusals },
        },
      },
      async (request) =>
        service.send(
          tenantOf(request),
          principalOf(request),
          request.params.id,
          request.params.estimateId,
          request.body,
        ),
    );

    // ----- the customer: behind a verified status link (the upload-links session header)

    const customer = { 400: problemSchema, 401: problemSchema, 404: problemSchema };

    r.get(
      '/customer-upload/:token/estimates',
      {
        config: open,
        schema: {
          tags,
          summary: "The order's sent estimates, newest first; the newest is marked opened",
          params: uploadTokenParamsSchema,
          response: { 200: z.array(estimateSchema), ...customer },
        },
      },
      async (request) => service.forCustomer(request.params.token, sessionOf(request)),
    );

    r.post(
      '/customer-upload/:token/estimates/approve',
      {
        config: open,
        schema: {
          tags,
          summary: 'Approve a version with a typed name (once; not after expiry; only the newest)',
          params: uploadTokenParamsSchema,
          body: estimateApproveSchema,
          response: { 200: estimateSchema, ...customer, 409: refusals },
        },
      },
      async (request) => service.approve(request.params.token, sessionOf(request), request.body),
    );

    r.post(
      '/customer-upload/:token/estimates/decline',
      {
        config: open,
        schema: {
          tags,
          summary: 'Decline a version with a comment (once; not after expiry; only the newest)',
          params: uploadTokenParamsSchema,
          body: estimateDeclineSchema,
          response: { 200: estimateSchema, ...customer, 409: refusals },
        },
      },
      async (request) => service.decline(request.params.token, sessionOf(request), request.body),
    );
  };
}
