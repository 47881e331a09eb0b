import {
  defaultFieldResolver,
  execute,
  getVariableValues,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFieldResolver,
  type OperationDefinitionNode,
} from 'graphql';
import {
  ADMIN_API_VERSION,
  ADMIN_SCHEMA_VERSIONS,
  loadAdminSchema,
  type AdminSchema,
  type AdminSchemaVersion,
} from './admin-schema.ts';
import { operationCost } from './graphql-cost.ts';
import { rootValue } from './graphql-root.ts';
import type { ResolveContext } from './graphql-views.ts';

/**
 * Shopify's published Admin GraphQL schema (admin-schema.ts) executed by graphql-js: real parsing,
 * validation, variables, fragments and aliases; every type, field, argument and enum value as
 * Shopify publishes them. Resolvers exist for what the portal uses (a field without one answers
 * null, or an error where the schema says non-null); Shopify's cost rules and access scopes on
 * top: a field the token's scopes do not reach is null with an ACCESS_DENIED error, data and
 * errors in one answer, as Shopify does.
 *
 * This file prepares (parse, validate, variables, requested cost) and runs a query; the cost walk
 * is graphql-cost.ts, the root value graphql-root.ts with its resolvers (graphql-resolvers-*.ts)
 * and views (graphql-views.ts, graphql-connections.ts).
 */

/** The schema of a requested API version: one of the kept ones, else the pinned one. */
export function schemaOf(version: string | null | undefined): AdminSchema {
  const known = (ADMIN_SCHEMA_VERSIONS as readonly string[]).includes(version ?? '');
  return loadAdminSchema(known ? (version as AdminSchemaVersion) : ADMIN_API_VERSION);
}

export interface PreparedQuery {
  admin: AdminSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Record<string, unknown>;
  /** As sent (graphql-js coerces them again when executing). */
  rawVariables: Record<string, unknown>;
  requestedCost: number;
}

export type Prepared = { ok: true; query: PreparedQuery } | { ok: false; errors: GraphQLError[] };

const documents = new Map<string, { document: DocumentNode | null; errors: readonly GraphQLError[] }>();

/** Parses, validates (against the requested version's schema), coerces variables and computes the requested cost. */
export function prepare(
  source: string,
  variableValues: unknown,
  operationName: string | null,
  version: string = ADMIN_API_VERSION,
): Prepared {
  const admin = schemaOf(version);
  const schema = admin.schema;
  const cacheKey = `${admin.version}\n${source}`;
  let parsed = documents.get(cacheKey);
  if (!parsed) {
    try {
      const document = parse(source);
      parsed = { document, errors: validate(schema, document) };
    } catch (err) {
      parsed = {
        document: null,
        errors: [err instanceof GraphQLError ? err : new GraphQLError(String(err))],
      };
    }
    // The same few documents come again and again: keep the last hundred parsed and validated.
    if (documents.size >= 100) documents.delete(documents.keys().next().value!);
    documents.set(cacheKey, parsed);
  }
  if (!parsed.document || parsed.errors.length > 0) return { ok: false, errors: [...parsed.errors] };
  const document = parsed.document;
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation)
    return { ok: false, errors: [new GraphQLError('An operation name is required and must match.')] };
  const rawVariables = (variableValues && typeof variableValues === 'object' ? variableValues : {}) as Record<
    string,
    unknown
  >;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables);
  if (coerced.errors) return { ok: false, errors: [...coerced.errors] };
  const requestedCost = operationCost(schema, document, operation, coerced.coerced, undefined, false);
  return {
    ok: true,
    query: { admin, document, operation, variables: coerced.coerced, rawVariables, requestedCost },
  };
}

export function actualCost(query: PreparedQuery, data: unknown): number {
  return operationCost(query.admin.schema, query.document, query.operation, query.variables, data, true);
}

/**
 * Shopify's answer to a field the token's scopes do not reach: the field is null (or its
 * nearest nullable parent) and `errors` says why, next to the rest of the data.
 */
const accessChecked =
  (admin: AdminSchema): GraphQLFieldResolver<unknown, ResolveContext> =>
  (source, args, ctx, info) => {
    const missing = admin.missingAccess(ctx.scopes, info.parentType.name, info.fieldName);
    if (missing.length > 0) {
      const requiredAccess = missing.map((m) => m.text).join(' ');
      throw new GraphQLError(
        `Access denied for ${info.fieldName} field. Required access: ${requiredAccess}`,
        {
          extensions: {
            code: 'ACCESS_DENIED',
            documentation: 'https://shopify.dev/api/usage/access-scopes',
            requiredAccess,
          },
        },
      );
    }
    return defaultFieldResolver(source, args, ctx, info);
  };

export async function run(query: PreparedQuery, ctx: ResolveContext): Promise<ExecutionResult> {
  return execute({
    schema: query.admin.schema,
    document: query.document,
    rootValue: rootValue(ctx, query.admin.version),
    contextValue: ctx,
    variableValues: query.rawVariables,
    operationName: query.operation.name?.value ?? null,
    fieldResolver: accessChecked(query.admin),
  });
}
