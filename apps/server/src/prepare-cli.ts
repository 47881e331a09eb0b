import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createStorage } from './integrations/storage/create-storage.ts';
import { loggerOptions } from './plugins/request-log.ts';
import { prepareDatabase } from './prepare-database.ts';

// `npm start` on a first start (scripts/start.mjs): migrate and, when the configuration asks for
// it, load the demo data into an empty database, while the web app builds; then exit, so that the
// server, started next, opens a database that is ready (docs/decisions/080).
try {
  const config = loadConfig();
  const log = pino(loggerOptions(config) as pino.LoggerOptions);
  const started = performance.now();
  const database = await openDatabase(config.database);
  const storage = await createStorage(config.storage);
  try {
    await prepareDatabase(config, database, storage, log);
  } finally {
    await storage.close();
    await database.close();
  }
  log.info({ ms: Math.round(performance.now() - started) }, 'database ready');
} catch (err) {
  process.stderr.write(
    err instanceof ConfigError
      ? `${err.message}\n`
      : `Preparing the database failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
}
