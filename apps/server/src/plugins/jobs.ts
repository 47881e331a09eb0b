import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { createJobRunner, type JobRunner } from '../lib/jobs/runner.ts';
import type { JobMetrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one runner of background work (lib/jobs). */
    jobs: JobRunner;
    /** Set by the server on SIGTERM: readiness answers 503 from then on. */
    lifecycle: { shuttingDown: boolean };
  }
}

export interface JobsPluginOptions {
  database: Database;
  now: () => Date;
  metrics: JobMetrics;
}

/**
 * The one job runner (docs/decisions/015-job-runner.md). Handlers are registered while the app is
 * built (each feature module's `jobs`); the runner starts once the app is ready. At close, jobs
 * under way get the shutdown grace, then go back to the queue for another instance.
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app: FastifyInstance, { database, now, metrics }) => {
    const { config } = app;
    const jobs = createJobRunner({
      db: database.db,
      log: app.log,
      now,
      concurrency: config.jobs.concurrency,
      pollIntervalMs: config.jobs.pollIntervalMs,
      leaseMs: config.jobs.leaseMs,
      onOutcome: metrics.outcome,
    });
    app.decorate('jobs', jobs);
    app.decorate('lifecycle', { shuttingDown: false });
    // Any instance's new job wakes the idle runners of all (polling covers a lost notification).
    const unlisten = await database.listen('job_queued', jobs.wake, () => {});
    app.addHook('onReady', async () => jobs.start());
    app.addHook('preClose', async () => {
      app.lifecycle.shuttingDown = true;
      await jobs.stop(config.shutdownGraceMs);
    });
    app.addHook('onClose', async () => unlisten());
  },
  { name: 'jobs' },
);
