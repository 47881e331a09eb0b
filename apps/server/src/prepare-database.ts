import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { FileStorage } from './integrations/storage/storage.ts';
import { MIGRATIONS_DIR } from './paths.ts';

/**
 * What a start does to the database before serving: apply the migrations that are missing (a
 * look at the newest applied one when there are none), and load the demo data when the
 * configuration asks for it and the database has no service partner yet (the seed's own mark).
 * The server runs it at every start; `npm start` runs it (prepare-cli.ts) beside the web build on
 * a first start, so that the server finds nothing left to do (docs/decisions/080).
 */
export async function prepareDatabase(
  config: Pick<Config, 'seedDemoData'>,
  database: Database,
  storage: FileStorage,
  log: Pick<Logger, 'info'>,
): Promise<void> {
  await database.migrate(MIGRATIONS_DIR);
  if (config.seedDemoData) {
    // Loaded only then: the demo seed is no part of a production server (issue 24).
    const { isEmpty, seedDemoData } = await import('./seed/demo.ts');
    if (await isEmpty(database.db)) {
      await seedDemoData(database.db, { storage });
      log.info('empty database: demo data loaded');
    }
  }
}
