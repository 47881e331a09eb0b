import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type Query } from 'drizzle-orm';
import type { Db } from './client.ts';

interface Driver {
  query(config: unknown, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * A read as a named prepared statement whose rows come back as the driver makes them: plain
 * objects keyed by the SQL's column aliases, with the driver's own value parsing (instants as
 * Dates, numbers as numbers; a `date` column should be cast to text). Drizzle's `.prepare()`
 * maps every field of every row through its column classes, which on the hottest read (the order
 * list's page) cost more than the rest of the request's own handling (bench/README.md, item 1).
 * Build `query` with drizzle (`.toSQL()` of a select whose fields are aliased, placeholders
 * allowed); `name` must belong to this SQL alone, as with `.prepare(name)`. On PostgreSQL each
 * pooled connection plans it once; PGlite has no named statements and runs it as it is.
 */
export function namedRows<Row>(
  db: Db,
  name: string,
  query: Query,
): (values: Record<string, unknown>) => Promise<Row[]> {
  // db.$client is drizzle's documented handle on the driver (here the actor-aware pool or PGlite).
  const client = (db as unknown as { $client: Driver }).$client;
  const named = !(client instanceof PGlite);
  return async (values) => {
    const params = fillPlaceholders(query.params, values);
    const result = named
      ? await client.query({ name, text: query.sql, values: params })
      : await client.query(query.sql, params);
    return result.rows as Row[];
  };
}
