import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC } from '@service-portal/shared/access';
import { healthSchema, livenessSchema, readinessSchema, type Readiness } from '@service-portal/shared/health';

/** A database that does not answer `select 1` within this is as good as gone for callers. */
const PING_TIMEOUT_MS = 2_000;

function pingWithin(ping: () => Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([ping(), late]).finally(() => clearTimeout(timer));
}

export interface HealthOptions {
  version: string;
  /** The journal time of the newest migration this build carries. */
  expectedMigration: number | null;
  /** True once the instance has been told to stop. */
  shuttingDown: () => boolean;
  /** The shop's token state (integrations/shop/tokens.ts); null without a shop. */
  shopState?: (() => Promise<'ok' | 'refused' | 'not_installed'>) | null;
}

export function healthRoutes(options: HealthOptions) {
  const { version } = options;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Health answers while shutting down too: readiness reports it (plugins/closing.ts).
    const config = { access: PUBLIC, tenant: 'none' as const, duringShutdown: true };

    r.get(
      '/health',
      {
        config,
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

    r.get(
      '/health/live',
      {
        config,
        schema: {
          tags: ['health'],
          summary: 'The process answers (nothing else is checked)',
          security: [],
          response: { 200: livenessSchema },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    r.get(
      '/health/ready',
      {
        config,
        schema: {
          tags: ['health'],
          summary: 'Ready for traffic: database reachable, migrations applied, not shutting down',
          security: [],
          response: { 200: readinessSchema, 503: readinessSchema },
        },
      },
      async (request, reply) => {
        let database: 'ok' | 'unreachable' = 'ok';
        let migrations: 'applied' | 'pending' | 'unknown' = 'unknown';
        try {
          // Slow to answer, or timing requests out a moment ago (a lock, a slow disk): not ready.
          const answered = await pingWithin(() => app.database.ping(), PING_TIMEOUT_MS);
          if (!answered || app.databaseTrouble.recent()) throw new Error('database in trouble');
          const last = await app.database.lastAppliedMigration();
          if (options.expectedMigration !== null)
            migrations = last !== null && last >= options.expectedMigration ? 'applied' : 'pending';
        } catch (err) {
          request.log.error({ err }, 'readiness check: database unreachable');
          database = 'unreachable';
        }
        // The shop is reported, not gated on: every instance shares its token, so a refused
        // token taking instances out would take the whole portal down (decision 046).
        let shop: Readiness['checks']['shop'] = options.shopState ? 'unknown' : 'none';
        if (options.shopState && database === 'ok') {
          shop = await options.shopState().catch((err: unknown) => {
            request.log.warn({ err }, 'readiness check: the shop token state could not be read');
            return 'unknown' as const;
          });
        }
        const shuttingDown = options.shuttingDown();
        const ready = database === 'ok' && migrations === 'applied' && !shuttingDown;
        return reply.status(ready ? 200 : 503).send({
          status: ready ? 'ready' : 'not_ready',
          database,
          migrations,
          shuttingDown,
          checks: { database, migrations, shop },
        });
      },
    );
  };
}
