import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** One part of a multipart body as services read it (@fastify/multipart's parts fit this shape). */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: AsyncIterable<Buffer> & Readable }
  | { type: 'field'; fieldname: string; value: unknown };

/** The request's multipart parts as a stream; a body of another type is a clear 415. */
export function partsOf(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 415, 'Send the images as multipart/form-data.');
  }
  return request.parts() as AsyncIterable<UploadPart>;
}
