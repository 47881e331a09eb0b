import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { currentRequestContext, type RequestContext } from '../lib/request-context.ts';

/**
 * Hands who acts to the database's history triggers (issue 26, docs/decisions/058): every write
 * made while a request or job names its actor runs in a transaction that first sets
 * `app.actor_kind`, `app.actor_id`, `app.actor_name`, `app.request_id` and `app.partner_id` with
 * `set_config(..., true)`, so the settings end with the transaction and never leak to the next
 * user of a pooled connection. Reads are passed through untouched; so is all work outside a
 * request or job (the trigger then records the actor 'system').
 */

/** Statements that may change rows (a CTE may hold a write); everything else is a read. */
const WRITE = /^\s*(insert|update|delete|with|merge)\b/i;

function literal(value: string | null | undefined): string {
  // Standard-conforming strings (PostgreSQL's default): doubling the quote is the only escape.
  return value === null || value === undefined ? "''" : `'${value.replace(/\0/g, '').replace(/'/g, "''")}'`;
}

/** The `select set_config(...)` of the context's actor, or null when nobody is named. */
export function actorSettingsSql(context: RequestContext | undefined): string | null {
  if (!context?.actor) return null;
  const { actor } = context;
  return (
    `select set_config('app.actor_kind', ${literal(actor.kind)}, true), ` +
    `set_config('app.actor_id', ${literal(actor.id)}, true), ` +
    `set_config('app.actor_name', ${literal(actor.name)}, true), ` +
    `set_config('app.request_id', ${literal(context.requestId)}, true), ` +
    `set_config('app.partner_id', ${literal(context.partnerId)}, true)`
  );
}

function queryText(config: unknown): string {
  if (typeof config === 'string') return config;
  if (config && typeof config === 'object' && 'text' in config) return String(config.text);
  return '';
}

type PoolClient = pg.PoolClient;

/**
 * What Drizzle's node-postgres driver is given instead of the pool: its name holds "Pool", so
 * Drizzle checks a client out for a transaction (through `connect`), whose `begin` is followed by
 * the settings; a single write outside a transaction becomes begin + settings, the write, commit.
 */
export class ActorAwarePool {
  readonly pool: pg.Pool;
  constructor(pool: pg.Pool) {
    this.pool = pool;
  }

  async query(config: unknown, values?: unknown[]): Promise<unknown> {
    const settings = WRITE.test(queryText(config)) ? actorSettingsSql(currentRequestContext()) : null;
    if (!settings) return this.pool.query(config as pg.QueryConfig, values);
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(`begin; ${settings}`);
      try {
        const result = await client.query(config as pg.QueryConfig, values);
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch((e: unknown) => {
          broken = e instanceof Error ? e : new Error(String(e));
        });
        throw err;
      }
    } finally {
      client.release(broken);
    }
  }

  async connect(): Promise<PoolClient> {
    const client = await this.pool.connect();
    const settings = actorSettingsSql(currentRequestContext());
    if (!settings) return client;
    // A view of the checked-out client whose `begin` also sets the actor for the transaction.
    const view = Object.create(client) as PoolClient;
    (view as unknown as { query: (c: unknown, v?: unknown[]) => unknown }).query = (
      config: unknown,
      values?: unknown[],
    ) =>
      /^\s*begin\b/i.test(queryText(config)) && !values?.length
        ? client.query(`${queryText(config)}; ${settings}`)
        : client.query(config as pg.QueryConfig, values);
    return view;
  }
}

type PgliteQuery = PGlite['query'];

/**
 * The same for PGlite (one connection): a write outside a transaction runs in one with the
 * settings; a transaction starts with them.
 */
export function actorAwarePglite(client: PGlite): PGlite {
  const view = Object.create(client) as PGlite;
  const query: PgliteQuery = async (text, params, options) => {
    const settings = WRITE.test(text) ? actorSettingsSql(currentRequestContext()) : null;
    if (!settings) return client.query(text, params, options);
    return client.transaction(async (tx) => {
      await tx.exec(settings);
      return tx.query(text, params, options);
    });
  };
  Object.assign(view, {
    query,
    transaction: async <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> => {
      const settings = actorSettingsSql(currentRequestContext());
      return client.transaction(async (tx) => {
        if (settings) await tx.exec(settings);
        return fn(tx);
      });
    },
  });
  return view;
}
