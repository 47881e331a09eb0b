import { buildApp } from './app.ts';
import { loggerOptions } from './plugins/request-log.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createStorage } from './integrations/storage/create-storage.ts';
import { UNFINISHED_WRITE_GRACE_MS } from './integrations/storage/storage.ts';
import { prepareDatabase } from './prepare-database.ts';
import pino from 'pino';

const started = performance.now();

async function main() {
  let config = loadConfig();
  const log = pino(loggerOptions(config) as pino.LoggerOptions);
  // No shop configured (development, or DEMO_MODE=true; config refuses it otherwise in
  // production): the built-in demo shop, in this process, on loopback (decision 023). Loaded only
  // then: the demo shop and the demo seed are no part of a production server (issue 24).
  const demoShopModule = config.shop.demo ? await import('./integrations/shop/demo.ts') : null;
  const demo = demoShopModule ? await demoShopModule.startBuiltInDemoShop(config) : null;
  if (demo) {
    config = demo.config;
    log.info(
      { url: demo.demoShop.url, shop: config.shop.shop },
      'SHOPIFY_API_BASE unset: the built-in demo shop is in use',
    );
  }
  const database = await openDatabase(config.database);
  // One file storage for the seed (the info center's PDFs) and the app, which closes it.
  const storage = await createStorage(config.storage);
  // Temporary files of uploads cut off by a previous process's death (kill -9, a crash).
  const unfinished = await storage.removeUnfinishedWrites(UNFINISHED_WRITE_GRACE_MS);
  if (unfinished > 0) log.info({ removed: unfinished }, 'files of unfinished uploads removed');
  // Migrations, and the demo data on the first start of an empty database.
  await prepareDatabase(config, database, storage, log);
  const app = await buildApp({ config, database, closeDatabase: true, loggerInstance: log, storage });
  if (demo && demoShopModule) {
    await app.register(demoShopModule.demoShopImageRoutes);
    app.addHook('onClose', async () => demo.demoShop.close());
  }
  const address = await app.listen({ port: config.port, host: config.host });
  // PORT=0: the demo shop learns where to send webhooks and point pictures only now.
  if (demo && config.port === 0) {
    demo.demoShop.control.setAppUrl(address);
    demo.demoShop.control.setImageBaseUrl(`${address}/demo-shop`);
  }
  app.log.info(
    { driver: database.driver, startupMs: Math.round(performance.now() - started) },
    `Service Portal ready on ${config.publicUrl}`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    // Readiness fails at once (the proxy stops sending), new requests are refused, requests and
    // jobs under way get the grace (jobs still running then go back to the queue); a stuck
    // request does not hold the process for ever.
    app.lifecycle.shuttingDown = true;
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, config.shutdownGraceMs + 5_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Service Portal failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
