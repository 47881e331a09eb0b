import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PUBLIC } from '@service-portal/shared/access';

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
