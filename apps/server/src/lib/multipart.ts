import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** One part of a multipart body as services read it (@fastify/multipart's parts fit this shape). */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: AsyncIterable<Buffer> & Readable }
  | { type: 'field'; fieldname: string; value: unknown };

/**
 * The `consumes` of a route that reads files with partsOf: plugins/content-types.ts refuses other
 * bodies with 415 and the OpenAPI document lists multipart/form-data for the operation.
 */
export const MULTIPART_BODY = ['multipart/form-data'];

const FROM_THE_BODY = Symbol('multipart body error');

/** Marks an error the multipart parser raised while reading the body (the body's fault, not ours). */
function markBodyError(error: unknown): void {
  const ours = error instanceof AppError || (error as { statusCode?: unknown }).statusCode !== undefined;
  if (error instanceof Error && !ours) Object.defineProperty(error, FROM_THE_BODY, { value: true });
}

/**
 * Whether an error, or one it was caused by, is the parser's refusal of a malformed body (no
 * boundary, cut short, a broken part header): the error handler answers it 400 `invalid_multipart`
 * instead of 500 (issue 32), whichever service was reading the part when it was raised.
 */
export function isMultipartBodyError(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (FROM_THE_BODY in e) return true;
  }
  return false;
}

/** The parts, with every error of the parser, and of each file's stream, marked as the body's. */
async function* marked(parts: AsyncIterable<UploadPart>): AsyncGenerator<UploadPart> {
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        // A body cut short may have failed the file's stream before the part reached us (the
        // whole body arrived at once); otherwise this listener, registered before the service
        // reads the stream, marks the error before they see it.
        if (part.file.errored) markBodyError(part.file.errored);
        else part.file.once('error', markBodyError);
      }
      yield part;
    }
  } catch (error) {
    markBodyError(error);
    throw error;
  }
}

/**
 * The request's multipart parts as a stream; a body of another type is a clear 415. `fileSize`
 * replaces the app-wide per-file cap (documents are larger than photos); services still count.
 */
export function partsOf(request: FastifyRequest, limits?: { fileSize?: number }): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 415, 'Send the files as multipart/form-data.');
  }
  return marked((limits ? request.parts({ limits }) : request.parts()) as AsyncIterable<UploadPart>);
}
