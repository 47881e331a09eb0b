import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { PUBLIC } from '@service-portal/shared/access';
import type { JobStore } from '../lib/jobs/job-store.ts';
import { AppError } from '../errors.ts';
import { safeEqual } from '../lib/secrets.ts';

export interface MetricsOptions {
  /** With a token, GET /api/metrics wants `Authorization: Bearer <token>`. */
  token: string | undefined;
  jobs: JobStore;
}

/** What the job runner reports as attempts finish (wired in plugins/jobs.ts). */
export interface JobMetrics {
  outcome: (name: string, outcome: 'succeeded' | 'retried' | 'failed', seconds: number) => void;
}

/**
 * Prometheus metrics at GET /api/metrics (prom-client 15): request durations by route, job queue
 * depth by name and state (read from the database at scrape time, so every instance reports the
 * shared queue), job outcomes of this instance, the database pool and the process. One registry
 * per app, so that several apps in one process (tests) do not share counters.
 */
export function createMetrics() {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobOutcomes = new Counter({
    name: 'jobs_attempts_total',
    help: 'Finished job attempts on this instance, by job and outcome (retried, failed = dead letter)',
    labelNames: ['name', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'jobs_attempt_duration_seconds',
    help: 'How long job attempts ran on this instance',
    labelNames: ['name'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const jobMetrics: JobMetrics = {
    outcome: (name, outcome, seconds) => {
      jobOutcomes.inc({ name, outcome });
      if (seconds > 0) jobDuration.observe({ name }, seconds);
    },
  };
  return { registry, requestDuration, jobMetrics };
}

export type Metrics = ReturnType<typeof createMetrics>;

export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsOptions & { metrics: Metrics }) => {
    const { registry, requestDuration } = opts.metrics;
    collectDefaultMetrics({ register: registry });

    new Gauge({
      name: 'jobs_queue_depth',
      help: 'Jobs in the shared queue by name and state (all instances)',
      labelNames: ['name', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await opts.jobs.countsByState()) {
          if (row.state !== 'succeeded') this.set({ name: row.name, state: row.state }, row.count);
        }
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by kind (total, idle, waiting); PGlite has one, not pooled',
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        const stats = app.database.poolStats?.();
        if (!stats) return;
        this.set({ kind: 'total' }, stats.total);
        this.set({ kind: 'idle' }, stats.idle);
        this.set({ kind: 'waiting' }, stats.waiting);
      },
    });

    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern, not the URL: ids would make a series per record.
      const route = request.routeOptions.url ?? 'unmatched';
      requestDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });

    app.get(
      '/api/metrics',
      { config: { access: PUBLIC, tenant: 'none' as const }, schema: { hide: true } },
      async (request, reply) => {
        if (opts.token) {
          const header = request.headers.authorization ?? '';
          const given = header.startsWith('Bearer ') ? header.slice(7) : '';
          if (!safeEqual(given, opts.token))
            throw new AppError('unauthenticated', 401, 'The metrics token is missing or wrong.');
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      },
    );
  },
  { name: 'metrics' },
);
