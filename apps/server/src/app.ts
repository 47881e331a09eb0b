import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createAuthRepository } from './features/auth/auth.repository.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { createAdminRepository } from './features/admin/admin.repository.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { createAdminService } from './features/admin/admin.service.ts';
import { createCommunicationsRepository } from './features/communications/communications.repository.ts';
import { communicationsRoutes } from './features/communications/communications.routes.ts';
import {
  createCommunicationsService,
  createOrderCommunications,
} from './features/communications/communications.service.ts';
import { communicationsWebhookRoutes } from './features/communications/communications.webhooks.ts';
import { createDocumentsRepository } from './features/documents/documents.repository.ts';
import { documentsRoutes } from './features/documents/documents.routes.ts';
import { createDocumentsService } from './features/documents/documents.service.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { createDashboardRepository } from './features/dashboard/dashboard.repository.ts';
import { createDashboardService } from './features/dashboard/dashboard.service.ts';
import { createCustomersRepository } from './features/customers/customers.repository.ts';
import { customersRoutes } from './features/customers/customers.routes.ts';
import { createCustomersService } from './features/customers/customers.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createUploadLinksRepository } from './features/upload-links/upload-links.repository.ts';
import { uploadLinksRoutes } from './features/upload-links/upload-links.routes.ts';
import { createUploadLinksService } from './features/upload-links/upload-links.service.ts';
import { createImagesRepository } from './features/images/images.repository.ts';
import { imagesRoutes } from './features/images/images.routes.ts';
import { createImagesService } from './features/images/images.service.ts';
import { jobsRoutes } from './features/jobs/jobs.routes.ts';
import { createJobsService } from './features/jobs/jobs.service.ts';
import { registerProductSyncJob } from './features/products/products.jobs.ts';
import { createProductsRepository } from './features/products/products.repository.ts';
import { productsRoutes } from './features/products/products.routes.ts';
import { createProductsService } from './features/products/products.service.ts';
import { createProductSync } from './features/products/products.sync.ts';
import { createProductWebhooks, productWebhookRoutes } from './features/products/products.webhooks.ts';
import { createPricingRepository } from './features/pricing/pricing.repository.ts';
import { pricingRoutes } from './features/pricing/pricing.routes.ts';
import { createPricingService } from './features/pricing/pricing.service.ts';
import { createRentalsRepository } from './features/rentals/rentals.repository.ts';
import { rentalsRoutes } from './features/rentals/rentals.routes.ts';
import { createRentalsService } from './features/rentals/rentals.service.ts';
import { createServiceOrdersRepository } from './features/service-orders/service-orders.repository.ts';
import { serviceOrdersRoutes } from './features/service-orders/service-orders.routes.ts';
import { createServiceOrdersService } from './features/service-orders/service-orders.service.ts';
import { serialHistoryRoutes } from './features/serial-history/serial-history.routes.ts';
import { createSerialHistoryService } from './features/serial-history/serial-history.service.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { createShopAuthRepository } from './features/shop-auth/shop-auth.repository.ts';
import { shopAuthRoutes } from './features/shop-auth/shop-auth.routes.ts';
import {
  createShopAuthService,
  type ShopAccessGrant,
  type ShopTokenEndpoint,
} from './features/shop-auth/shop-auth.service.ts';
import { createShopOrdersRepository } from './features/shop-orders/shop-orders.repository.ts';
import { shopOrdersRoutes } from './features/shop-orders/shop-orders.routes.ts';
import { shopWebhooksRoutes } from './features/shop-webhooks/shop-webhooks.routes.ts';
import { createShopWebhooksService } from './features/shop-webhooks/shop-webhooks.service.ts';
import {
  createShopOrdersService,
  type DraftOrderInfo,
  type DraftOrderShop,
} from './features/shop-orders/shop-orders.service.ts';
import { createSearchService } from './features/search/search.service.ts';
import { createSparePartsRepository } from './features/spare-parts/spare-parts.repository.ts';
import { sparePartsRoutes } from './features/spare-parts/spare-parts.routes.ts';
import { createSparePartsService } from './features/spare-parts/spare-parts.service.ts';
import { createTechniciansRepository } from './features/technicians/technicians.repository.ts';
import { techniciansRoutes } from './features/technicians/technicians.routes.ts';
import { createTechniciansService } from './features/technicians/technicians.service.ts';
import { createUsersRepository } from './features/users/users.repository.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { createUsersService } from './features/users/users.service.ts';
import { createWarehouseLocationsRepository } from './features/warehouse-locations/warehouse-locations.repository.ts';
import { warehouseLocationsRoutes } from './features/warehouse-locations/warehouse-locations.routes.ts';
import { createWarehouseLocationsService } from './features/warehouse-locations/warehouse-locations.service.ts';
import { createWorkLogsRepository } from './features/work-logs/work-logs.repository.ts';
import { workLogsRoutes } from './features/work-logs/work-logs.routes.ts';
import { createLabourTotals, createWorkLogsService } from './features/work-logs/work-logs.service.ts';
import {
  createLogTransport,
  createSmtpTransport,
  Outbox,
  type MailTransport,
} from './integrations/mail/mailer.ts';
import {
  createShopClient,
  ShopError,
  type ShopAccessToken,
  type ShopClient,
  type ShopDraftOrder,
} from './integrations/shop/client.ts';
import { createSmsTransport } from './integrations/sms/sms.ts';
import { createStorage, type FileStorage } from './integrations/storage/storage.ts';
import { registerClusterProbeJobs } from './lib/cluster-probe.ts';
import { registerJobMaintenance } from './lib/jobs/maintenance.ts';
import { createJobRunner, type JobRunner } from './lib/jobs/runner.ts';
import { acceptableRequestId, runWithRequestContext } from './lib/request-context.ts';
import { deriveKey } from './lib/secrets.ts';
import { createPrincipalCache } from './lib/principal-cache.ts';
import { closeRedis, openRedis, redisEpoch } from './lib/redis.ts';
import { authPlugin, createTokenService, type Principal } from './plugins/auth.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { createMetrics, metricsPlugin } from './plugins/metrics.ts';
import { validatorCompiler } from './lib/validator.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { DEFAULT_WEB_DIST_DIR, MIGRATIONS_DIR } from './paths.ts';
import pkg from '../package.json' with { type: 'json' };
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    outbox: Outbox;
    /** The one runner of background work (lib/jobs). */
    jobs: JobRunner;
    /** Set by the server on SIGTERM: readiness answers 503 from then on. */
    lifecycle: { shuttingDown: boolean };
    /**
     * The one client of the shop's Admin API and token endpoint, made from config.shop
     * (docs/decisions/023-demo-shop.md). Without a shop (apiBase null) every call fails with
     * ShopError 'unavailable'.
     */
    shopClient: ShopClient;
    /** Every route as registered, with its declared access: the route-walk test reads it. */
    routeTable: { method: string; url: string; access: unknown; tenant: unknown; idempotent: unknown }[];
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

/** The shop client of an app without a shop (tests that do not start one): every call fails at once. */
function noShopClient(config: Config): ShopClient {
  const fail = async (): Promise<never> => {
    throw new ShopError(
      'unavailable',
      'no shop is configured (SHOPIFY_API_BASE unset and no demo shop started)',
    );
  };
  return {
    shop: config.shop.shop,
    apiVersion: config.shop.apiVersion,
    products: fail,
    draftOrderCreate: fail,
    draftOrderComplete: fail,
    findDraftOrder: fail,
    findDraftOrderByTag: fail,
    webhookSubscriptions: fail,
    webhookSubscriptionCreate: fail,
    exchangeCode: fail,
    exchangeSessionToken: fail,
    graphql: fail,
  };
}

/** The shop client's token endpoint as shop sign-in needs it (features/shop-auth). */
function shopTokenEndpoint(client: ShopClient): ShopTokenEndpoint {
  const grant = (t: ShopAccessToken): ShopAccessGrant => ({
    scope: t.scopes.join(','),
    associatedUser: t.associatedUser,
  });
  return {
    exchangeCode: async (code) => grant(await client.exchangeCode(code)),
    exchangeSessionToken: async (token) => grant(await client.exchangeSessionToken(token, { online: true })),
  };
}

/** The shop client's draft orders as shop orders need them (features/shop-orders). */
function draftOrderShop(client: ShopClient): DraftOrderShop {
  const info = (d: ShopDraftOrder): DraftOrderInfo => ({
    id: d.id,
    name: d.name,
    status: d.status,
    invoiceUrl: d.invoiceUrl,
  });
  return {
    draftOrderCreate: async (input) => info(await client.draftOrderCreate(input)),
    draftOrderComplete: async (id) => info(await client.draftOrderComplete(id)),
    findDraftOrder: async (id) => {
      const found = await client.findDraftOrder(id);
      return found ? info(found) : null;
    },
    findDraftOrderByTag: async (tag) => {
      const found = await client.findDraftOrderByTag(tag);
      return found ? info(found) : null;
    },
  };
}

/**
 * Where product pictures come from: the demo shop serves its own; a real shop's are on Shopify's
 * CDN. The CSP's img-src allows these (docs/decisions/024-catalogue-sync.md).
 */
function shopImageOrigins(config: Config): string[] {
  if (!config.shop.apiBase) return [];
  const origin = new URL(config.shop.apiBase).origin;
  return origin.startsWith('https://') && origin.endsWith('.myshopify.com')
    ? [origin, 'https://cdn.shopify.com']
    : [origin];
}

/** Never log a query string (codes, tokens, states travel there) or an Authorization header. */
function requestSerializer(req: {
  method: string;
  url: string;
  ip?: string;
  routeOptions?: { url?: string };
}) {
  return { method: req.method, url: req.url.split('?')[0], route: req.routeOptions?.url, ip: req.ip };
}

export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'headers.authorization',
        '*.otpCode',
        '*.token',
        '*.password',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    serializers: { req: requestSerializer },
  };
}

/** The journal time of the newest migration this build carries (readiness compares it). */
function newestMigration(): number | null {
  try {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    return Math.max(...journal.entries.map((e) => e.when));
  } catch {
    return null;
  }
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const now = opts.now ?? (() => new Date());
  const app = Fastify({
    // X-Request-Id from a proxy is kept (when plain and short), otherwise one is made; either way
    // it is in every log line of the request, in the answer, and on the jobs the request queues.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return acceptableRequestId(given) ? given : randomUUID();
    },
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: { ...loggerOptions(config), ...(opts.logStream ? { stream: opts.logStream } : {}) } }),
    trustProxy: config.trustProxy,
    // Our own single line per request (onResponse below) replaces Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own 414/400 (an id over 100 characters, a broken %-escape) as problem+json.
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    runWithRequestContext({ requestId: request.id }, done);
  });

  // One log line per request, after the answer, without query strings.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
  });

  app.decorate('config', config);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Read the declaration lazily: a plugin's own onRoute hook (docs, static files) sets it after this one runs.
    for (const method of methods) {
      app.routeTable.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
        get tenant() {
          return route.config?.tenant;
        },
        get idempotent() {
          return route.config?.idempotent;
        },
      });
    }
  });

  const transport =
    opts.mailTransport ??
    (config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : createLogTransport(app.log, config.mailFrom));
  const metrics = createMetrics();
  const jobs = createJobRunner({
    db: opts.database.db,
    log: app.log,
    now,
    concurrency: config.jobs.concurrency,
    pollIntervalMs: config.jobs.pollIntervalMs,
    leaseMs: config.jobs.leaseMs,
    onOutcome: metrics.jobMetrics.outcome,
  });
  app.decorate('jobs', jobs);
  app.decorate('lifecycle', { shuttingDown: false });
  registerJobMaintenance(jobs, now);
  if (config.clusterProbeJobs) registerClusterProbeJobs(jobs, config.dataDir);
  // Any instance's new job wakes the idle runners of all (polling covers a lost notification).
  const unlistenJobs = await opts.database.listen('job_queued', jobs.wake, () => {});
  // Handlers are registered while the app is built; the runner starts once it is ready. At close,
  // jobs under way get the shutdown grace, then go back to the queue for another instance.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => {
    app.lifecycle.shuttingDown = true;
    await jobs.stop(config.shutdownGraceMs);
  });
  app.addHook('onClose', async () => {
    await unlistenJobs();
    transport.close();
  });

  const outbox = new Outbox(transport, jobs, deriveKey(config.appSecret, 'job-payload'), now);
  app.decorate('outbox', outbox);

  // The shop: ONE client, from the effective settings (server.ts has started the demo shop when
  // none is configured); features that need it get it as a parameter.
  const shopClient =
    opts.shopClient ??
    (config.shop.apiBase
      ? createShopClient({
          baseUrl: config.shop.apiBase,
          shop: config.shop.shop,
          apiVersion: config.shop.apiVersion,
          accessToken: config.shop.adminToken,
          timeoutMs: config.shop.timeoutMs,
          apiKey: config.shop.apiKey,
          apiSecret: config.shop.apiSecret,
          log: app.log,
        })
      : noShopClient(config));
  app.decorate('shopClient', shopClient);

  // One clock for issuing and checking sessions and codes (tests move it to cross expiries).
  const clock = now;
  const tokens = createTokenService(config.appSecret, clock);
  // Signed-in callers between requests (docs/decisions/008-principal-cache.md): cleared by our own
  // writes at once and by everyone else's through the database's auth_change notifications.
  // Several instances share Redis (REDIS_URL): the rate limit's counters and the callers' epoch.
  const redis = config.redisUrl ? await openRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => closeRedis(redis));
  const principals = createPrincipalCache<Principal>({
    now: () => clock().getTime(),
    ...(redis ? { epoch: redisEpoch(redis) } : {}),
    onBumpError: (err) =>
      app.log.warn(
        { err },
        'could not tell the other instances of a sign-in change; they learn it by notification',
      ),
  });
  const unlisten = await opts.database.listen('auth_change', principals.invalidate, principals.setLive);
  app.addHook('onClose', async () => unlisten());

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { imageOrigins: shopImageOrigins(config) });
  await app.register(dbPlugin, { database: opts.database, closeOnShutdown: opts.closeDatabase ?? false });
  await app.register(authPlugin, { tokens, cache: principals, now: clock });
  await app.register(rateLimitPlugin, { limits: config.rateLimit, redis });
  await app.register(idempotencyPlugin, { now: clock });
  await app.register(openapiPlugin, { version: pkg.version });
  // Multipart bodies are read as streams by the routes that take files; these caps stop a body
  // that is no image upload at all (per-file and total sizes are checked while streaming).
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

  const storage = opts.storage ?? (await createStorage(config.storage));
  app.addHook('onClose', async () => storage.close());

  const authService = createAuthService({
    repo: createAuthRepository(app.db),
    tokens,
    outbox,
    otpPepper: deriveKey(config.appSecret, 'otp-pepper'),
    onAuthChange: principals.changed,
    ...(opts.now ? { now: opts.now } : {}),
  });
  // Rate-limit events, dead codes and ended sessions older than a day go hourly on the runner.
  jobs.register('auth.prune-events', async () => authService.pruneOld(), {
    retries: 2,
    singletonKey: 'auth.prune-events',
  });
  jobs.schedule('auth.prune-events', '7 * * * *');
  const usersService = createUsersService(createUsersRepository(app.db));
  // Services are made in dependency order, with no getters or closures over services made later:
  // reads another feature needs go through small read ports made from that feature's repository,
  // and a customer merge tells its subscribers (docs/decisions/013-no-service-cycles.md).
  const customersService = createCustomersService({ repo: createCustomersRepository(app.db) });
  const techniciansService = createTechniciansService(createTechniciansRepository(app.db));
  const warehouseLocationsService = createWarehouseLocationsService(
    createWarehouseLocationsRepository(app.db),
  );
  const communicationsRepository = createCommunicationsRepository(app.db);
  const workLogsRepository = createWorkLogsRepository(app.db);
  const serviceOrdersService = createServiceOrdersService({
    repo: createServiceOrdersRepository(app.db),
    customers: customersService,
    technicians: techniciansService,
    warehouseLocations: warehouseLocationsService,
    // includeCommunications and the export's labour column: read ports, not the services.
    communications: createOrderCommunications(communicationsRepository),
    labour: createLabourTotals(workLogsRepository),
  });
  const imagesService = createImagesService({
    repo: createImagesRepository(app.db),
    storage,
    orders: serviceOrdersService,
    urlKey: deriveKey(config.appSecret, 'image-urls'),
    limits: config.uploads,
    ...(opts.now ? { now: opts.now } : {}),
  });
  const rentalsRepository = createRentalsRepository(app.db);
  // Prices are set only for the partner's own rental units (a read port on the rentals' table).
  const pricingService = createPricingService(createPricingRepository(app.db), {
    owns: (scope, id) => rentalsRepository.ownsProduct(scope, id),
  });
  const workLogsService = createWorkLogsService({
    repo: workLogsRepository,
    orders: serviceOrdersService,
    pricing: pricingService,
    ...(opts.now ? { now: opts.now } : {}),
  });

  const communicationsService = createCommunicationsService({
    repo: communicationsRepository,
    orders: serviceOrdersService,
    mail: transport,
    sms: createSmsTransport(config.sms, app.log),
    log: app.log,
    jobs,
    inboundEmailDomain: config.inboundEmailDomain,
    mailFrom: config.mailFrom,
    mailgunSigningKey: config.mailgunSigningKey,
    twilioAuthToken: config.sms.authToken,
    smsCountryCode: config.sms.defaultCountryCode,
    ...(opts.now ? { now: opts.now } : {}),
  });
  // A merge moves the merged customer's orders, then its communications, in its transaction.
  customersService.onMerge(serviceOrdersService);
  customersService.onMerge(communicationsService);
  const uploadLinksService = createUploadLinksService({
    repo: createUploadLinksRepository(app.db),
    orders: serviceOrdersService,
    images: imagesService,
    messages: communicationsService,
    publicUrl: config.publicUrl,
    sessionKey: deriveKey(config.appSecret, 'upload-sessions'),
    smsCountryCode: config.sms.defaultCountryCode,
    totalMaxBytes: config.uploads.totalMaxBytes,
    ...(opts.now ? { now: opts.now } : {}),
  });
  // Files never committed or since deleted, and links long past their life, go hourly on the runner.
  jobs.register(
    'images.cleanup-orphans',
    async ({ log }) =>
      log.info({ removed: await imagesService.cleanupOrphanFiles(now()) }, 'orphaned files removed'),
    { retries: 2, singletonKey: 'images.cleanup-orphans' },
  );
  jobs.schedule('images.cleanup-orphans', '23 * * * *');
  jobs.register(
    'upload-links.purge-expired',
    async ({ log }) =>
      log.info({ removed: await uploadLinksService.purgeExpiredLinks(now()) }, 'old upload links removed'),
    { retries: 2, singletonKey: 'upload-links.purge-expired' },
  );
  jobs.schedule('upload-links.purge-expired', '41 * * * *');
  // The info center (issue 17): files on the one storage and ledger; the text of each PDF is read
  // by a job when the file arrives, and feeds the search vector.
  const documentsService = createDocumentsService({
    repo: createDocumentsRepository(app.db),
    storage,
    maxBytes: config.documents.maxBytes,
    queueExtraction: async (versionId, partnerId) => {
      await jobs.enqueue(
        'documents.extract-text',
        { versionId },
        { servicePartnerId: partnerId, uniqueKey: `documents.extract-text:${versionId}` },
      );
    },
    // A document's SKU links to the catalogue product that has it.
    findProductsBySkus: (skus) => productsService.findBySkus(skus),
    log: app.log,
    ...(opts.now ? { now: opts.now } : {}),
  });
  jobs.register<{ versionId: string }>(
    'documents.extract-text',
    async ({ payload, log }) =>
      log.info({ outcome: await documentsService.extractText(payload.versionId) }, 'document text extracted'),
    { retries: 3, backoff: { delayMs: 5_000, factor: 3 } },
  );
  const rentalsService = createRentalsService({
    repo: rentalsRepository,
    customers: {
      get: (scope, id) => customersService.get(scope, id),
      // A new customer of a rental links to the partner's customer with the same e-mail or phone.
      findOrCreate: async (scope, input) =>
        input.email
          ? opts.database.db.transaction((tx) =>
              customersService.findOrCreateForOrder(
                scope,
                { name: input.name, email: input.email!, phone: input.phone, address: input.address },
                tx,
              ),
            )
          : customersService.create(scope, input),
    },
    pricing: {
      currency: async (scope) => (await pricingService.getConfig(scope)).currency,
      rentalRates: async (scope, rentalProductId) => {
        const config = await pricingService.getConfig(scope);
        const product = await pricingService.getRental(scope, rentalProductId).catch(() => null);
        return { currency: config.currency, defaults: config, product };
      },
    },
    messages: communicationsService,
    // Photos at the return go through the images feature's one pipeline and storage.
    photos: {
      list: (scope, rentalId) => imagesService.listForRental(scope, rentalId),
      upload: (scope, actor, rentalId, parts) => imagesService.uploadForRental(scope, actor, rentalId, parts),
      remove: (scope, rentalId, imageId) => imagesService.removeOfRental(scope, rentalId, imageId),
    },
    ...(opts.now ? { now: opts.now } : {}),
  });
  // Reminders before the due date and when overdue, each (rental, kind) once: hourly on the runner.
  jobs.register(
    'rentals.reminders',
    async ({ log }) => log.info(await rentalsService.sendReminders(now()), 'rental reminders sent'),
    { retries: 2, singletonKey: 'rentals.reminders' },
  );
  jobs.schedule('rentals.reminders', '17 * * * *');
  // The maker's catalogue, synced from the shop by one job (docs/decisions/024-catalogue-sync.md).
  const productsRepository = createProductsRepository(app.db);
  const productsService = createProductsService(productsRepository);
  const hasShop = Boolean(opts.shopClient ?? config.shop.apiBase);
  const productSync = createProductSync({
    repo: productsRepository,
    source: hasShop ? shopClient : null,
    now,
  });
  const productSyncJob = registerProductSyncJob({
    jobs,
    sync: productSync,
    repo: productsRepository,
    log: app.log,
    scheduled: hasShop && (opts.productSync?.schedule ?? true),
    syncOnEmptyStart: hasShop && (opts.productSync?.syncOnEmptyStart ?? true),
  });
  app.addHook('onReady', async () => productSyncJob.syncIfEmpty());
  const productWebhooks = createProductWebhooks({
    repo: productsRepository,
    secrets: () => [config.shop.apiSecret, config.shop.previousApiSecret ?? ''].filter(Boolean),
    allowlist: () => config.shop.allowlist,
    now,
  });
  // Issue 24: the shop's webhook subscriptions, made at start and shown to administrators.
  const shopWebhooks = createShopWebhooksService({
    shop: hasShop ? shopClient : null,
    address: `${config.publicUrl}/api/shopify/webhooks`,
    lastUninstalled: () => productsRepository.lastDeliveryAt('app/uninstalled'),
    log: app.log,
    now,
  });
  if (hasShop && (opts.shopWebhooks?.subscribeOnStart ?? true)) {
    app.addHook('onReady', async () => shopWebhooks.ensureInBackground());
  }
  // The top bar's search asks each feature that offers one (products and documents join here).
  const searchService = createSearchService([
    {
      type: 'ServiceOrder',
      search: (scope, text, limit) => serviceOrdersService.searchHits(scope, text, limit),
    },
    { type: 'Customer', search: (scope, text, limit) => customersService.searchHits(scope, text, limit) },
    { type: 'Product', search: (scope, text, limit) => productsService.searchHits(scope, text, limit) },
    { type: 'Technician', search: (scope, text, limit) => techniciansService.searchHits(scope, text, limit) },
    { type: 'Document', search: (scope, text, limit) => documentsService.searchHits(scope, text, limit) },
  ]);
  // One unit's history gathers what each feature knows of a serial number.
  const serialHistoryService = createSerialHistoryService([
    async (scope, serial) =>
      (await rentalsService.serialHistory(scope, serial)).map((r) => ({
        kind: 'rental' as const,
        at: r.createdAt,
        title: r.unitName,
        detail: `${r.customerName}: ${r.startDate} – ${r.returnedDate ?? r.dueDate} (${r.kind === 'booking' ? 'booking' : r.status})`,
        serviceOrderId: null,
        orderNumber: null,
        rentalId: r.rentalId,
      })),
    // Photos taken of the unit at a rental's return.
    async (scope, serial) => {
      const rentals = (await rentalsService.serialHistory(scope, serial)).filter((r) => r.kind === 'rental');
      const perRental = await Promise.all(
        rentals.map(async (r) =>
          (await imagesService.listForRental(scope, r.rentalId)).map((image) => ({
            kind: 'photo' as const,
            at: image.createdAt,
            title: image.category,
            detail: image.description,
            serviceOrderId: null,
            orderNumber: null,
            imageUrl: image.thumbnailUrl,
            rentalId: r.rentalId,
          })),
        ),
      );
      return perRental.flat();
    },
    (scope, serial) => serviceOrdersService.serialEvents(scope, serial),
    async (scope, serial) => {
      const orders = await serviceOrdersService.ordersBySerial(scope, serial);
      const perOrder = await Promise.all(
        orders.map(async (order) =>
          (await workLogsService.list(scope, order.id)).map((log) => ({
            kind: 'work_log' as const,
            at: log.createdAt,
            title: log.category,
            detail: log.description,
            serviceOrderId: order.id,
            orderNumber: order.orderNumber,
          })),
        ),
      );
      return perOrder.flat();
    },
    async (scope, serial) => {
      const orders = await serviceOrdersService.ordersBySerial(scope, serial);
      const perOrder = await Promise.all(
        orders.map(async (order) =>
          (await imagesService.list(scope, order.id)).map((image) => ({
            kind: 'photo' as const,
            at: image.createdAt,
            title: image.category,
            detail: image.description,
            serviceOrderId: order.id,
            orderNumber: order.orderNumber,
            imageUrl: image.thumbnailUrl,
          })),
        ),
      );
      return perOrder.flat();
    },
  ]);
  const dashboardService = createDashboardService({
    orders: serviceOrdersService,
    revenue: createDashboardRepository(app.db),
    technicians: techniciansService,
    // Customers' ratings from the status page feed the technician table.
    ratings: uploadLinksService,
    ...(opts.now ? { now: opts.now } : {}),
  });

  // Shop sign-in and shop orders (issue 16) speak to the shop through the one shop client.
  const shopApiBase = config.shop.apiBase ?? `https://${config.shop.shop}`;
  const shopAuthService = createShopAuthService({
    repo: createShopAuthRepository(app.db),
    shop: shopTokenEndpoint(shopClient),
    sessions: authService,
    settings: {
      apiBase: shopApiBase,
      apiKey: config.shop.apiKey,
      apiSecret: config.shop.apiSecret,
      previousApiSecret: config.shop.previousApiSecret ?? null,
      allowlist: config.shop.allowlist,
      publicUrl: config.publicUrl,
    },
    ...(opts.now ? { now: opts.now } : {}),
  });
  jobs.register('shop-auth.prune', async () => shopAuthService.prune(), {
    retries: 2,
    singletonKey: 'shop-auth.prune',
  });
  jobs.schedule('shop-auth.prune', '13 * * * *');
  const shopOrdersService = createShopOrdersService({
    repo: createShopOrdersRepository(app.db),
    shop: draftOrderShop(shopClient),
    orders: serviceOrdersService,
    // A part whose SKU is in the catalogue becomes a variant line, others custom lines.
    findVariantIdsBySkus: (skus) => productsService.variantIdsBySkus(skus),
    adminBase: shopApiBase,
    currency: async (scope) => (await pricingService.getConfig(scope)).currency,
    shopTimeoutMs: config.shop.timeoutMs,
    ...(opts.now ? { now: opts.now } : {}),
  });

  // Sends cut off by a stop are resumed or shown as failed (a job, run by whichever instance is free).
  app.addHook('onReady', async () => communicationsService.recover());

  if (config.metrics.enabled) {
    await app.register(metricsPlugin, { metrics, token: config.metrics.token, jobs: jobs.store });
  }

  await app.register(
    async (api) => {
      await api.register(
        healthRoutes({
          version: pkg.version,
          expectedMigration: newestMigration(),
          shuttingDown: () => app.lifecycle.shuttingDown,
        }),
      );
      await api.register(
        jobsRoutes(
          createJobsService({
            store: jobs.store,
            abortLocal: jobs.abortLocal,
            wake: jobs.wake,
            now,
          }),
        ),
      );
      await api.register(authRoutes(authService));
      await api.register(shopAuthRoutes(shopAuthService));
      await api.register(shopOrdersRoutes(shopOrdersService));
      await api.register(usersRoutes(usersService));
      await api.register(serviceOrdersRoutes(serviceOrdersService));
      await api.register(communicationsRoutes(communicationsService));
      await api.register(communicationsWebhookRoutes(communicationsService, { publicUrl: config.publicUrl }));
      await api.register(pricingRoutes(pricingService));
      await api.register(rentalsRoutes(rentalsService));
      await api.register(imagesRoutes(imagesService));
      await api.register(uploadLinksRoutes(uploadLinksService));
      await api.register(workLogsRoutes(workLogsService));
      await api.register(customersRoutes(customersService));
      await api.register(techniciansRoutes(techniciansService));
      await api.register(warehouseLocationsRoutes(warehouseLocationsService));
      await api.register(dashboardRoutes(dashboardService));
      await api.register(searchRoutes(searchService));
      await api.register(documentsRoutes(documentsService, { maxBytes: config.documents.maxBytes }));
      await api.register(
        productsRoutes({
          products: productsService,
          sync: productSync,
          requestSync: productSyncJob.requestSync,
        }),
      );
      await api.register(productWebhookRoutes(productWebhooks));
      await api.register(shopWebhooksRoutes(shopWebhooks));
      await api.register(serialHistoryRoutes(serialHistoryService));
      await api.register(sparePartsRoutes(createSparePartsService(createSparePartsRepository(app.db))));
      await api.register(
        adminRoutes(
          createAdminService({
            repo: createAdminRepository(app.db),
            outbox,
            publicUrl: config.publicUrl,
            onAuthChange: principals.changed,
          }),
        ),
      );
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { distDir: config.webDistDir ?? DEFAULT_WEB_DIST_DIR });
  return app;
}
