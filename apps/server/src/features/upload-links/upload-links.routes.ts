import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED, PUBLIC } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import {
  ratingInputSchema,
  ratingSchema,
  UPLOAD_SESSION_HEADER,
  uploadInfoSchema,
  uploadLinkCreatedSchema,
  uploadLinkCreateSchema,
  uploadLinkParamsSchema,
  uploadLinkSchema,
  uploadLookupResultSchema,
  uploadResultSchema,
  uploadSessionSchema,
  uploadStatusSchema,
  uploadTokenParamsSchema,
  uploadVerifySchema,
} from '@service-portal/shared/upload-links';
import { MULTIPART_BODY, partsOf } from '../../lib/multipart.ts';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { UploadLinksService } from './upload-links.service.ts';

const tags = ['upload-links'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const customer = { 400: problemSchema, 401: problemSchema, 404: problemSchema };
const orderParams = z.object({ id: z.uuid() });

function sessionOf(request: FastifyRequest): string | undefined {
  const value = request.headers[UPLOAD_SESSION_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** Staff: links for an order. Customers (public, by token): spec §2 `/customer-upload/{token}`. */
export function uploadLinksRoutes(service: UploadLinksService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const staff = { access: AUTHENTICATED };
    // The customer's changes through the link are theirs in the history (issue 26).
    const open = { access: PUBLIC, actor: { kind: 'customer' as const, name: 'Customer link' } };

    r.get(
      '/service-orders/:id/upload-links',
      {
        config: staff,
        schema: {
          tags,
          summary: "The order's active upload links (not expired, not revoked), newest first",
          params: orderParams,
          response: { 200: z.array(uploadLinkSchema), ...read },
        },
      },
      async (request) => service.listActive(tenantOf(request), request.params.id),
    );

    r.post(
      '/service-orders/:id/upload-links',
      {
        config: staff,
        schema: {
          tags,
          summary:
            'Create a 24-hour upload link and send it to the customer by SMS or e-mail (through the communications log); the answer is the only place the link is shown',
          params: orderParams,
          body: uploadLinkCreateSchema,
          response: { 201: uploadLinkCreatedSchema, ...read },
        },
      },
      async (request, reply) => {
        const link = await service.create(
          tenantOf(request),
          principalOf(request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send(link);
      },
    );

    r.delete(
      '/service-orders/:id/upload-links/:linkId',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Revoke a link at once',
          params: uploadLinkParamsSchema,
          response: { 204: z.null(), ...read },
        },
      },
      async (request, reply) => {
        await service.revoke(tenantOf(request), request.params.id, request.params.linkId);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/service-orders/:id/rating',
      {
        config: staff,
        schema: {
          tags,
          summary: "The customer's rating of the order (null until given)",
          params: orderParams,
          response: { 200: ratingSchema.nullable(), ...read },
        },
      },
      async (request) => service.ratingOf(tenantOf(request), request.params.id),
    );

    // ----- the customer's side: public; the token is the key, verification gives a session

    r.post(
      '/customer-upload/lookup',
      {
        config: open,
        schema: {
          tags,
          summary:
            'Find the open order by phone number and serial number and open a link for it (wrong answers are limited per address)',
          body: uploadVerifySchema,
          response: { 200: uploadLookupResultSchema, ...customer, 429: problemSchema },
        },
      },
      async (request) => service.lookup(request.body, request.ip),
    );

    r.get(
      '/customer-upload/:token',
      {
        config: open,
        schema: {
          tags,
          summary: 'Service Information: order number, product, status in customer words',
          params: uploadTokenParamsSchema,
          response: { 200: uploadInfoSchema, ...customer },
        },
      },
      async (request) => service.info(request.params.token),
    );

    r.post(
      '/customer-upload/:token/verify',
      {
        config: open,
        schema: {
          tags,
          summary: `Verification: phone number and serial number must match the order; answers a session for the ${UPLOAD_SESSION_HEADER} header`,
          params: uploadTokenParamsSchema,
          body: uploadVerifySchema,
          response: { 200: uploadSessionSchema, ...customer, 422: problemSchema, 429: problemSchema },
        },
      },
      async (request) => service.verify(request.params.token, request.body),
    );

    r.post(
      '/customer-upload/:token/images',
      {
        config: {
          ...open,
          // A customer's retry on a bad connection must not store the photos twice (decision 057).
          idempotent: {
            owner: (request) =>
              service.idempotencyOwner((request.params as { token: string }).token, sessionOf(request)),
          },
        },
        schema: {
          consumes: MULTIPART_BODY,
          tags,
          summary:
            'Upload Service Images (multipart: `files`, `categories`, `descriptions`); 10 MB each, 50 MB per link in all',
          params: uploadTokenParamsSchema,
          response: {
            201: uploadResultSchema,
            ...customer,
            413: problemSchema,
            415: problemSchema,
            507: problemSchema,
          },
        },
      },
      async (request, reply) => {
        const result = await service.upload(request.params.token, sessionOf(request), partsOf(request));
        return reply.status(201).send(result);
      },
    );

    r.get(
      '/customer-upload/:token/status',
      {
        config: open,
        schema: {
          tags,
          summary: "The order's progress in customer words, with dates, and its rating",
          params: uploadTokenParamsSchema,
          response: { 200: uploadStatusSchema, ...customer },
        },
      },
      async (request) => service.status(request.params.token, sessionOf(request)),
    );

    r.post(
      '/customer-upload/:token/rating',
      {
        config: open,
        schema: {
          tags,
          summary: 'Rate a completed order 1–5 with an optional comment (once)',
          params: uploadTokenParamsSchema,
          body: ratingInputSchema,
          response: { 201: ratingSchema, ...customer, 409: problemSchema },
        },
      },
      async (request, reply) => {
        const rating = await service.rate(request.params.token, sessionOf(request), request.body);
        return reply.status(201).send(rating);
      },
    );
  };
}
