import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PUBLIC, type Access } from '@service-portal/shared/access';
import { API_SCOPES } from '@service-portal/shared/api-tokens';
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

type Transformed = ReturnType<typeof jsonSchemaTransform>;

/**
 * A route that reads its body itself (the uploads' multipart, the shop webhook's signed bytes)
 * declares `consumes` without a body schema; the document still lists those types as its request
 * body, the same ones plugins/content-types.ts accepts, so no operation takes an undocumented type.
 */
function withBodyTypes(declared: Transformed): Transformed {
  const schema = declared.schema as Record<string, unknown> | undefined;
  if (!schema || schema.body !== undefined || !Array.isArray(schema.consumes) || schema.consumes.length === 0)
    return declared;
  const multipart = schema.consumes.includes('multipart/form-data');
  const body = {
    type: 'object',
    description: multipart
      ? 'multipart/form-data: the parts the summary names, files as binary parts'
      : 'The raw body as the sender signed it',
    ...(multipart ? {} : { additionalProperties: true }),
  };
  return { ...declared, schema: { ...schema, body } };
}

/**
 * Who may call an operation: nobody needs a token on a public route; a route that names a scope
 * also takes a partner API token holding it (`x-required-scopes` and the requirement's list);
 * every other route takes a person's session token only (docs/decisions/055-api-tokens.md).
 */
function securityOf(access: Access | undefined): Record<string, unknown> {
  if (access?.kind === 'public') return { security: [] };
  if (!access?.scope) return { security: [{ bearer: [] }] };
  return { security: [{ bearer: [] }, { apiToken: [access.scope] }], 'x-required-scopes': [access.scope] };
}

/**
 * Marks every public route public (`security: []`) from its declared access, so generated clients
 * call the customer upload and status routes and the image variants without a token (issue 32);
 * and documents `Idempotency-Key` on the routes that honour it (docs/decisions/018). Only the
 * document gets the header: a `headers` schema on the route itself would replace the request's
 * headers with the validated object.
 */
const transform: SwaggerTransform = (input) => {
  const declared = withBodyTypes(jsonSchemaTransform(input));
  const out = { ...declared, schema: { ...declared.schema, ...securityOf(input.route.config?.access) } };
  if (!input.route.config?.idempotent) return out;
  return {
    ...out,
    schema: {
      ...out.schema,
      headers: {
        type: 'object',
        properties: {
          'idempotency-key': {
            type: 'string',
            description:
              'Optional. A fresh value (a UUID) per intended creation: a repeat within 24 hours gets the first answer back (Idempotent-Replayed: true) and creates nothing; the same key with another body is 422 idempotency_key_reused; a repeat while the first is running is 409 with Retry-After.',
          },
        },
      },
    },
  };
};

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
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'A person’s session token from the e-mail code sign-in.',
            },
            apiToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'spt_…',
              description:
                'A partner API token (`spt_` + 36 characters), created by an Administrator on the API tokens screen (side menu). ' +
                'It reaches only the operations whose `x-required-scopes` it holds, for its own partner; others answer ' +
                `403 insufficient_scope. Scopes: ${API_SCOPES.join(', ')}. Requests are limited per token (429 past it).`,
            },
          },
        },
        security: [{ bearer: [] }],
      },
      transform,
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
