import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * The hostile-input suite's means (issue 32): the OpenAPI document read as data, values of the
 * wrong type for each field a schema declares, a plausible body to vary one field of, and a cheap
 * fingerprint of the database to prove a refused request changed nothing.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
  $ref?: string;
}
export interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}
export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface WalkedOperation {
  path: string;
  method: string;
  op: Operation;
}

/** Every operation of the document, in its order. */
export function operationsOf(doc: OpenApi): WalkedOperation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
}

export function resolve(doc: OpenApi, schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) return resolve(doc, doc.components?.schemas?.[schema.$ref.split('/').pop()!]);
  if (schema.allOf?.length === 1) return resolve(doc, schema.allOf[0]);
  return schema;
}

/** The JSON types a schema accepts ('any' when it cannot tell). */
export function typesOf(doc: OpenApi, raw: JsonSchema): Set<string> {
  const schema = resolve(doc, raw);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return new Set(variants.flatMap((v) => [...typesOf(doc, v)]));
  if (schema.enum) return new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)));
  if (schema.const !== undefined) return new Set([schema.const === null ? 'null' : typeof schema.const]);
  if (schema.type) {
    const list = Array.isArray(schema.type) ? schema.type : [schema.type];
    return new Set(list.map((t) => (t === 'integer' ? 'number' : t)));
  }
  return new Set(['any']);
}

/** The wrong values the brief names for every field: true, "x", an array, null; those the field refuses. */
export function wrongValues(doc: OpenApi, schema: JsonSchema): unknown[] {
  const accepted = typesOf(doc, schema);
  if (accepted.has('any')) return [];
  const candidates: [string, unknown][] = [
    ['boolean', true],
    ['string', 'x'],
    ['array', ['x', 1]],
    ['null', null],
    ['number', 12345],
    ['object', { nested: true }],
  ];
  return candidates.filter(([type]) => !accepted.has(type)).map(([, value]) => value);
}

/**
 * A value the schema plausibly accepts: enough to get a body past every field but the one a
 * request varies. Not a faithful generator (formats and refinements are only guessed).
 */
export function plausible(doc: OpenApi, raw: JsonSchema, ids: { uuid: string }, depth = 0): unknown {
  const schema = resolve(doc, raw);
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const nonNull = variants.find((v) => !typesOf(doc, v).has('null')) ?? variants[0]!;
    return plausible(doc, nonNull, ids, depth);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      if (depth > 6) return {};
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? [])
        out[name] = plausible(doc, schema.properties?.[name] ?? {}, ids, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () =>
        plausible(doc, schema.items ?? {}, ids, depth + 1),
      );
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      switch (schema.format) {
        case 'uuid':
          return ids.uuid;
        case 'email':
          return 'hostile@example.com';
        case 'date':
          return '2031-06-15';
        case 'date-time':
          return '2031-06-15T10:00:00.000Z';
        case 'uri':
          return 'https://example.com/x';
        default:
          return 'Hostile value'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
      }
    default:
      return 'x';
  }
}

/**
 * The fields of a body schema, nested objects' fields too (as paths, to three levels): every
 * field the schema declares (withValue makes the objects on the way that the body lacks).
 */
export function fieldsOf(
  doc: OpenApi,
  raw: JsonSchema,
  base: unknown,
  prefix: string[] = [],
): [string[], JsonSchema][] {
  let schema = resolve(doc, raw);
  // A union: the variant plausible() chose (the first that is not null).
  const variants = schema.anyOf ?? schema.oneOf;
  if (!schema.properties && variants?.length)
    schema = resolve(doc, variants.find((v) => !typesOf(doc, v).has('null')) ?? variants[0]);
  if (prefix.length >= 3 || Array.isArray(base)) return [];
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const path = [...prefix, name];
    const inner =
      typeof base === 'object' && base !== null ? (base as Record<string, unknown>)[name] : undefined;
    return [[path, field] as [string[], JsonSchema], ...fieldsOf(doc, field, inner, path)];
  });
}

/** A copy of `base` with the value at `path` replaced. */
export function withValue(base: unknown, path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  const object = { ...(base as Record<string, unknown>) };
  object[head!] = rest.length ? withValue(object[head!], rest, value) : value;
  return object;
}

/**
 * A cheap fingerprint of the database: an AFTER trigger on every table notes each row written in
 * `hostile_changes` (table and operation), so the fingerprint is one count and costs the same
 * however many tables there are; a rolled-back write notes nothing. Stronger than row counts and
 * `updated_at` (it sees an update of a table without that column). Left out: the runner's
 * scheduled jobs and its own updates of jobs (not a request's doing), and the attempt counters
 * whose purpose is to record refused attempts (sign-in limits, upload-link failures): a refused
 * guess that is counted is the limit working.
 */
export async function fingerprinter(app: FastifyInstance): Promise<() => Promise<string>> {
  const tables = rowsOf<{ table_name: string }>(
    await app.db.execute(
      // Partitions get the trigger of their partitioned table (history_events' months).
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in (select relname from pg_class where relispartition) order by 1`,
    ),
  )
    .map((r) => r.table_name)
    .filter((t) => !COUNTERS.has(t));
  const statements = [
    'create table hostile_changes (id bigserial primary key, what text not null)',
    `create function hostile_note() returns trigger language plpgsql as $$
       begin insert into hostile_changes (what) values (tg_table_name || ':' || tg_op); return null; end $$`,
    ...tables.flatMap((t) =>
      t === 'jobs'
        ? [
            'create trigger hostile_note_i after insert on jobs for each row when (new.schedule_slot is null) execute function hostile_note()',
            'create trigger hostile_note_d after delete on jobs for each row when (old.schedule_slot is null) execute function hostile_note()',
          ]
        : [
            `create trigger hostile_note after insert or update or delete on "${t}" for each row execute function hostile_note()`,
          ],
    ),
  ];
  for (const statement of statements) await app.db.execute(sql.raw(statement));
  const query = sql.raw(
    `select count(*)::int as n, string_agg(what, ' ' order by id desc) filter (where id > (select coalesce(max(id), 0) - 5 from hostile_changes)) as last from hostile_changes`,
  );
  return async () => {
    const [row] = rowsOf<{ n: number; last: string | null }>(await app.db.execute(query));
    return `${row!.n} ${row!.last ?? ''}`;
  };
}

/** The rows of a raw query, whichever driver ran it (PGlite answers an array, node-postgres `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const COUNTERS = new Set(['auth_events', 'upload_verification_failures', 'otp_codes']);

/** What was written between two fingerprints (the last few rows noted). */
export function fingerprintDiff(_before: string, after: string): string[] {
  return after.split(' ').slice(1);
}
