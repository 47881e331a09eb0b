import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/**
 * The media types a route takes a body in, from its own declaration: `schema.consumes` when it
 * names them (the provider webhooks' forms, the uploads' multipart), otherwise JSON when it
 * declares a body. A route that declares no body takes none; a JSON one is tolerated there (the
 * API's one content type, which clients send by default) and ignored. The OpenAPI document shows
 * the same list per operation (plugins/openapi.ts).
 */
export function acceptedContentTypes(schema: FastifySchema | undefined): readonly string[] {
  const consumes = (schema as { consumes?: unknown } | undefined)?.consumes;
  if (Array.isArray(consumes) && consumes.length > 0) return consumes.map((c) => String(c).toLowerCase());
  return ['application/json'];
}

/** `Multipart/Form-Data; boundary=x` → `multipart/form-data`. */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** GET and HEAD bodies are never read (Fastify skips them), so they are not judged either. */
const WITHOUT_BODY = new Set(['GET', 'HEAD']);

/**
 * Answers a body in a type its route does not take with 415 `unsupported_media_type` before the
 * body is parsed (issue 32): JSON to the webhooks that take their providers' forms, text or a
 * form to a JSON route, JSON to an upload. One hook, keyed on each route's declaration, instead of
 * a check per route. Runs after sign-in (onRequest), so an anonymous caller still gets 401.
 */
export const contentTypesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preParsing', async (request) => {
      // An unknown URL stays a 404 whatever its body.
      if (WITHOUT_BODY.has(request.method) || request.is404) return;
      const length = request.headers['content-length'];
      const hasBody =
        request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
      if (!hasBody) return;
      const accepted = acceptedContentTypes(request.routeOptions.schema);
      const media = mediaTypeOf(request.headers['content-type']);
      if (accepted.includes(media)) return;
      throw new AppError(
        'unsupported_media_type',
        415,
        `This operation takes a body as ${accepted.join(' or ')}${media ? `, not ${media}` : ''}.`,
      );
    });
  },
  { name: 'content-types' },
);
