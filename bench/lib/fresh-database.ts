import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { MIGRATIONS_DIR } from '../../apps/server/src/paths.ts';

/** The PostgreSQL server the in-process benches use (`BENCH_PG_URL`, no database name). */
export const BENCH_PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(
  /\/+$/,
  '',
);

/**
 * A bench's own database, made afresh (dropped if there) and migrated, with the production config
 * the in-process benches run the real app on: no demo data, limits out of the way, the data
 * folder `sp-<name>-data` in the temporary directory. Returns the secret that signs its tokens.
 */
export async function freshBenchDatabase(name: string) {
  const admin = new pg.Client({ connectionString: `${BENCH_PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = `${BENCH_PG_URL}/${name}`;
  const secret = randomBytes(48).toString('base64url');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    APP_SECRET: secret,
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'true',
    SEED_DEMO_DATA: 'false',
    DATA_DIR: path.join(os.tmpdir(), `sp-${name.replace(/^sp_/, '').replace(/_/g, '-')}-data`),
    RATE_LIMIT_PER_USER: '100000000',
    RATE_LIMIT_PER_IP: '100000000',
  });
  const database = await openDatabase({ driver: 'postgres', url, max: 10 });
  await database.migrate(MIGRATIONS_DIR);
  return { url, secret, config, database };
}
