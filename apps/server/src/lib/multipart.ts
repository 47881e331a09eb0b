import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** One part of a multipart body as services read it (@fastify/multipart's parts fit this shape). */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: AsyncIterable<Buffer> & Readable }
  | { type: 'field'; fieldname: string; value: unknown };

/**
 * The request's multipart parts as a stream; a body of another type is a clear 415. `fileSize`
 * replaces the app-wide per-file cap (documents are larger than photos); services still count.
 */
export function partsOf(request: FastifyRequest, limits?: { fileSize?: number }): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 415, 'Send the files as multipart/form-data.');
  }
  return (limits ? request.parts({ limits }) : request.parts()) as AsyncIterable<UploadPart>;
}
