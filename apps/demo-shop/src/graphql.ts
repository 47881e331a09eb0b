import {
  defaultFieldResolver,
  execute,
  getArgumentValues,
  getNamedType,
  getVariableValues,
  GraphQLError,
  isCompositeType,
  isInterfaceType,
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
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import {
  ADMIN_API_VERSION,
  ADMIN_SCHEMA_VERSIONS,
  loadAdminSchema,
  type AdminSchema,
  type AdminSchemaVersion,
} from './admin-schema.ts';
import type { Product, Variant } from './catalogue.ts';
import {
  encodeCursor as encodeCursorFor,
  InvalidCursorError,
  type DraftOrder,
  type DraftOrderLine,
  type SortKey,
  type Store,
  type WebhookSubscription,
} from './store.ts';

/**
 * Shopify's published Admin GraphQL schema (admin-schema.ts) executed by graphql-js: real parsing,
 * validation, variables, fragments and aliases; every type, field, argument and enum value as
 * Shopify publishes them. Resolvers exist for what the portal uses (a field without one answers
 * null, or an error where the schema says non-null); Shopify's cost rules and access scopes on
 * top: a field the token's scopes do not reach is null with an ACCESS_DENIED error, data and
 * errors in one answer, as Shopify does.
 */

/** The schema of a requested API version: one of the kept ones, else the pinned one. */
export function schemaOf(version: string | null | undefined): AdminSchema {
  const known = (ADMIN_SCHEMA_VERSIONS as readonly string[]).includes(version ?? '');
  return loadAdminSchema(known ? (version as AdminSchemaVersion) : ADMIN_API_VERSION);
}

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
  const walk: CostWalk = {
    schema,
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
    query: { admin, document, operation, variables: coerced.coerced, rawVariables, requestedCost },
  };
}

export function actualCost(query: PreparedQuery, data: unknown): number {
  const schema = query.admin.schema;
  const walk: CostWalk = {
    schema,
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
// Resolvers: plain objects whose fields are values or functions (graphql-js's default resolver),
// behind the access check.

export interface ResolveContext {
  store: Store;
  shop: string;
  /** The demo shop's own base URL (absolute picture URLs). */
  baseUrl: string;
  now: () => Date;
  /** The scopes of the token the request came with (scopes.ts). */
  scopes: readonly string[];
}

/** The shop's currency: every price of the demo shop is in it. */
export const SHOP_CURRENCY = 'NOK';

/**
 * Shopify's standard payment terms templates (the `paymentTermsTemplates` query answers these on
 * every shop; ids as on a real shop are not guaranteed, so the portal asks for them by type).
 */
export const PAYMENT_TERMS_TEMPLATES = [
  { id: 1, name: 'Due on receipt', type: 'RECEIPT', dueInDays: null, description: 'Due on receipt' },
  { id: 2, name: 'Net 7', type: 'NET', dueInDays: 7, description: 'Within 7 days' },
  { id: 3, name: 'Net 15', type: 'NET', dueInDays: 15, description: 'Within 15 days' },
  { id: 4, name: 'Net 30', type: 'NET', dueInDays: 30, description: 'Within 30 days' },
  { id: 8, name: 'Net 45', type: 'NET', dueInDays: 45, description: 'Within 45 days' },
  { id: 5, name: 'Net 60', type: 'NET', dueInDays: 60, description: 'Within 60 days' },
  { id: 6, name: 'Net 90', type: 'NET', dueInDays: 90, description: 'Within 90 days' },
  { id: 7, name: 'Fixed', type: 'FIXED', dueInDays: null, description: 'Fixed date' },
  {
    id: 9,
    name: 'Due on fulfillment',
    type: 'FULFILLMENT',
    dueInDays: null,
    description: 'Due on fulfillment',
  },
] as const;

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

const badRequest = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_REQUEST' } });

function slice<T, R>(items: T[], args: { first?: number | null; after?: string | null }, view: (n: T) => R) {
  if (args.first == null) throw badRequest('you must provide one of first or last');
  if (args.first > 250 || args.first < 0) throw badRequest('The first argument must be between 0 and 250.');
  const start = offsetFrom(args.after);
  const first = args.first;
  const page = items.slice(start, start + first).map((item, i) => ({ item, i: start + i }));
  return connection(
    page,
    (x) => view(x.item),
    (x) => offsetCursor(x.i),
    start + first < items.length,
    start > 0,
  );
}

const money = (amount: string, currencyCode = SHOP_CURRENCY) => ({ amount, currencyCode });
const moneyBag = (amount: string) => ({ shopMoney: money(amount), presentmentMoney: money(amount) });

function variantView(ctx: ResolveContext, p: Product, v: Variant) {
  return {
    __typename: 'ProductVariant',
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
        id: gid('ImageSource', p.id),
        url: `${ctx.baseUrl}${p.imagePath}`,
        altText: p.imageAlt,
        width: 500,
        height: 500,
      }
    : null;
}

export function productView(ctx: ResolveContext, p: Product) {
  return {
    __typename: 'Product',
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
    variantsCount: { count: p.variants.length, precision: 'EXACT' },
    featuredMedia: () => {
      const image = imageView(ctx, p);
      return image
        ? {
            __typename: 'MediaImage',
            id: gid('MediaImage', p.id),
            alt: p.imageAlt,
            mediaContentType: 'IMAGE',
            status: 'READY',
            mediaErrors: [],
            mediaWarnings: [],
            preview: { image, status: 'READY' },
            image,
          }
        : null;
    },
    variants: (args: { first?: number | null; after?: string | null }) =>
      slice(p.variants, args, (v) => variantView(ctx, p, v)),
  };
}

function draftOrderTotal(d: DraftOrder): string {
  const cents = d.lineItems.reduce(
    (s, l) => s + Math.round(Number(l.originalUnitPrice) * 100) * l.quantity,
    0,
  );
  return (cents / 100).toFixed(2);
}

function draftOrderView(ctx: ResolveContext, d: DraftOrder) {
  const total = draftOrderTotal(d);
  const template = PAYMENT_TERMS_TEMPLATES.find((t) => t.id === d.paymentTermsTemplateId);
  return {
    __typename: 'DraftOrder',
    id: gid('DraftOrder', d.id),
    legacyResourceId: String(d.id),
    name: d.name,
    status: d.status,
    tags: d.tags,
    note2: d.note,
    email: d.email,
    currencyCode: SHOP_CURRENCY,
    presentmentCurrencyCode: SHOP_CURRENCY,
    totalPrice: total,
    totalPriceSet: moneyBag(total),
    subtotalPriceSet: moneyBag(total),
    invoiceUrl: `https://${ctx.shop}/${d.id}/invoices/${d.invoiceToken}`,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    completedAt: d.completedAt,
    ready: true,
    paymentTerms: template
      ? {
          id: gid('PaymentTerms', d.id),
          paymentTermsName: template.name,
          paymentTermsType: template.type,
          translatedName: template.name,
          dueInDays: template.dueInDays,
          due: false,
          overdue: false,
        }
      : null,
    // Needs read_orders (the access check answers ACCESS_DENIED without it).
    order: d.order
      ? {
          __typename: 'Order',
          id: gid('Order', d.order.id),
          legacyResourceId: String(d.order.id),
          name: d.order.name,
        }
      : null,
    lineItems: (args: { first?: number | null; after?: string | null }) =>
      slice(d.lineItems, args, (l) => ({
        id: gid('DraftOrderLineItem', l.id),
        name: l.title,
        title: l.title,
        sku: l.sku,
        quantity: l.quantity,
        custom: l.variantId === null,
        originalUnitPriceSet: moneyBag(l.originalUnitPrice),
        originalUnitPriceWithCurrency: money(l.originalUnitPrice),
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

interface MoneyInput {
  amount: unknown;
  currencyCode: string;
}

interface LineInput {
  variantId?: string | null;
  quantity: number;
  title?: string | null;
  /** Deprecated (no currency); still accepted, as Shopify does. */
  originalUnitPrice?: unknown;
  originalUnitPriceWithCurrency?: MoneyInput | null;
  priceOverride?: MoneyInput | null;
  sku?: string | null;
  requiresShipping?: boolean | null;
  taxable?: boolean | null;
}

type UserError = { field: string[] | null; message: string };

/** A decimal amount in the shop's currency, or a user error. */
function amountOf(value: MoneyInput | null | undefined, field: string[], errors: UserError[]): string | null {
  if (!value) return null;
  const amount = Number(value.amount);
  if (value.currencyCode !== SHOP_CURRENCY) {
    errors.push({
      field,
      message: `Currency ${value.currencyCode} is not the shop's currency (${SHOP_CURRENCY})`,
    });
    return null;
  }
  if (!Number.isFinite(amount) || amount < 0) {
    errors.push({ field, message: 'Price must be a valid amount' });
    return null;
  }
  return amount.toFixed(2);
}

function draftOrderCreate(
  ctx: ResolveContext,
  input: {
    lineItems?: LineInput[] | null;
    tags?: string[] | null;
    note?: string | null;
    email?: string | null;
    paymentTerms?: { paymentTermsTemplateId?: string | null } | null;
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
      const override = amountOf(item.priceOverride, at('priceOverride'), errors);
      lines.push({
        title: found.product.title,
        sku: found.variant.sku,
        quantity: item.quantity,
        variantId: found.variant.id,
        originalUnitPrice: override ?? found.variant.price,
        requiresShipping: true,
        taxable: true,
      });
      return;
    }
    if (!item.title?.trim()) errors.push({ field: at('title'), message: "Title can't be blank" });
    let price: string | null = null;
    if (item.originalUnitPriceWithCurrency) {
      price = amountOf(item.originalUnitPriceWithCurrency, at('originalUnitPriceWithCurrency'), errors);
    } else if (item.originalUnitPrice !== undefined && item.originalUnitPrice !== null) {
      const n = Number(item.originalUnitPrice);
      if (Number.isFinite(n) && n >= 0) price = n.toFixed(2);
      else
        errors.push({
          field: at('originalUnitPrice'),
          message: 'Original unit price must be a valid amount',
        });
    } else {
      errors.push({ field: at('originalUnitPriceWithCurrency'), message: 'Custom line items need a price' });
    }
    lines.push({
      title: item.title?.trim() ?? '',
      sku: item.sku ?? null,
      quantity: item.quantity,
      variantId: null,
      originalUnitPrice: price ?? '0.00',
      requiresShipping: item.requiresShipping ?? true,
      taxable: item.taxable ?? true,
    });
  });
  let paymentTermsTemplateId: number | null = null;
  if (input.paymentTerms) {
    const id = parseGid(input.paymentTerms.paymentTermsTemplateId, 'PaymentTermsTemplate');
    if (id === null || !PAYMENT_TERMS_TEMPLATES.some((t) => t.id === id)) {
      errors.push({
        field: ['paymentTerms', 'paymentTermsTemplateId'],
        message: 'Payment terms template not found',
      });
    } else {
      paymentTermsTemplateId = id;
    }
  }
  if ((input.note ?? '').length > 5000) errors.push({ field: ['note'], message: 'Note is too long' });
  if (errors.length > 0) return { draftOrder: null, userErrors: errors };
  const d = ctx.store.createDraftOrder(
    {
      lineItems: lines,
      tags: (input.tags ?? []).map((t) => t.trim()).filter(Boolean),
      note: input.note ?? null,
      email: input.email ?? null,
      paymentTermsTemplateId,
    },
    ctx.now(),
  );
  return { draftOrder: draftOrderView(ctx, d), userErrors: [] };
}

function draftOrderComplete(ctx: ResolveContext, id: string, paymentPending: boolean | null) {
  const n = parseGid(id, 'DraftOrder');
  const d = n === null ? undefined : ctx.store.draftOrders.get(n);
  if (!d) return { draftOrder: null, userErrors: [{ field: ['id'], message: 'Draft order does not exist' }] };
  if (d.status === 'COMPLETED') {
    return {
      draftOrder: draftOrderView(ctx, d),
      userErrors: [{ field: null, message: 'This order has already been completed' }],
    };
  }
  // Payment terms leave the payment pending; so does the deprecated argument.
  const pending = paymentPending === true || d.paymentTermsTemplateId !== null;
  return {
    draftOrder: draftOrderView(ctx, ctx.store.completeDraftOrder(d, pending, ctx.now())),
    userErrors: [],
  };
}

function tagOf(query: string | null | undefined): string | null {
  const m = /tag:(?:'([^']*)'|"([^"]*)"|(\S+))/.exec(query ?? '');
  return m ? (m[1] ?? m[2] ?? m[3] ?? null) : null;
}

/** `WebhookSubscriptionTopic` ↔ the topic as deliveries name it (`PRODUCTS_CREATE` ↔ `products/create`). */
export const topicName = (topic: string) => topic.toLowerCase().replace(/_([a-z]+)$/, '/$1');

function webhookSubscriptionView(s: WebhookSubscription) {
  return {
    __typename: 'WebhookSubscription',
    id: gid('WebhookSubscription', s.id),
    legacyResourceId: String(s.id),
    topic: s.topic,
    uri: s.uri,
    callbackUrl: s.uri,
    format: s.format,
    filter: s.filter,
    includeFields: s.includeFields,
    metafieldNamespaces: [],
    metafields: [],
    name: null,
    apiVersion: { handle: s.apiVersion, displayName: s.apiVersion, supported: true },
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** Topics and the scope a subscription to them needs (Shopify refuses a topic the app cannot read). */
const TOPIC_SCOPES: Record<string, string | null> = {
  PRODUCTS_CREATE: 'read_products',
  PRODUCTS_UPDATE: 'read_products',
  PRODUCTS_DELETE: 'read_products',
  DRAFT_ORDERS_CREATE: 'read_draft_orders',
  DRAFT_ORDERS_UPDATE: 'read_draft_orders',
  DRAFT_ORDERS_DELETE: 'read_draft_orders',
  APP_UNINSTALLED: null,
  APP_SCOPES_UPDATE: null,
};

function webhookSubscriptionCreate(
  ctx: ResolveContext,
  apiVersion: string,
  topic: string,
  input: {
    uri?: string | null;
    callbackUrl?: string | null;
    format?: string | null;
    filter?: string | null;
    includeFields?: string[] | null;
  },
) {
  const uri = input.uri ?? input.callbackUrl ?? '';
  const errors: UserError[] = [];
  if (!/^https?:\/\/[^\s]+$/.test(uri)) {
    errors.push({ field: ['webhookSubscription', 'callbackUrl'], message: 'Address is invalid' });
  }
  if (!(topic in TOPIC_SCOPES)) {
    errors.push({ field: ['topic'], message: `The demo shop does not deliver ${topic}` });
  } else {
    const scope = TOPIC_SCOPES[topic];
    if (scope && !ctx.scopes.some((s) => s === scope || s === scope.replace(/^read_/, 'write_'))) {
      errors.push({ field: ['topic'], message: `Access denied for topic ${topic}: ${scope} is required` });
    }
  }
  if (ctx.store.webhookSubscriptions().some((s) => s.topic === topic && s.uri === uri)) {
    errors.push({ field: ['address'], message: 'Address for this topic has already been taken' });
  }
  if (errors.length > 0) return { webhookSubscription: null, userErrors: errors };
  const s = ctx.store.addWebhookSubscription(
    {
      topic,
      uri,
      format: input.format ?? 'JSON',
      filter: input.filter ?? null,
      includeFields: input.includeFields ?? [],
      apiVersion,
    },
    ctx.now(),
  );
  return { webhookSubscription: webhookSubscriptionView(s), userErrors: [] };
}

export function rootValue(ctx: ResolveContext, apiVersion: string) {
  return {
    shop: {
      __typename: 'Shop',
      id: gid('Shop', 68_000_001),
      name: 'Nordic Sanitary (demo)',
      myshopifyDomain: ctx.shop,
      currencyCode: SHOP_CURRENCY,
    },
    currentAppInstallation: {
      __typename: 'AppInstallation',
      id: gid('AppInstallation', 70_000_001),
      accessScopes: ctx.scopes.map((handle) => ({ handle, description: handle })),
    },
    products: (args: {
      first?: number | null;
      after?: string | null;
      last?: number | null;
      reverse?: boolean | null;
      sortKey?: SortKey | null;
      query?: string | null;
    }) => {
      if (args.first == null) throw badRequest('you must provide one of first or last');
      if (args.first > 250 || args.first < 0)
        throw badRequest('The first argument must be between 0 and 250.');
      const sortKey: SortKey = args.sortKey ?? 'ID';
      try {
        const page = ctx.store.page({
          first: args.first,
          after: args.after ?? null,
          reverse: args.reverse ?? false,
          sortKey,
          query: args.query ?? null,
        });
        const cursorOf = (p: Product) => encodeCursorFor(sortKey, p);
        return connection(
          page.nodes,
          (p) => productView(ctx, p),
          cursorOf,
          page.hasNextPage,
          page.hasPreviousPage,
        );
      } catch (err) {
        if (err instanceof InvalidCursorError) throw badRequest(err.message);
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
      reverse?: boolean | null;
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
    paymentTermsTemplates: ({ paymentTermsType }: { paymentTermsType?: string | null }) =>
      PAYMENT_TERMS_TEMPLATES.filter((t) => !paymentTermsType || t.type === paymentTermsType).map((t) => ({
        __typename: 'PaymentTermsTemplate',
        id: gid('PaymentTermsTemplate', t.id),
        name: t.name,
        translatedName: t.name,
        description: t.description,
        dueInDays: t.dueInDays,
        paymentTermsType: t.type,
      })),
    webhookSubscriptions: (args: {
      first?: number | null;
      after?: string | null;
      topics?: string[] | null;
    }) =>
      slice(
        ctx.store.webhookSubscriptions().filter((s) => !args.topics?.length || args.topics.includes(s.topic)),
        args,
        webhookSubscriptionView,
      ),
    draftOrderCreate: ({ input }: { input: Parameters<typeof draftOrderCreate>[1] }) =>
      draftOrderCreate(ctx, input),
    draftOrderComplete: ({ id, paymentPending }: { id: string; paymentPending?: boolean | null }) =>
      draftOrderComplete(ctx, id, paymentPending ?? null),
    webhookSubscriptionCreate: (args: {
      topic: string;
      webhookSubscription: Parameters<typeof webhookSubscriptionCreate>[3];
    }) => webhookSubscriptionCreate(ctx, apiVersion, args.topic, args.webhookSubscription),
    webhookSubscriptionDelete: ({ id }: { id: string }) => {
      const n = parseGid(id, 'WebhookSubscription');
      const removed = n !== null && ctx.store.deleteWebhookSubscription(n);
      return removed
        ? { deletedWebhookSubscriptionId: id, userErrors: [] }
        : {
            deletedWebhookSubscriptionId: null,
            userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
          };
    },
  };
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
