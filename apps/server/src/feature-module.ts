import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { MailTransport, Outbox } from './integrations/mail/mailer.ts';
import type { StoredFiles } from './integrations/storage/file-ledger.ts';
import { registerJobs, type JobDefinition } from './lib/jobs/define.ts';
import type { JobRunner } from './lib/jobs/runner.ts';

/**
 * What every feature module is given: the app's shared means, never another feature. What a
 * feature needs from other features is the module function's second parameter, typed by ports.
 */
export interface ModuleContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** The app's one clock (tests move it). */
  now: () => Date;
  /** The one job runner, for enqueueing (jobs are registered through the module's `jobs`). */
  jobs: JobRunner;
  /** File storage under the ledger of stored files. */
  files: StoredFiles;
  /** Durable mail (a job per message) and the transport behind it. */
  outbox: Outbox;
  mail: MailTransport;
}

/** A route plugin, registered under /api. */
export type RoutePlugin = (api: FastifyInstance) => Promise<void>;

/**
 * A feature's wiring (docs/decisions/039-feature-modules.md): `features/<f>/<f>.module.ts` exports
 * `<f>Module(ctx, needs)`, which builds the feature's repository and service and returns this.
 * The composition (app.ts) calls the modules in dependency order and hands each one's `offers`
 * to those that need them; it registers routes, jobs and hooks the same way for all.
 */
export interface FeatureModule<Offers extends object = Record<never, never>> {
  /** Route plugins, registered under /api. */
  routes: RoutePlugin[];
  /** The feature's background jobs and their schedules. */
  jobs?: JobDefinition[];
  /** Runs once the app is ready (the job runner has started). */
  onReady?: () => Promise<void>;
  /** What the feature offers other features: ports, typed. */
  offers: Offers;
}

/** Registers the modules' jobs and hooks now, and their routes under /api. */
export async function registerModules(
  app: FastifyInstance,
  modules: readonly FeatureModule<object>[],
): Promise<void> {
  for (const m of modules) {
    if (m.jobs) registerJobs(app.jobs, m.jobs);
    const ready = m.onReady;
    if (ready) app.addHook('onReady', async () => ready());
  }
  await app.register(
    async (api) => {
      for (const m of modules) for (const routes of m.routes) await api.register(routes);
    },
    { prefix: '/api' },
  );
}
