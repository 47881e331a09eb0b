import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTING_PARTNER_HEADER } from '@service-portal/shared/auth';
import { bearer } from './helper.ts';
import { createOrdersWorld, type OrdersWorld } from './service-order-fixtures.ts';

/**
 * Every operation of the OpenAPI document (made from the same zod schemas that validate requests)
 * is sent generated invalid input: bodies of the wrong shape, fields of the wrong type, NUL in
 * strings, nesting thousands deep, a body over the size limit; and NUL in every string query
 * parameter. Each answer must be a 4xx problem+json with the security headers, and no table may
 * gain or lose a row.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

let w: OrdersWorld;
let doc: OpenApi;
let tables: string[];

beforeAll(async () => {
  w = await createOrdersWorld();
  doc = w.ctx.app.swagger() as unknown as OpenApi;
  const rows = await w.ctx.app.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  tables = (Array.isArray(rows) ? rows : (rows as { rows: { table_name: string }[] }).rows).map(
    (r: { table_name: string }) => r.table_name,
  );
});
afterAll(async () => w.ctx.close());

async function rowCounts(): Promise<Record<string, number>> {
  // Scheduled jobs (a recovery or clean-up firing while the test runs) are the runner's own
  // doing, not a request's; every other row counts.
  const where = (t: string) => (t === 'jobs' ? ' where schedule_slot is null' : '');
  const query = tables.map((t) => `(select count(*) from "${t}"${where(t)})::int as "${t}"`).join(', ');
  const result = await w.ctx.app.db.execute<Record<string, number>>(sql.raw(`select ${query}`));
  const rows = Array.isArray(result) ? result : (result as { rows: Record<string, number>[] }).rows;
  return rows[0] as Record<string, number>;
}

function resolve(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return resolve(doc.components?.schemas?.[name]);
  }
  return schema;
}

/** The JSON types a schema accepts ('any' when it cannot tell). */
function typesOf(raw: JsonSchema): Set<string> {
  const schema = resolve(raw);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return new Set(variants.flatMap((v) => [...typesOf(v)]));
  if (schema.allOf?.[0]) return typesOf(schema.allOf[0]);
  if (schema.enum) return new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)));
  if (schema.const !== undefined) return new Set([schema.const === null ? 'null' : typeof schema.const]);
  if (schema.type) {
    const list = Array.isArray(schema.type) ? schema.type : [schema.type];
    return new Set(list.map((t) => (t === 'integer' ? 'number' : t)));
  }
  return new Set(['any']);
}

/** A value of a JSON type the schema does not accept, or undefined when it accepts anything. */
function wrongValue(schema: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const accepted = typesOf(schema);
  if (accepted.has('any')) return undefined;
  const candidates: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.string({ maxLength: 20 })],
    ['number', fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(fc.integer(), { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 })],
  ];
  // A string field takes '' or numbers-as-strings in places; a wrong type is never a string then.
  const wrong = candidates.filter(([type]) => !accepted.has(type));
  return wrong.length ? fc.oneof(...wrong.map(([, a]) => a)) : undefined;
}

const nulString = fc
  .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
  .map(([a, b]) => `${a}\u0000${b}`);

function deepNesting(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

/** Invalid bodies for one operation's body schema. */
function invalidBodies(
  raw: JsonSchema,
): { arb: fc.Arbitrary<{ kind: string; body: unknown }>; runs: number }[] {
  const schema = resolve(raw);
  const props = Object.entries(schema.properties ?? {});
  const strings = props.filter(([, s]) => typesOf(s).has('string'));
  const wrongTyped = props.flatMap(([name, s]) => {
    const arb = wrongValue(s);
    return arb ? [[name, arb] as const] : [];
  });
  const arbs: { arb: fc.Arbitrary<{ kind: string; body: unknown }>; runs: number }[] = [];
  const GENERATED = 5;
  if (typesOf(schema).has('object') && !typesOf(schema).has('any')) {
    arbs.push({
      arb: fc
        .oneof(fc.integer(), fc.string(), fc.boolean(), fc.array(fc.integer()), fc.constant(null))
        .map((body) => ({ kind: 'not an object', body })),
      runs: GENERATED,
    });
  }
  if (wrongTyped.length) {
    arbs.push(
      {
        arb: fc.record(Object.fromEntries(wrongTyped)).map((body) => ({ kind: 'wrong types', body })),
        runs: GENERATED,
      },
      {
        arb: fc.constant({
          kind: 'extra nesting',
          body: Object.fromEntries(wrongTyped.map(([n]) => [n, deepNesting(2000)])),
        }),
        runs: 1,
      },
    );
  }
  if (strings.length) {
    arbs.push({
      arb: fc
        .record(Object.fromEntries(strings.map(([name]) => [name, nulString])))
        .map((body) => ({ kind: 'NUL in strings', body })),
      runs: GENERATED,
    });
  }
  // Over the 1 MB body limit, whatever the fields.
  arbs.push({
    arb: fc.constant({
      kind: 'huge string',
      body: Object.fromEntries([[props[0]?.[0] ?? 'value', 'x'.repeat(1_100_000)]]),
    }),
    runs: 1,
  });
  return arbs;
}

const asUrl = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID());

function operations(filter: (op: Operation, method: string) => boolean) {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(
        ([method, op]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method) && filter(op, method),
      )
      .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
}

function expectProblem(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  what: string,
) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(String(res.headers['content-type']), what).toContain('application/problem+json');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(String(res.headers['content-security-policy']), what).toContain("default-src 'self'");
}

describe('generated invalid input to every operation', () => {
  it('answers every invalid JSON body with a 4xx problem+json and changes nothing', async () => {
    const withBody = operations((op) => Boolean(op.requestBody?.content?.['application/json']?.schema));
    expect(withBody.length).toBeGreaterThan(20);
    const statuses: Record<number, number> = {};
    const before = await rowCounts();
    for (const { path, method, op } of withBody) {
      const schema = op.requestBody!.content!['application/json']!.schema!;
      for (const { arb, runs } of invalidBodies(schema)) {
        await fc.assert(
          fc.asyncProperty(arb, async ({ kind, body }) => {
            const res = await w.ctx.app.inject({
              method,
              url: asUrl(path),
              headers: {
                ...bearer(w.tokens.admin),
                [ACTING_PARTNER_HEADER]: w.partners.nordic,
                'content-type': 'application/json',
              },
              payload: JSON.stringify(body),
            });
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            expectProblem(res, `${method} ${path} (${kind})`);
          }),
          { numRuns: runs },
        );
      }
    }
    expect(await rowCounts()).toEqual(before);
    // Validation answered, not access control: most answers are 400s.
    expect(statuses[400] ?? 0).toBeGreaterThan(Object.values(statuses).reduce((a, b) => a + b, 0) / 2);
  }, 120_000);

  it('answers NUL in every string query parameter with 400 problem+json', async () => {
    const withQuery = operations((op) =>
      (op.parameters ?? []).some((p) => p.in === 'query' && typesOf(p.schema ?? {}).has('string')),
    );
    expect(withQuery.length).toBeGreaterThan(5);
    const before = await rowCounts();
    for (const { path, method, op } of withQuery) {
      for (const p of (op.parameters ?? []).filter(
        (q) => q.in === 'query' && typesOf(q.schema ?? {}).has('string'),
      )) {
        const res = await w.ctx.app.inject({
          method,
          url: `${asUrl(path)}?${encodeURIComponent(p.name)}=a%00b`,
          headers: { ...bearer(w.tokens.admin), [ACTING_PARTNER_HEADER]: w.partners.nordic },
        });
        expectProblem(res, `${method} ${path}?${p.name}`);
        expect(res.statusCode, `${method} ${path}?${p.name}`).toBe(400);
      }
    }
    expect(await rowCounts()).toEqual(before);
  });
});
