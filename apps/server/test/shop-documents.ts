import type { AdminSchema } from '@service-portal/demo-shop/admin-schema';
import {
  getNamedType,
  getNullableType,
  getVariableValues,
  isEnumType,
  isInputObjectType,
  isListType,
  Kind,
  NoDeprecatedCustomRule,
  parse,
  TypeInfo,
  typeFromAST,
  validate,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql';

/**
 * What Shopify's published schema says about one document the portal sends, with the variables
 * it sends: every problem as a line (empty: the document is fine). Checks, in order:
 * - parses and validates (unknown types, fields, arguments, enum values, wrong variable types);
 * - nothing deprecated: fields, arguments, enum values and input fields in the document, and
 *   input fields and enum values inside the variables;
 * - the variables coerce to the operation's variable types;
 * - every selected field (and the type it returns) is within `scopes` (`requiredAccess`).
 */
export function checkDocument(
  admin: AdminSchema,
  source: string,
  variables: Record<string, unknown> | null,
  scopes: readonly string[],
): string[] {
  const at = `[${admin.version}]`;
  let document: DocumentNode;
  try {
    document = parse(source);
  } catch (err) {
    return [`${at} does not parse: ${String(err)}`];
  }
  const problems = validate(admin.schema, document).map((e) => `${at} invalid: ${e.message}`);
  if (problems.length > 0) return problems;
  problems.push(
    ...validate(admin.schema, document, [NoDeprecatedCustomRule]).map(
      (e) => `${at} deprecated: ${e.message}`,
    ),
  );

  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  for (const op of operations) {
    if (variables !== null) {
      const coerced = getVariableValues(admin.schema, op.variableDefinitions ?? [], variables);
      for (const e of coerced.errors ?? []) problems.push(`${at} variables: ${e.message}`);
      for (const def of op.variableDefinitions ?? []) {
        const type = typeFromAST(admin.schema, def.type) as GraphQLInputType | undefined;
        const name = def.variable.name.value;
        if (type && name in variables) {
          problems.push(
            ...deprecatedInValue(type, variables[name], `$${name}`).map((p) => `${at} deprecated: ${p}`),
          );
        }
      }
    }
  }

  const typeInfo = new TypeInfo(admin.schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (!parent || node.name.value.startsWith('__')) return;
        for (const missing of admin.missingAccess(scopes, parent.name, node.name.value)) {
          problems.push(
            `${at} scope: ${parent.name}.${node.name.value} needs ${missing.anyOf.join(' or ') || `"${missing.text}"`}, the app requests ${scopes.join(', ')}`,
          );
        }
      },
    }),
  );
  return problems;
}

/** Deprecated input fields and enum values inside a variable's value. */
function deprecatedInValue(type: GraphQLInputType, value: unknown, path: string): string[] {
  const t = getNullableType(type);
  if (value === null || value === undefined) return [];
  if (isListType(t)) {
    const items = Array.isArray(value) ? value : [value];
    return items.flatMap((v, i) => deprecatedInValue(t.ofType, v, `${path}[${i}]`));
  }
  if (isInputObjectType(t) && typeof value === 'object') {
    const fields = t.getFields();
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
      const f = fields[k];
      if (!f) return [];
      const own = f.deprecationReason ? [`${path}.${k} (${t.name}.${k}): ${f.deprecationReason}`] : [];
      return [...own, ...deprecatedInValue(f.type, v, `${path}.${k}`)];
    });
  }
  const named = getNamedType(t);
  if (isEnumType(named) && typeof value === 'string') {
    const ev = named.getValue(value);
    return ev?.deprecationReason ? [`${path} = ${value} (${named.name}): ${ev.deprecationReason}`] : [];
  }
  return [];
}
