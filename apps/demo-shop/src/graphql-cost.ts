import {
  getArgumentValues,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * The demo shop's GraphQL cost, as Shopify counts it
 * (https://shopify.dev/docs/api/usage/rate-limits#graphql-admin-api-rate-limits):
 * scalars and enums 0, objects 1, connections 2 + first × the cost of one node, mutations 10.
 */
interface CostWalk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

function fieldDef(parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
}

/** The type a fragment narrows to (`... on MediaImage`), else the parent. */
function narrowed(walk: CostWalk, parent: GraphQLCompositeType, typeName: string | undefined) {
  const t = typeName ? walk.schema.getType(typeName) : undefined;
  return t && isCompositeType(t) ? t : parent;
}

function isConnection(type: GraphQLOutputType): boolean {
  return getNamedType(type).name.endsWith('Connection');
}

/**
 * Requested cost of a selection set; with `data`, the actual cost (connections count the nodes
 * that came back instead of `first`).
 */
function selectionCost(
  walk: CostWalk,
  parent: GraphQLCompositeType,
  set: SelectionSetNode,
  data: unknown,
  actual: boolean,
): number {
  let total = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT) {
      const type = narrowed(walk, parent, sel.typeCondition?.name.value);
      total += selectionCost(walk, type, sel.selectionSet, data, actual);
      continue;
    }
    if (sel.kind === Kind.FRAGMENT_SPREAD) {
      const frag = walk.fragments.get(sel.name.value);
      if (frag) {
        const type = narrowed(walk, parent, frag.typeCondition.name.value);
        total += selectionCost(walk, type, frag.selectionSet, data, actual);
      }
      continue;
    }
    if (sel.name.value.startsWith('__')) continue;
    const def = fieldDef(parent, sel.name.value);
    if (!def) continue;
    const named = getNamedType(def.type);
    if (!isCompositeType(named) || !sel.selectionSet) continue;
    const key = sel.alias?.value ?? sel.name.value;
    const value = actual ? (data as Record<string, unknown> | null | undefined)?.[key] : undefined;
    if (actual && (value === null || value === undefined)) continue;
    if (isConnection(def.type)) {
      const args = getArgumentValues(def, sel, walk.variables) as { first?: number; last?: number };
      const n = args.first ?? args.last ?? 0;
      // One item's cost: what is selected under nodes / edges.node.
      const per = connectionItemCost(walk, named, sel.selectionSet, value, actual);
      total += 2 + (actual ? per : n * per);
    } else if (isListType(isNonNullType(def.type) ? def.type.ofType : def.type)) {
      const items = actual && Array.isArray(value) ? value : [undefined];
      for (const item of items) total += 1 + selectionCost(walk, named, sel.selectionSet, item, actual);
    } else {
      total += 1 + selectionCost(walk, named, sel.selectionSet, value, actual);
    }
  }
  return total;
}

/** Requested: the cost of one node. Actual: the sum over the nodes returned. */
function connectionItemCost(
  walk: CostWalk,
  connection: GraphQLCompositeType,
  set: SelectionSetNode,
  value: unknown,
  actual: boolean,
): number {
  let total = 0;
  for (const sel of set.selections) {
    if (sel.kind !== Kind.FIELD || !sel.selectionSet) continue;
    const name = sel.name.value;
    const key = sel.alias?.value ?? name;
    const def = fieldDef(connection, name);
    if (!def) continue;
    const itemType = getNamedType(def.type);
    if (!isCompositeType(itemType)) continue;
    if (name === 'nodes') {
      const items = actual ? ((value as Record<string, unknown[]>)[key] ?? []) : [undefined];
      for (const item of items) total += 1 + selectionCost(walk, itemType, sel.selectionSet, item, actual);
    } else if (name === 'edges') {
      const items = actual ? ((value as Record<string, unknown[]>)[key] ?? []) : [undefined];
      for (const item of items) total += selectionCost(walk, itemType, sel.selectionSet, item, actual);
    }
    // pageInfo costs nothing.
  }
  return total;
}

/**
 * The cost of an operation: requested (`actual` false: connections count `first`), or actual
 * (connections count the nodes that came back in `data`). A mutation adds 10 per root field.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  data: unknown,
  actual: boolean,
): number {
  const walk: CostWalk = {
    schema,
    fragments: new Map(
      document.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((f) => [f.name.value, f]),
    ),
    variables,
  };
  const mutation = operation.operation === OperationTypeNode.MUTATION;
  const root = mutation ? schema.getMutationType()! : schema.getQueryType()!;
  return (
    (mutation ? operation.selectionSet.selections.length * 10 : 0) +
    selectionCost(walk, root, operation.selectionSet, data, actual)
  );
}
