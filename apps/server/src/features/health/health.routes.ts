import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC } from '@service-portal/shared/access';
import { healthSchema } from '@service-portal/shared/health';

/** A database that does not answer `select 1` within this is as good as gone for callers. */
const PING_TIMEOUT_MS = 2_000;

function pingWithin(ping: () => Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([ping(), late]).finally(() => clearTimeout(timer));
}

export function healthRoutes(version: string) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['health'],
          summary: 'Liveness and database check (503 while the database is gone or timing requests out)',
          security: [],
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        // A pool with no free connection (a slow database) makes the ping wait: degraded too.
        const answered = await pingWithin(() => app.database.ping(), PING_TIMEOUT_MS).catch(
          (err: unknown) => {
            request.log.error({ err }, 'health check: database unreachable');
            return false;
          },
        );
        // A database that answers `select 1` but timed requests out a moment ago (a lock, a slow
        // disk) is not one to send traffic to yet.
        const ok = answered && !app.databaseTrouble.recent();
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
