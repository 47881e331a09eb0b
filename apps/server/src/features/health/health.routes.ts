import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC } from '@service-portal/shared/access';
import { healthSchema } from '@service-portal/shared/health';

export function healthRoutes(version: string) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['health'],
          summary: 'Liveness and database check',
          security: [],
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        const ok = await app.database.ping().catch((err: unknown) => {
          request.log.error({ err }, 'health check: database unreachable');
          return false;
        });
        return reply.status(ok ? 200 : 503).send({
          status: ok ? 'ok' : 'degraded',
          database: ok ? 'ok' : 'unreachable',
          driver: app.database.driver,
          version,
          uptimeSeconds: Math.round(process.uptime()),
        });
      },
    );
  };
}
