import {
  buildSchema,
  execute,
  getArgumentValues,
  getNamedType,
  getVariableValues,
  GraphQLError,
  isCompositeType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  OperationTypeNode,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLOutputType,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Product, Variant } from './catalogue.ts';
import {
  encodeCursor as encodeCursorFor,
  InvalidCursorError,
  type DraftOrder,
  type DraftOrderLine,
  type SortKey,
  type Store,
} from './store.ts';

/**
 * The part of Shopify's Admin GraphQL schema the portal uses, executed by graphql-js (real
 * parsing, validation, variables, fragments and aliases), with Shopify's cost rules on top.
 */
export const SDL = /* GraphQL */ `
  scalar DateTime
  scalar URL
  scalar Money
  scalar HTML

  enum ProductStatus {
    ACTIVE
    ARCHIVED
    DRAFT
  }
  enum ProductSortKeys {
    ID
    UPDATED_AT
    TITLE
    CREATED_AT
  }
  enum DraftOrderStatus {
    OPEN
    INVOICE_SENT
    COMPLETED
  }
  enum CurrencyCode {
    NOK
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }
  type Image {
    id: ID
    url: URL!
    altText: String
    width: Int
    height: Int
  }
  type MediaPreviewImage {
    image: Image
  }
  type MediaImage {
    id: ID!
    alt: String
    mediaContentType: String!
    preview: MediaPreviewImage
    image: Image
  }

  type ProductVariant {
    id: ID!
    legacyResourceId: ID!
    title: String!
    displayName: String!
    sku: String
    price: Money!
    barcode: String
    inventoryQuantity: Int
    product: Product!
  }
  type ProductVariantEdge {
    cursor: String!
    node: ProductVariant!
  }
  type ProductVariantConnection {
    nodes: [ProductVariant!]!
    edges: [ProductVariantEdge!]!
    pageInfo: PageInfo!
  }

  type Product {
    id: ID!
    legacyResourceId: ID!
    title: String!
    handle: String!
    descriptionHtml: HTML!
    status: ProductStatus!
    vendor: String!
    productType: String!
    tags: [String!]!
    createdAt: DateTime!
    updatedAt: DateTime!
    totalInventory: Int!
    featuredMedia: MediaImage
    featuredImage: Image
    variants(first: Int, after: String): ProductVariantConnection!
  }
  type ProductEdge {
    cursor: String!
    node: Product!
  }
  type ProductConnection {
    nodes: [Product!]!
    edges: [ProductEdge!]!
    pageInfo: PageInfo!
  }

  type Order {
    id: ID!
    name: String!
  }
  type DraftOrderLineItem {
    id: ID!
    title: String!
    sku: String
    quantity: Int!
    originalUnitPrice: Money!
    requiresShipping: Boolean!
    taxable: Boolean!
    variant: ProductVariant
  }
  type DraftOrderLineItemEdge {
    cursor: String!
    node: DraftOrderLineItem!
  }
  type DraftOrderLineItemConnection {
    nodes: [DraftOrderLineItem!]!
    edges: [DraftOrderLineItemEdge!]!
    pageInfo: PageInfo!
  }
  type DraftOrder {
    id: ID!
    legacyResourceId: ID!
    name: String!
    status: DraftOrderStatus!
    tags: [String!]!
    note2: String
    email: String
    currencyCode: CurrencyCode!
    totalPrice: Money!
    createdAt: DateTime!
    updatedAt: DateTime!
    completedAt: DateTime
    order: Order
    lineItems(first: Int, after: String): DraftOrderLineItemConnection!
  }
  type DraftOrderEdge {
    cursor: String!
    node: DraftOrder!
  }
  type DraftOrderConnection {
    nodes: [DraftOrder!]!
    edges: [DraftOrderEdge!]!
    pageInfo: PageInfo!
  }

  type Shop {
    name: String!
    myshopifyDomain: String!
    currencyCode: CurrencyCode!
  }

  type Query {
    shop: Shop!
    products(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: ProductSortKeys = ID
      query: String
    ): ProductConnection!
    product(id: ID!): Product
    productVariant(id: ID!): ProductVariant
    draftOrders(first: Int, after: String, reverse: Boolean = false, query: String): DraftOrderConnection!
    draftOrder(id: ID!): DraftOrder
  }

  type UserError {
    field: [String!]
    message: String!
  }
  input DraftOrderLineItemInput {
    variantId: ID
    quantity: Int!
    title: String
    originalUnitPrice: Money
    sku: String
    requiresShipping: Boolean
    taxable: Boolean
  }
  input DraftOrderInput {
    lineItems: [DraftOrderLineItemInput!]
    tags: [String!]
    note: String
    email: String
  }
  type DraftOrderCreatePayload {
    draftOrder: DraftOrder
    userErrors: [UserError!]!
  }
  type DraftOrderCompletePayload {
    draftOrder: DraftOrder
    userErrors: [UserError!]!
  }

  type Mutation {
    draftOrderCreate(input: DraftOrderInput!): DraftOrderCreatePayload
    draftOrderComplete(id: ID!, paymentPending: Boolean): DraftOrderCompletePayload
  }
`;

export const schema = buildSchema(SDL);

export const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;

/** `gid://shopify/Product/123` → 123 (of the given type), else null. */
export function parseGid(value: unknown, type: string): number | null {
  if (typeof value !== 'string') return null;
  const m = new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(value);
  return m ? Number(m[1]) : null;
}

// ---------------------------------------------------------------------------------------------
// Cost (https://shopify.dev/docs/api/usage/rate-limits#graphql-admin-api-rate-limits):
// scalars and enums 0, objects 1, connections 2 + first × the cost of one node, mutations 10.

interface CostWalk {
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

function fieldDef(parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return isObjectType(parent) ? parent.getFields()[name] : undefined;
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
      total += selectionCost(walk, parent, sel.selectionSet, data, actual);
      continue;
    }
    if (sel.kind === Kind.FRAGMENT_SPREAD) {
      const frag = walk.fragments.get(sel.name.value);
      if (frag) total += selectionCost(walk, parent, frag.selectionSet, data, actual);
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

export interface PreparedQuery {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Record<string, unknown>;
  /** As sent (graphql-js coerces them again when executing). */
  rawVariables: Record<string, unknown>;
  requestedCost: number;
}

export type Prepared = { ok: true; query: PreparedQuery } | { ok: false; errors: GraphQLError[] };

/** Parses, validates, coerces variables and computes the requested cost. */
export function prepare(source: string, variableValues: unknown, operationName: string | null): Prepared {
  let document: DocumentNode;
  try {
    document = parse(source);
  } catch (err) {
    return { ok: false, errors: [err instanceof GraphQLError ? err : new GraphQLError(String(err))] };
  }
  const errors = validate(schema, document);
  if (errors.length > 0) return { ok: false, errors: [...errors] };
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
  const walk: CostWalk = {
    fragments: new Map(
      document.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((f) => [f.name.value, f]),
    ),
    variables: coerced.coerced,
  };
  const root =
    operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType()! : schema.getQueryType()!;
  const requestedCost =
    operation.operation === OperationTypeNode.MUTATION
      ? operation.selectionSet.selections.length * 10 +
        selectionCost(walk, root, operation.selectionSet, undefined, false)
      : selectionCost(walk, root, operation.selectionSet, undefined, false);
  return {
    ok: true,
    query: { document, operation, variables: coerced.coerced, rawVariables, requestedCost },
  };
}

export function actualCost(query: PreparedQuery, data: unknown): number {
  const walk: CostWalk = {
    fragments: new Map(
      query.document.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((f) => [f.name.value, f]),
    ),
    variables: query.variables,
  };
  const mutation = query.operation.operation === OperationTypeNode.MUTATION;
  const root = mutation ? schema.getMutationType()! : schema.getQueryType()!;
  return (
    (mutation ? query.operation.selectionSet.selections.length * 10 : 0) +
    selectionCost(walk, root, query.operation.selectionSet, data, true)
  );
}

// ---------------------------------------------------------------------------------------------
// Resolvers: plain objects whose fields are values or functions (graphql-js's default resolver).

export interface ResolveContext {
  store: Store;
  shop: string;
  /** The demo shop's own base URL (absolute picture URLs). */
  baseUrl: string;
  now: () => Date;
}

function pageInfo<T>(nodes: T[], cursor: (n: T) => string, hasNextPage: boolean, hasPreviousPage: boolean) {
  return {
    hasNextPage,
    hasPreviousPage,
    startCursor: nodes.length ? cursor(nodes[0]!) : null,
    endCursor: nodes.length ? cursor(nodes[nodes.length - 1]!) : null,
  };
}

function connection<T, R>(
  nodes: T[],
  view: (n: T) => R,
  cursor: (n: T) => string,
  hasNext: boolean,
  hasPrev: boolean,
) {
  return {
    nodes: nodes.map(view),
    edges: nodes.map((n) => ({ cursor: cursor(n), node: view(n) })),
    pageInfo: pageInfo(nodes, cursor, hasNext, hasPrev),
  };
}

const offsetCursor = (i: number) => Buffer.from(JSON.stringify({ o: i })).toString('base64url');
function offsetFrom(after: string | null | undefined): number {
  if (!after) return 0;
  try {
    const o = (JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as { o?: unknown }).o;
    return typeof o === 'number' ? o + 1 : 0;
  } catch {
    return 0;
  }
}

function slice<T, R>(items: T[], args: { first?: number | null; after?: string | null }, view: (n: T) => R) {
  const start = offsetFrom(args.after);
  const first = Math.max(0, Math.min(250, args.first ?? 0));
  const page = items.slice(start, start + first).map((item, i) => ({ item, i: start + i }));
  return connection(
    page,
    (x) => view(x.item),
    (x) => offsetCursor(x.i),
    start + first < items.length,
    start > 0,
  );
}

function variantView(ctx: ResolveContext, p: Product, v: Variant) {
  return {
    id: gid('ProductVariant', v.id),
    legacyResourceId: String(v.id),
    title: v.title,
    displayName: `${p.title} - ${v.title}`,
    sku: v.sku || null,
    price: v.price,
    barcode: v.barcode || null,
    inventoryQuantity: v.inventoryQuantity,
    product: () => productView(ctx, p),
  };
}

function imageView(ctx: ResolveContext, p: Product) {
  return p.imagePath
    ? {
        id: gid('ProductImage', p.id),
        url: `${ctx.baseUrl}${p.imagePath}`,
        altText: p.imageAlt,
        width: 500,
        height: 500,
      }
    : null;
}

export function productView(ctx: ResolveContext, p: Product) {
  return {
    id: gid('Product', p.id),
    legacyResourceId: String(p.id),
    title: p.title,
    handle: p.handle,
    descriptionHtml: p.bodyHtml,
    status: p.status,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    totalInventory: p.variants.reduce((s, v) => s + Math.max(0, v.inventoryQuantity), 0),
    featuredImage: () => imageView(ctx, p),
    featuredMedia: () => {
      const image = imageView(ctx, p);
      return image
        ? {
            id: gid('MediaImage', p.id),
            alt: p.imageAlt,
            mediaContentType: 'IMAGE',
            preview: { image },
            image,
          }
        : null;
    },
    variants: (args: { first?: number | null; after?: string | null }) =>
      slice(p.variants, args, (v) => variantView(ctx, p, v)),
  };
}

function draftOrderView(ctx: ResolveContext, d: DraftOrder) {
  const total = d.lineItems.reduce((s, l) => s + Number(l.originalUnitPrice) * l.quantity, 0);
  return {
    id: gid('DraftOrder', d.id),
    legacyResourceId: String(d.id),
    name: d.name,
    status: d.status,
    tags: d.tags,
    note2: d.note,
    email: d.email,
    currencyCode: 'NOK',
    totalPrice: total.toFixed(2),
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    completedAt: d.completedAt,
    order: d.order ? { id: gid('Order', d.order.id), name: d.order.name } : null,
    lineItems: (args: { first?: number | null; after?: string | null }) =>
      slice(d.lineItems, args, (l) => ({
        id: gid('DraftOrderLineItem', l.id),
        title: l.title,
        sku: l.sku,
        quantity: l.quantity,
        originalUnitPrice: l.originalUnitPrice,
        requiresShipping: l.requiresShipping,
        taxable: l.taxable,
        variant: () => {
          if (l.variantId === null) return null;
          const found = ctx.store.variant(l.variantId);
          return found ? variantView(ctx, found.product, found.variant) : null;
        },
      })),
  };
}

interface LineInput {
  variantId?: string | null;
  quantity: number;
  title?: string | null;
  originalUnitPrice?: unknown;
  sku?: string | null;
  requiresShipping?: boolean | null;
  taxable?: boolean | null;
}

type UserError = { field: string[] | null; message: string };

function draftOrderCreate(
  ctx: ResolveContext,
  input: {
    lineItems?: LineInput[] | null;
    tags?: string[] | null;
    note?: string | null;
    email?: string | null;
  },
) {
  const errors: UserError[] = [];
  const lines: Omit<DraftOrderLine, 'id'>[] = [];
  const items = input.lineItems ?? [];
  if (items.length === 0) errors.push({ field: ['lineItems'], message: 'Add at least 1 product' });
  items.forEach((item, i) => {
    const at = (name: string) => ['lineItems', String(i), name];
    if (!Number.isInteger(item.quantity) || item.quantity < 1) {
      errors.push({ field: at('quantity'), message: 'Quantity must be greater than or equal to 1' });
    }
    if (item.variantId) {
      const id = parseGid(item.variantId, 'ProductVariant');
      const found = id === null ? null : ctx.store.variant(id);
      if (!found || found.product.status === 'ARCHIVED') {
        errors.push({
          field: at('variantId'),
          message: `Product with ID ${String(item.variantId)} is no longer available.`,
        });
        return;
      }
      lines.push({
        title: found.product.title,
        sku: found.variant.sku,
        quantity: item.quantity,
        variantId: found.variant.id,
        originalUnitPrice: found.variant.price,
        requiresShipping: true,
        taxable: true,
      });
      return;
    }
    const price = Number(item.originalUnitPrice);
    if (!item.title?.trim()) errors.push({ field: at('title'), message: "Title can't be blank" });
    if (
      item.originalUnitPrice === undefined ||
      item.originalUnitPrice === null ||
      !Number.isFinite(price) ||
      price < 0
    ) {
      errors.push({ field: at('originalUnitPrice'), message: 'Original unit price must be a valid amount' });
    }
    lines.push({
      title: item.title?.trim() ?? '',
      sku: item.sku ?? null,
      quantity: item.quantity,
      variantId: null,
      originalUnitPrice: Number.isFinite(price) ? price.toFixed(2) : '0.00',
      requiresShipping: item.requiresShipping ?? true,
      taxable: item.taxable ?? true,
    });
  });
  if ((input.note ?? '').length > 5000) errors.push({ field: ['note'], message: 'Note is too long' });
  if (errors.length > 0) return { draftOrder: null, userErrors: errors };
  const d = ctx.store.createDraftOrder(
    {
      lineItems: lines,
      tags: (input.tags ?? []).map((t) => t.trim()).filter(Boolean),
      note: input.note ?? null,
      email: input.email ?? null,
    },
    ctx.now(),
  );
  return { draftOrder: draftOrderView(ctx, d), userErrors: [] };
}

function draftOrderComplete(ctx: ResolveContext, id: string, paymentPending: boolean) {
  const n = parseGid(id, 'DraftOrder');
  const d = n === null ? undefined : ctx.store.draftOrders.get(n);
  if (!d) return { draftOrder: null, userErrors: [{ field: ['id'], message: 'Draft order does not exist' }] };
  if (d.status === 'COMPLETED') {
    return {
      draftOrder: draftOrderView(ctx, d),
      userErrors: [{ field: null, message: 'This order has already been completed' }],
    };
  }
  return {
    draftOrder: draftOrderView(ctx, ctx.store.completeDraftOrder(d, paymentPending, ctx.now())),
    userErrors: [],
  };
}

function tagOf(query: string | null | undefined): string | null {
  const m = /tag:(?:'([^']*)'|"([^"]*)"|(\S+))/.exec(query ?? '');
  return m ? (m[1] ?? m[2] ?? m[3] ?? null) : null;
}

export function rootValue(ctx: ResolveContext) {
  return {
    shop: { name: 'Nordic Sanitary (demo)', myshopifyDomain: ctx.shop, currencyCode: 'NOK' },
    products: (args: {
      first?: number | null;
      after?: string | null;
      last?: number | null;
      reverse: boolean;
      sortKey: SortKey;
      query?: string | null;
    }) => {
      if (args.first == null)
        throw new GraphQLError('you must provide one of first or last', {
          extensions: { code: 'BAD_REQUEST' },
        });
      if (args.first > 250 || args.first < 0) {
        throw new GraphQLError('The first argument must be between 0 and 250.', {
          extensions: { code: 'BAD_REQUEST' },
        });
      }
      try {
        const page = ctx.store.page({
          first: args.first,
          after: args.after ?? null,
          reverse: args.reverse,
          sortKey: args.sortKey,
          query: args.query ?? null,
        });
        const cursorOf = (p: Product) => encodeCursorFor(args.sortKey, p);
        return connection(
          page.nodes,
          (p) => productView(ctx, p),
          cursorOf,
          page.hasNextPage,
          page.hasPreviousPage,
        );
      } catch (err) {
        if (err instanceof InvalidCursorError)
          throw new GraphQLError(err.message, { extensions: { code: 'BAD_REQUEST' } });
        throw err;
      }
    },
    product: ({ id }: { id: string }) => {
      const n = parseGid(id, 'Product');
      const p = n === null ? undefined : ctx.store.products.get(n);
      return p ? productView(ctx, p) : null;
    },
    productVariant: ({ id }: { id: string }) => {
      const n = parseGid(id, 'ProductVariant');
      const found = n === null ? null : ctx.store.variant(n);
      return found ? variantView(ctx, found.product, found.variant) : null;
    },
    draftOrders: (args: {
      first?: number | null;
      after?: string | null;
      reverse: boolean;
      query?: string | null;
    }) => {
      const tag = tagOf(args.query);
      let list = [...ctx.store.draftOrders.values()].filter((d) => tag === null || d.tags.includes(tag));
      if (args.reverse) list = list.reverse();
      return slice(list, args, (d) => draftOrderView(ctx, d));
    },
    draftOrder: ({ id }: { id: string }) => {
      const n = parseGid(id, 'DraftOrder');
      const d = n === null ? undefined : ctx.store.draftOrders.get(n);
      return d ? draftOrderView(ctx, d) : null;
    },
    draftOrderCreate: ({ input }: { input: Parameters<typeof draftOrderCreate>[1] }) =>
      draftOrderCreate(ctx, input),
    draftOrderComplete: ({ id, paymentPending }: { id: string; paymentPending?: boolean | null }) =>
      draftOrderComplete(ctx, id, paymentPending ?? false),
  };
}

export async function run(query: PreparedQuery, ctx: ResolveContext): Promise<ExecutionResult> {
  return execute({
    schema,
    document: query.document,
    rootValue: rootValue(ctx),
    variableValues: query.rawVariables,
    operationName: query.operation.name?.value ?? null,
  });
}
