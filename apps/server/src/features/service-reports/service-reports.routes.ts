import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED, PUBLIC, STAFF_MANAGERS } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import {
  reportSettingsSchema,
  reportSettingsUpdateSchema,
  reportSignSchema,
  customerReportSchema,
  serviceReportSchema,
} from '@service-portal/shared/service-reports';
import { UPLOAD_SESSION_HEADER, uploadTokenParamsSchema } from '@service-portal/shared/upload-links';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { ServiceReportsService } from './service-reports.service.ts';

const tags = ['service-reports'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const orderParams = z.object({ id: z.uuid() });

/** Our own type, never sniffed, no way to run as a page of ours (as documents send files). */
function sendPdf(
  reply: FastifyReply,
  file: { stream: NodeJS.ReadableStream; bytes: number; fileName: string },
) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', String(file.bytes))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-cache')
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
    .send(file.stream);
}

function sessionOf(request: FastifyRequest): string | undefined {
  const value = request.headers[UPLOAD_SESSION_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** Issue 27 part 2: the signed service report of an order, and the partner's setting. */
export function serviceReportsRoutes(service: ServiceReportsService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: AUTHENTICATED };

    r.get(
      '/service-orders/:id/report',
      {
        config,
        schema: {
          tags,
          summary:
            'The service report as it will be printed, and whether it is signed (notes the first showing)',
          params: orderParams,
          response: { 200: serviceReportSchema, ...one },
        },
      },
      async (request) => service.get(tenantOf(request), request.params.id),
    );

    r.post(
      '/service-orders/:id/report/signature',
      {
        config,
        schema: {
          tags,
          summary:
            "The customer's signature (drawn PNG or typed name) and printed name: builds, stores and e-mails the PDF; once only (409)",
          params: orderParams,
          body: reportSignSchema,
          response: { 201: serviceReportSchema, ...one, 409: problemSchema },
        },
      },
      async (request, reply) => {
        const report = await service.sign(
          tenantOf(request),
          principalOf(request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send(report);
      },
    );

    r.get(
      '/service-orders/:id/report/pdf',
      {
        config,
        schema: {
          tags,
          summary: 'The signed report as a PDF (404 until signed)',
          params: orderParams,
          response: one,
        },
      },
      async (request, reply) => {
        const file = await service.pdf(tenantOf(request), request.params.id);
        return sendPdf(reply, file);
      },
    );

    // ----- the customer: behind a verified status link (the upload-links session header)
    const customer = { 400: problemSchema, 401: problemSchema, 404: problemSchema };

    r.get(
      '/customer-upload/:token/report',
      {
        config: { access: PUBLIC },
        schema: {
          tags,
          summary: "The order's service report on the status page: signed or not, by whom, its SHA-256",
          params: uploadTokenParamsSchema,
          response: { 200: customerReportSchema, ...customer },
        },
      },
      async (request) => service.forCustomer(request.params.token, sessionOf(request)),
    );

    r.get(
      '/customer-upload/:token/report/pdf',
      {
        config: { access: PUBLIC },
        schema: {
          tags,
          summary: 'The signed report as a PDF behind the status link (404 until signed)',
          params: uploadTokenParamsSchema,
          response: customer,
        },
      },
      async (request, reply) =>
        sendPdf(reply, await service.customerPdf(request.params.token, sessionOf(request))),
    );

    r.get(
      '/service-reports/settings',
      {
        config,
        schema: {
          tags,
          summary: "The partner's report settings",
          response: { 200: reportSettingsSchema, ...read },
        },
      },
      async (request) => service.settings(tenantOf(request)),
    );

    r.put(
      '/service-reports/settings',
      {
        config: { access: STAFF_MANAGERS },
        schema: {
          tags,
          summary:
            'Require a signed service report before an order is completed (Administrator, ServiceManager)',
          body: reportSettingsUpdateSchema,
          response: { 200: reportSettingsSchema, ...read },
        },
      },
      async (request) => service.updateSettings(tenantOf(request), request.body),
    );
  };
}
