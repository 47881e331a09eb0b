import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(migrationsFolder: string): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, which `loadDataDir` restores (test snapshots). */
  dump?(): Promise<Blob>;
}

export type DatabaseOptions =
  | { driver: 'pglite'; dataDir: string; loadDataDir?: Blob }
  | { driver: 'postgres'; url: string; max?: number };

const extensions = { pg_trgm, btree_gin };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pglite') {
    // PGlite wants the data folder's parent to exist; "memory://" keeps tests off the disk.
    if (!options.dataDir.startsWith('memory://'))
      mkdirSync(path.dirname(options.dataDir), { recursive: true });
    const client = await PGlite.create({
      dataDir: options.dataDir,
      extensions,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      migrate: (folder) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder }),
      ping: async () => {
        await client.query('select 1');
        return true;
      },
      close: () => client.close(),
      dump: async () => client.dumpDataDir('gzip'),
    };
  }
  const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
  // A pool error on an idle client must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    migrate: (folder) => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: folder }),
    ping: async () => {
      await db.execute(sql`select 1`);
      return true;
    },
    close: () => pool.end(),
  };
}
