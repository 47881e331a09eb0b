import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  buildClientSchema,
  getNamedType,
  isInterfaceType,
  isObjectType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

/**
 * Shopify's published Admin GraphQL schema, as Shopify ships it in `@shopify/dev-mcp`
 * (docs/decisions/043-shopify-admin-schema.md: package version, file names and sha256). The
 * files are the package's own introspection answers, copied byte for byte into ../schema.
 */

/** The Admin API version the portal pins (config's default) and the demo shop answers. */
export const ADMIN_API_VERSION = '2026-10';
/** The versions whose schema is kept: the pinned one and the one before it. */
export const ADMIN_SCHEMA_VERSIONS = ['2026-10', '2026-07'] as const;
export type AdminSchemaVersion = (typeof ADMIN_SCHEMA_VERSIONS)[number];

/** sha256 of each kept file, as published in @shopify/dev-mcp 1.16.0 (dist/data/admin_<v>.json.gz). */
export const ADMIN_SCHEMA_SHA256: Record<AdminSchemaVersion, string> = {
  '2026-10': 'f3b522f264556925eada700e795e4a002a9cba83444ebcc6c0d724254a0c6593',
  '2026-07': '5bcde995c89c59acdb2ee494378d96f45ce7378a16ec829a74b71d696a08ef19',
};

/** The folder of the schema files, found through the package (the server's bundle inlines this module). */
export function adminSchemaDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@service-portal/demo-shop/package.json')), 'schema');
}

export function adminSchemaFile(version: AdminSchemaVersion): string {
  return join(adminSchemaDir(), `admin_${version}.json.gz`);
}

/**
 * Who may read what. Shopify's introspection carries `requiredAccess` on types and fields: text
 * such as "`read_orders` access scope, `read_marketplace_orders` access scope or `read_quick_sale`
 * access scope. Also: The user must have …". Any one of the back-quoted scopes before "Also:"
 * grants it (the "Also:" part is about the staff member's permissions, not the app's scopes).
 */
export interface AccessRequirement {
  /** As Shopify writes it. */
  text: string;
  /** Any one of these; empty when the text names no scope (an access we can never show we hold). */
  anyOf: string[];
}

export function parseRequiredAccess(text: string): AccessRequirement {
  const head = text.split(/\bAlso:/)[0] ?? '';
  const anyOf = [...head.matchAll(/`([a-z][a-z0-9_]*)`/g)].map((m) => m[1]!);
  return { text, anyOf: [...new Set(anyOf)] };
}

/** A write scope includes its read scope (Shopify: "write_products" implies "read_products"). */
export function grants(scopes: readonly string[], scope: string): boolean {
  if (scopes.includes(scope)) return true;
  if (scope.startsWith('read_')) return scopes.includes(`write_${scope.slice('read_'.length)}`);
  if (scope.startsWith('unauthenticated_read_')) {
    return scopes.includes(`unauthenticated_write_${scope.slice('unauthenticated_read_'.length)}`);
  }
  return false;
}

export function satisfies(scopes: readonly string[], req: AccessRequirement): boolean {
  return req.anyOf.some((s) => grants(scopes, s));
}

export interface AdminSchema {
  version: AdminSchemaVersion;
  schema: GraphQLSchema;
  /** `Type` → its requirement (applies to every field returning the type). */
  typeAccess: ReadonlyMap<string, AccessRequirement>;
  /** `Type.field` → its own requirement. */
  fieldAccess: ReadonlyMap<string, AccessRequirement>;
  /**
   * The requirements a field's value needs that `scopes` do not meet: the field's own, and the
   * one of the type it returns. Empty when it may be read.
   */
  missingAccess(scopes: readonly string[], parentType: string, field: string): AccessRequirement[];
}

interface ShopifyIntrospection {
  data: IntrospectionQuery & {
    __schema: {
      types: {
        name: string;
        requiredAccess?: string | null;
        fields?: { name: string; requiredAccess?: string | null }[] | null;
      }[];
    };
  };
}

const cache = new Map<AdminSchemaVersion, AdminSchema>();

/** Loads (once per process) the published schema of `version`. */
export function loadAdminSchema(version: AdminSchemaVersion = ADMIN_API_VERSION): AdminSchema {
  const hit = cache.get(version);
  if (hit) return hit;
  const raw = JSON.parse(
    gunzipSync(readFileSync(adminSchemaFile(version))).toString('utf8'),
  ) as ShopifyIntrospection;
  const schema = buildClientSchema(raw.data, { assumeValid: true });
  const typeAccess = new Map<string, AccessRequirement>();
  const fieldAccess = new Map<string, AccessRequirement>();
  for (const t of raw.data.__schema.types) {
    if (t.requiredAccess) typeAccess.set(t.name, parseRequiredAccess(t.requiredAccess));
    for (const f of t.fields ?? []) {
      if (f.requiredAccess) fieldAccess.set(`${t.name}.${f.name}`, parseRequiredAccess(f.requiredAccess));
    }
  }
  const loaded: AdminSchema = {
    version,
    schema,
    typeAccess,
    fieldAccess,
    missingAccess(scopes, parentType, field) {
      const missing: AccessRequirement[] = [];
      const own = fieldAccess.get(`${parentType}.${field}`);
      if (own && !satisfies(scopes, own)) missing.push(own);
      const parent = schema.getType(parentType);
      const def = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[field] : undefined;
      const returned = def ? typeAccess.get(getNamedType(def.type).name) : undefined;
      if (returned && !satisfies(scopes, returned)) missing.push(returned);
      return missing;
    },
  };
  cache.set(version, loaded);
  return loaded;
}
