import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED, scoped, STAFF_MANAGERS } from '@service-portal/shared/access';
import {
  documentDetailSchema,
  documentFileQuerySchema,
  documentIdParamsSchema,
  documentListQuerySchema,
  documentListResponseSchema,
  documentSchema,
  documentStatsSchema,
  documentUpdateSchema,
} from '@service-portal/shared/documents';
import { problemSchema } from '@service-portal/shared/problem';
import { MULTIPART_BODY, partsOf } from '../../lib/multipart.ts';
import { problemWith } from '../../lib/problem-responses.ts';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import { contentDisposition } from './documents.files.ts';
import type { DocumentsService } from './documents.service.ts';

const tags = ['documents'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema };
const one = { ...read, 404: problemSchema };
const upload = {
  ...one,
  400: problemWith({
    validation_failed: 'a field is missing or wrong',
    file_type_mismatch: "a file's content is not what its name says (a .pdf that is no PDF)",
  }),
  413: problemSchema,
  415: problemWith({ unsupported_media_type: 'not multipart, or a file type the info center does not take' }),
  507: problemSchema,
};

/** Sends a stored file with our own type (never sniffed) and no way to run as a page of ours. */
function sendFile(
  reply: FastifyReply,
  file: { stream: NodeJS.ReadableStream; mimeType: string; fileName: string; bytes: number },
  kind: 'attachment' | 'inline',
) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.bytes))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-cache')
    .header('content-disposition', contentDisposition(kind, file.fileName))
    .send(file.stream);
}

/** Spec §2 /info-center and /documents/{id}; issue 17. */
export function documentsRoutes(service: DocumentsService, options: { maxBytes: number }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // The maker's documents are shared: a global administrator reads and manages them without
    // choosing a partner (decision 054); a partner's own need one (the service says so). Reads are
    // open to API tokens with documents:read (decision 055).
    const readConfig = { access: scoped(AUTHENTICATED, 'documents:read'), tenant: 'shared' } as const;
    const manageConfig = { access: STAFF_MANAGERS, tenant: 'shared' } as const;
    // Busboy's own per-file cap just above ours, so our count sees the overflow and answers 413.
    const multipartLimits = { fileSize: options.maxBytes + 1 };

    r.get(
      '/documents',
      {
        config: readConfig,
        schema: {
          tags,
          summary:
            "The maker's documents and the partner's own: newest first, or with `search` ranked over title, SKU, tags, description and the text inside PDFs, with the matched words as ranges",
          querystring: documentListQuerySchema,
          response: { 200: documentListResponseSchema, ...read },
        },
      },
      async (request) => service.list(tenantOf(request), principalOf(request), request.query),
    );

    r.get(
      '/documents/stats',
      {
        config: readConfig,
        schema: {
          tags,
          summary: "The info center's stats: documents per category, total size, most opened this month",
          response: { 200: documentStatsSchema, ...read },
        },
      },
      async (request) => service.stats(tenantOf(request)),
    );

    r.get(
      '/documents/:id',
      {
        config: readConfig,
        schema: {
          tags,
          summary: 'One document with its versions, newest first',
          params: documentIdParamsSchema,
          response: { 200: documentDetailSchema, ...one },
        },
      },
      async (request) => service.get(tenantOf(request), principalOf(request), request.params.id),
    );

    r.post(
      '/documents',
      {
        // A retried upload (its answer lost) is replayed, not stored twice (decisions 018, 041).
        config: { ...manageConfig, idempotent: true },
        schema: {
          consumes: MULTIPART_BODY,
          tags,
          summary:
            "Upload documents (multipart/form-data: `scope` maker|partner first, `category`, optional `description`, `sku`, `tags` and one `titles` per file, then `files`). PDF, JPEG, PNG, WebP, GIF, DOCX, XLSX, PPTX by content; the maker's scope is the global administrator's",
          response: { 201: z.array(documentSchema), ...upload },
        },
      },
      async (request, reply) => {
        const created = await service.upload(
          tenantOf(request),
          principalOf(request),
          partsOf(request, multipartLimits),
        );
        return reply.status(201).send(created);
      },
    );

    r.post(
      '/documents/:id/versions',
      {
        config: manageConfig,
        schema: {
          consumes: MULTIPART_BODY,
          tags,
          summary: 'Replace the file (multipart `file`); the earlier versions are kept',
          params: documentIdParamsSchema,
          response: { 201: documentDetailSchema, ...upload },
        },
      },
      async (request, reply) => {
        const detail = await service.replaceFile(
          tenantOf(request),
          principalOf(request),
          request.params.id,
          partsOf(request, multipartLimits),
        );
        return reply.status(201).send(detail);
      },
    );

    r.put(
      '/documents/:id',
      {
        config: manageConfig,
        schema: {
          tags,
          summary: "Change a document's details; `version` must be the one last read (409 otherwise)",
          params: documentIdParamsSchema,
          body: documentUpdateSchema,
          response: {
            200: documentDetailSchema,
            ...one,
            409: problemWith({ version_conflict: '`version` is not the one last read' }),
          },
        },
      },
      async (request) =>
        service.update(tenantOf(request), principalOf(request), request.params.id, request.body),
    );

    r.delete(
      '/documents/:id',
      {
        config: manageConfig,
        schema: {
          tags,
          summary: 'Delete a document and all its versions (the files go with the clean-up)',
          params: documentIdParamsSchema,
          response: { 204: z.null(), ...one },
        },
      },
      async (request, reply) => {
        await service.remove(tenantOf(request), principalOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/documents/:id/download',
      {
        config: readConfig,
        schema: {
          tags,
          summary: 'The file as an attachment (the current version, or `version`); counts as an open',
          params: documentIdParamsSchema,
          querystring: documentFileQuerySchema,
          response: one,
        },
      },
      async (request, reply) => {
        const file = await service.openFile(
          tenantOf(request),
          principalOf(request),
          request.params.id,
          request.query.version,
        );
        return sendFile(reply, file, 'attachment');
      },
    );

    r.get(
      '/documents/:id/file',
      {
        config: readConfig,
        schema: {
          tags,
          summary:
            'The file inline for the preview, typed by our detection, never sniffed, sandboxed; counts as an open',
          params: documentIdParamsSchema,
          querystring: documentFileQuerySchema,
          response: one,
        },
      },
      async (request, reply) => {
        const file = await service.openFile(
          tenantOf(request),
          principalOf(request),
          request.params.id,
          request.query.version,
        );
        return sendFile(reply, file, 'inline');
      },
    );
  };
}
