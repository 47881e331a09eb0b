import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createStorage } from './integrations/storage/create-storage.ts';
import { MIGRATIONS_DIR } from './paths.ts';
import { seedDemoData } from './seed/demo.ts';

// `npm run seed`: migrate, then load the demo data (idempotent).
const config = loadConfig();
const database = await openDatabase(config.database);
const storage = await createStorage(config.storage);
try {
  await database.migrate(MIGRATIONS_DIR);
  await seedDemoData(database.db, { storage });
  process.stdout.write(`Demo data loaded (${database.driver}).\n`);
} finally {
  await storage.close();
  await database.close();
}
