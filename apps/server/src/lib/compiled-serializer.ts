import fastJson from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [{ type: X }, { type: 'null' }]` (zod's `.nullable()`) as `type: [X, 'null']`: the
 * same meaning, but fast-json-stringify writes it directly instead of testing each value against
 * both branches at run time.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [a, b] = anyOf as JsonSchema[];
    const plain = (s: JsonSchema | undefined) =>
      s !== undefined &&
      typeof s.type === 'string' &&
      s.type !== 'null' &&
      s.type !== 'object' &&
      s.type !== 'array';
    const isNull = (s: JsonSchema | undefined) => s !== undefined && s.type === 'null';
    const [value, nothing] = plain(a) && isNull(b) ? [a, b] : plain(b) && isNull(a) ? [b, a] : [];
    if (value !== undefined && nothing !== undefined) {
      delete out.anyOf;
      return { ...out, ...value, type: [value.type, 'null'] };
    }
  }
  return out;
}

/** The JSON schema of a zod schema's output, as fast-json-stringify reads it. */
export function serializerJsonSchema(schema: z.ZodType): JsonSchema {
  return simplify(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }),
  ) as JsonSchema;
}

/**
 * A serializer compiled from the zod schema (fast-json-stringify) for a large, hot answer
 * (decision 075): it writes the fields the schema names, in its order, without checking the value
 * against the schema on every request as the default zod serializer does. Outside production the
 * value is still checked with zod first, so every test that calls the route holds the answer to
 * its schema; in production that check (≈ a third of the dispatch board's CPU) is skipped.
 */
export function compiledSerializer(
  schema: z.ZodType,
  options: { check: boolean },
): (data: unknown) => string {
  const write = fastJson(serializerJsonSchema(schema) as never) as (data: unknown) => string;
  if (!options.check) return write;
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new Error(`response does not match its schema: ${result.error.message}`);
    return write(result.data);
  };
}

/**
 * A route's `serializerCompiler`: its 2xx answers compiled (`compiledSerializer`, checked with zod
 * too when `check`, i.e. outside production), its problem answers through the app's usual zod
 * serializer (small, rare, and their shape must stay exact).
 */
export function compiledSuccessSerializer(options: { check: boolean }) {
  return <S>(route: FastifyRouteSchemaDef<S>): ((data: unknown) => string) => {
    const status = String(route.httpStatus ?? '');
    if (status.startsWith('2')) return compiledSerializer(route.schema as z.ZodType, options);
    return zodSerializerCompiler(route as never) as (data: unknown) => string;
  };
}
