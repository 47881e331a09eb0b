import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import {
  createLogTransport,
  createSmtpTransport,
  Outbox,
  type MailTransport,
} from './integrations/mail/mailer.ts';
import type { ShopClient } from './integrations/shop/client.ts';
import { createShopConnection } from './integrations/shop/connection.ts';
import { noShopClient, shopImageOrigins } from './integrations/shop/from-config.ts';
import { createStorage } from './integrations/storage/create-storage.ts';
import { createStoredFiles, storedFilesJobs } from './integrations/storage/file-ledger.ts';
import type { FileStorage } from './integrations/storage/storage.ts';
import type { ModuleContext } from './feature-module.ts';
import { registerJobs } from './lib/jobs/define.ts';
import { createPrincipalCache } from './lib/principal-cache.ts';
import { closeRedis, openRedis, redisEpoch } from './lib/redis.ts';
import { deriveKey } from './lib/secrets.ts';
import { validatorCompiler } from './lib/validator.ts';
import { authPlugin, createTokenService, type Principal } from './plugins/auth.ts';
import { closingPlugin } from './plugins/closing.ts';
import { contentTypesPlugin } from './plugins/content-types.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { createMetrics, metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { loggerOptions, requestIdOptions, requestLogPlugin } from './plugins/request-log.ts';
import { routeTablePlugin } from './plugins/route-table.ts';
import { securityPlugin } from './plugins/security.ts';
import pkg from '../package.json' with { type: 'json' };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    outbox: Outbox;
    /** The one shop client (integrations/shop/from-config.ts); features get it as a need. */
    shopClient: ShopClient;
  }
}

export interface BuildOptions {
  config: Config;
  /** An opened, migrated database. */
  database: Database;
  /** Close the database when the app closes (true for the server; tests share theirs). */
  closeDatabase?: boolean;
  /** Replaces the mail transport chosen from config (tests capture mail with a real SMTP server anyway). */
  mailTransport?: MailTransport;
  /** A pino logger to share (the server's); otherwise one is made from config. */
  loggerInstance?: FastifyBaseLogger;
  /** The clock the sign-in rules read; tests move it to cross rate-limit windows and expiry. */
  now?: () => Date;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Replaces the file storage chosen from config (closed with the app either way). */
  storage?: FileStorage;
  /** Replaces the shop client made from config.shop. */
  shopClient?: ShopClient;
  /** The catalogue sync's start-up and schedule (both default to true when a shop is there). */
  productSync?: { syncOnEmptyStart?: boolean; schedule?: boolean };
  /** Subscribe the shop's webhooks at start (default true when a shop is there). */
  shopWebhooks?: { subscribeOnStart?: boolean };
}

/**
 * The app's shared means, before any feature: Fastify with its plugins (logging, errors, security,
 * database, sign-in, rate limits, idempotency, OpenAPI, multipart, metrics), the job runner, mail,
 * file storage under its ledger, and the one shop client. app.ts composes the features on it.
 */
export async function createPlatform(opts: BuildOptions) {
  const { config, database } = opts;
  const now = opts.now ?? (() => new Date());
  const app = Fastify({
    ...requestIdOptions,
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: { ...loggerOptions(config), ...(opts.logStream ? { stream: opts.logStream } : {}) } }),
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own 414/400 (an id over 100 characters, a broken %-escape) as problem+json.
    frameworkErrors: frameworkErrorHandler,
    // Requests during shutdown are answered by plugins/closing.ts, as problem+json with headers.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  await app.register(requestLogPlugin);
  await app.register(routeTablePlugin);

  const mail =
    opts.mailTransport ??
    (config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : createLogTransport(app.log, config.mailFrom));
  app.addHook('onClose', async () => mail.close());
  const metrics = createMetrics();
  await app.register(jobsPlugin, { database, now, metrics: metrics.jobMetrics });
  const { jobs } = app;
  // The cluster test's probe jobs: loaded only when that test asks (no part of a real server).
  if (config.clusterProbeJobs)
    registerJobs(jobs, (await import('./lib/cluster-probe.ts')).clusterProbeJobs(config.dataDir));
  const outbox = new Outbox(mail, jobs, deriveKey(config.appSecret, 'job-payload'), now);
  registerJobs(jobs, outbox.jobs);
  app.decorate('outbox', outbox);
  // The shop (issue 24): one client whose token comes from the token keeper (static, client
  // credentials, or installed and refreshed); the connection also answers health and the sync.
  const shopConnection = opts.shopClient ? null : createShopConnection(config, database.db, app.log);
  const shop = opts.shopClient ?? shopConnection?.client ?? noShopClient(config);
  app.decorate('shopClient', shop);

  // Signed-in callers between requests (docs/decisions/008-principal-cache.md): cleared by our own
  // writes at once and by everyone else's through the database's auth_change notifications.
  // Several instances share Redis (REDIS_URL): the rate limit's counters and the callers' epoch.
  const tokens = createTokenService(config.appSecret, now);
  const redis = config.redisUrl ? await openRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => closeRedis(redis));
  const principals = createPrincipalCache<Principal>({
    now: () => now().getTime(),
    ...(redis ? { epoch: redisEpoch(redis) } : {}),
    onBumpError: (err) =>
      app.log.warn(
        { err },
        'could not tell the other instances of a sign-in change; they learn it by notification',
      ),
  });
  const unlisten = await database.listen('auth_change', principals.invalidate, principals.setLive);
  app.addHook('onClose', async () => unlisten());

  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(contentTypesPlugin);
  await app.register(securityPlugin, { imageOrigins: shopImageOrigins(config) });
  await app.register(closingPlugin);
  await app.register(dbPlugin, { database, closeOnShutdown: opts.closeDatabase ?? false });
  await app.register(authPlugin, { tokens, cache: principals, now });
  await app.register(rateLimitPlugin, { limits: config.rateLimit, redis });
  await app.register(idempotencyPlugin, { now });
  await app.register(openapiPlugin, { version: pkg.version });
  // Multipart bodies are read as streams by the routes that take files; these caps stop a body
  // that is no upload at all (per-file and total sizes are checked while streaming).
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: config.uploads.imageMaxBytes + 1,
      files: 20,
      fields: 60,
      fieldSize: 4096,
      parts: 80,
      headerPairs: 100,
    },
  });
  if (config.metrics.enabled) {
    await app.register(metricsPlugin, { metrics, token: config.metrics.token, jobs: jobs.store });
  }

  const storage = opts.storage ?? (await createStorage(config.storage));
  app.addHook('onClose', async () => storage.close());
  const files = createStoredFiles(app.db, storage, now);
  registerJobs(jobs, storedFilesJobs(files, now));
  outbox.readAttachmentsFrom((key) => files.get(key));
  const ctx: ModuleContext = { config, db: app.db, log: app.log, now, jobs, files, outbox, mail };

  // Without a configured (or given) shop, the catalogue sync has nothing to read.
  const hasShop = Boolean(opts.shopClient ?? config.shop.apiBase);
  return { app, ctx, shop, shopConnection, hasShop, tokens, principals };
}
