import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PUBLIC } from '@service-portal/shared/access';
import { ERROR_CODES } from '@service-portal/shared/problem';

type Document = Record<string, unknown> & {
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
};
type ResponseObject = {
  content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
};

/**
 * The error catalogue in the document: an `ErrorCode` schema listing every stable code, and the
 * `code` of every problem+json response pointing at it. Which codes a route answers with, where
 * the UI reacts to them differently, its response descriptions say.
 */
export function documentErrorCodes<T extends Document>(doc: T): T {
  const schemas = { ...(doc.components?.schemas ?? {}) };
  schemas.ErrorCode = {
    type: 'string',
    enum: [...ERROR_CODES],
    description:
      'Stable machine code of a problem+json answer. Clients tell conflicts apart by it ' +
      '(email_taken, name_taken, in_use, duplicate, version_conflict, invalid_transition, …), ' +
      'never by the English `detail`.',
  };
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!/^[45]\d\d$/.test(status)) continue;
        for (const media of Object.values(response.content ?? {})) {
          const properties = media.schema?.properties;
          if (properties && 'code' in properties && 'status' in properties && 'title' in properties)
            properties.code = { $ref: '#/components/schemas/ErrorCode' };
        }
      }
    }
  }
  return { ...doc, components: { ...doc.components, schemas } };
}

/** OpenAPI generated from the same zod schemas that validate requests, served at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Service Portal API',
          description:
            'Back-office API for service partners. Errors are RFC 9457 problem+json with a stable `code`. ' +
            'A global administrator names the partner they act for with the `X-Service-Partner-Id` header.',
          version: opts.version,
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: (documentObject) =>
        'openapiObject' in documentObject
          ? documentErrorCodes(documentObject.openapiObject as Document)
          : documentObject.swaggerObject,
    });
    await app.register(async (docs) => {
      // The documentation's own routes are public by declaration, like every other route.
      docs.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), access: PUBLIC };
      });
      await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    });
  },
  { name: 'openapi' },
);
