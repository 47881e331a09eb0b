import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
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
import { ActorAwarePool, actorAwarePglite } from './actor-db.ts';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(migrationsFolder: string): Promise<void>;
  ping(): Promise<boolean>;
  /** When the newest applied migration was made (its journal `when`), or null before any. */
  lastAppliedMigration(): Promise<number | null>;
  /** PostgreSQL only: the connection pool's counts (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, which `loadDataDir` restores (test snapshots). */
  dump?(): Promise<Blob>;
  /**
   * LISTEN on a channel. `onNotify` runs for every notification; `onState` says whether the
   * subscription is live (false while a PostgreSQL connection is lost and being re-made, true again
   * once it listens; notifications sent meanwhile are lost, so treat true-after-false as "anything
   * may have changed"). Returns the unsubscribe.
   */
  listen(
    channel: string,
    onNotify: () => void,
    onState: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
}

export type DatabaseOptions =
  | { driver: 'pglite'; dataDir: string; loadDataDir?: Blob }
  | {
      driver: 'postgres';
      url: string;
      max?: number;
      /** Server-side `statement_timeout` of every pooled connection (none when unset). */
      statementTimeoutMs?: number;
      /** How long to wait for a connection, new or from the pool (for ever when unset). */
      connectTimeoutMs?: number;
    };

const extensions = { pg_trgm, btree_gin, btree_gist };

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
    // Writes carry the acting user, customer, shop or job to the history triggers (actor-db.ts).
    const db = drizzlePglite(actorAwarePglite(client), { schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      migrate: (folder) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder }),
      ping: async () => {
        await client.query('select 1');
        return true;
      },
      lastAppliedMigration: () => lastAppliedMigration(db),
      close: () => client.close(),
      dump: async () => client.dumpDataDir('gzip'),
      // One process owns a PGlite data folder, so the subscription cannot be lost.
      listen: async (channel, onNotify, onState) => {
        const unlisten = await client.listen(channel, onNotify);
        onState(true);
        return async () => {
          onState(false);
          if (!client.closed) await unlisten();
        };
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    // A slow or stuck database fails requests (503) instead of piling them up on the pool.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
  });
  // A pool error on an idle client must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor a connection lost while a client is checked out between two queries (a transaction's
  // own code running): node-postgres emits that as an 'error' event, which unheard is an uncaught
  // exception. The query under way, or the next one, fails and the request answers 503.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  // Writes carry the acting user, customer, shop or job to the history triggers (actor-db.ts).
  const db = drizzlePg(new ActorAwarePool(pool) as unknown as pg.Pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    // On a connection of its own, without the statement timeout (a migration may run longer), and
    // under an advisory lock so that instances starting together apply it once.
    migrate: async (folder) => {
      const own = new pg.Pool({ connectionString: options.url, max: 1 });
      own.on('error', () => {});
      try {
        await migratePgLocked(own, folder);
      } finally {
        await own.end();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
      return true;
    },
    lastAppliedMigration: () => lastAppliedMigration(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
    listen: (channel, onNotify, onState) => listenPg(options.url, channel, onNotify, onState),
  };
}

/** Drizzle's migrator records each applied migration with its journal time in drizzle.__drizzle_migrations. */
async function lastAppliedMigration(db: Db): Promise<number | null> {
  const exists: unknown = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!(exists as { rows: { t: unknown }[] }).rows[0]?.t) return null;
  const result: unknown = await db.execute(
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const last = (result as { rows: { last: string | null }[] }).rows[0]?.last;
  return last === null || last === undefined ? null : Number(last);
}

/** Any fixed number: the advisory lock every instance takes around its migrations. */
const MIGRATION_LOCK_KEY = 7_240_115_011;

/**
 * Several instances starting at once against one database: one applies the migrations, the others
 * wait on a session-level advisory lock and then find nothing left to apply.
 */
async function migratePgLocked(pool: pg.Pool, folder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

const RELISTEN_DELAY_MS = 1000;

/** A dedicated connection that LISTENs, and is re-made after a drop until unsubscribed. */
async function listenPg(
  url: string,
  channel: string,
  onNotify: () => void,
  onState: (live: boolean) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
  let current: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, RELISTEN_DELAY_MS);
    timer.unref();
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      onState(false);
      client.end().catch(() => {});
      retry();
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', (msg) => {
      if (msg.channel === channel) onNotify();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      drop();
      return;
    }
    if (stopped || lost) {
      lost = true;
      await client.end().catch(() => {});
      return;
    }
    current = client;
    onState(true);
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    onState(false);
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  };
}
