import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHENTICATED, PUBLIC } from '@service-portal/shared/access';
import { imageFileParamsSchema, imageFileQuerySchema, imageSchema } from '@service-portal/shared/images';
import { problemSchema } from '@service-portal/shared/problem';
import { MULTIPART_BODY, partsOf } from '../../lib/multipart.ts';
import { principalOf, tenantOf } from '../../plugins/auth.ts';
import type { ImagesService } from './images.service.ts';

const tags = ['images'];
const read = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const upload = { ...read, 413: problemSchema, 415: problemSchema, 507: problemSchema };
const orderParams = z.object({ id: z.uuid() });

/** Spec §7 Images: the order's photos for staff, and the files behind their signed URLs. */
export function imagesRoutes(service: ImagesService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const config = { access: AUTHENTICATED };

    r.get(
      '/service-orders/:id/images',
      {
        config,
        schema: {
          tags,
          summary: "The order's photos, oldest first, with signed URLs valid for an hour",
          params: orderParams,
          response: { 200: z.array(imageSchema), ...read },
        },
      },
      async (request) => service.list(tenantOf(request), request.params.id),
    );

    r.post(
      '/service-orders/:id/images',
      {
        // A retried upload (its answer lost) is replayed, not stored twice (decisions 018, 041).
        config: { ...config, idempotent: true },
        schema: {
          consumes: MULTIPART_BODY,
          tags,
          summary:
            'Add photos (multipart/form-data: `files`, and per file in order `categories`, optional `descriptions` and `moments`). JPEG, PNG or HEIC by content; 10 MB each, 50 MB in all',
          params: orderParams,
          response: { 201: z.array(imageSchema), ...upload },
        },
      },
      async (request, reply) => {
        const images = await service.uploadForOrder(
          tenantOf(request),
          principalOf(request),
          request.params.id,
          partsOf(request),
        );
        return reply.status(201).send(images);
      },
    );

    r.delete(
      '/images/:imageId',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a photo (its files are removed by the clean-up)',
          params: z.object({ imageId: z.uuid() }),
          response: { 204: z.null(), ...read },
        },
      },
      async (request, reply) => {
        await service.remove(tenantOf(request), request.params.imageId);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/images/:imageId/:variant',
      {
        // The signature in the URL is the access check: it names the image and expires.
        config: { access: PUBLIC },
        schema: {
          tags,
          summary:
            'A photo file behind a signed URL from the image list: thumbnail and display are EXIF-free JPEGs; the original is a download',
          params: imageFileParamsSchema,
          querystring: imageFileQuerySchema,
        },
      },
      async (request, reply) => {
        const { imageId, variant } = request.params;
        const file = await service.openFile(imageId, variant, request.query.exp, request.query.sig);
        reply
          .header('content-type', file.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header(
            'cache-control',
            `private, max-age=${Math.max(0, Math.floor((file.expiresAt - Date.now()) / 1000))}`,
          );
        if (file.attachmentName) {
          const ascii = file.attachmentName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
          reply.header(
            'content-disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.attachmentName)}`,
          );
        }
        return reply.send(file.stream);
      },
    );
  };
}
