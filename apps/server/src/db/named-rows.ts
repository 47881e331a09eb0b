import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type Query } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';

interface Driver {
  query(config: unknown, values?: unknown[], options?: unknown): Promise<{ rows: unknown[] }>;
}

/** PostgreSQL's type id of `timestamptz`. */
const TIMESTAMPTZ = 1184;
const instantAsDate = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => Date;

/**
 * A `timestamptz` as PostgreSQL writes it in text ("2026-11-28 11:29:20.594123+00", DateStyle
 * ISO) turned into the answer's ISO instant ("2026-11-28T11:29:20.594Z") without a Date between:
 * the same text `Date#toISOString` gives for the driver's Date (milliseconds cut, not rounded).
 * Only a session in UTC writes "+00"; any other offset, a year past 9999 or BC goes through the
 * driver's Date parser.
 */
export function isoInstant(text: string): string {
  const n = text.length;
  if (n >= 22 && text.charCodeAt(10) === 32 && text.charCodeAt(4) === 45 && text.endsWith('+00')) {
    if (n === 22) return `${text.slice(0, 10)}T${text.slice(11, 19)}.000Z`;
    if (text.charCodeAt(19) === 46) {
      const fraction = text.slice(20, n - 3);
      return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0')}Z`;
    }
  }
  return instantAsDate(text).toISOString();
}

/** node-postgres's per-query type parsers, with `timestamptz` read as ISO text. */
const pgInstantsAsText = {
  getTypeParser: (oid: number, format?: 'text' | 'binary'): ((value: string) => unknown) =>
    oid === TIMESTAMPTZ
      ? isoInstant
      : (pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown),
};
/** PGlite's per-query parsers, likewise. */
const pgliteInstantsAsText = { parsers: { [TIMESTAMPTZ]: isoInstant } };

/**
 * A read as a named prepared statement whose rows come back as the driver makes them: plain
 * objects keyed by the SQL's column aliases, with the driver's own value parsing (instants as
 * Dates, numbers as numbers; a `date` column should be cast to text). Drizzle's `.prepare()`
 * maps every field of every row through its column classes, which on the hottest read (the order
 * list's page) cost more than the rest of the request's own handling (bench/README.md, item 1).
 * With `instantsAsText`, `timestamptz` values come back as the ISO text the answer carries
 * (`isoInstant`), not as Dates to be turned into it (the list's page: 60 instants a request).
 * Build `query` with drizzle (`.toSQL()` of a select whose fields are aliased, placeholders
 * allowed); `name` must belong to this SQL alone, as with `.prepare(name)`. On PostgreSQL each
 * pooled connection plans it once; PGlite has no named statements and runs it as it is.
 */
export function namedRows<Row>(
  db: Db,
  name: string,
  query: Query,
  options: { instantsAsText?: boolean } = {},
): (values: Record<string, unknown>) => Promise<Row[]> {
  // db.$client is drizzle's documented handle on the driver (here the actor-aware pool or PGlite).
  const client = (db as unknown as { $client: Driver }).$client;
  const named = !(client instanceof PGlite);
  const asText = options.instantsAsText === true;
  return async (values) => {
    const params = fillPlaceholders(query.params, values);
    const result = named
      ? await client.query({
          name,
          text: query.sql,
          values: params,
          ...(asText ? { types: pgInstantsAsText } : {}),
        })
      : await client.query(query.sql, params, asText ? pgliteInstantsAsText : undefined);
    return result.rows as Row[];
  };
}
