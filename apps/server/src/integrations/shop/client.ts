import {
  errorCode,
  errorsText,
  isObject,
  toDraftOrder,
  toProduct,
  toUserErrors,
  toVariant,
  toWebhookSubscription,
  variantsAfter,
  type GraphqlError,
} from './client-answers.ts';
import { createTokenGrants, type ShopTokenGrants } from './client-token-grants.ts';
import { CostExceeded, createTransport, type ShopClientOptions } from './client-transport.ts';
import { ShopError } from './errors.ts';
import {
  DRAFT_ORDER_COMPLETE,
  DRAFT_ORDER_CREATE,
  DRAFT_ORDER_QUERY,
  DRAFT_ORDERS_BY_QUERY,
  PAYMENT_TERMS_TEMPLATES_QUERY,
  PRODUCT_VARIANTS_QUERY,
  PRODUCTS_QUERY,
  WEBHOOK_SUBSCRIPTION_CREATE,
  WEBHOOK_SUBSCRIPTIONS_QUERY,
} from './queries.ts';
import type {
  DraftOrderInput,
  ProductsArgs,
  QueryCost,
  ShopDraftOrder,
  ShopPage,
  ShopProduct,
  ShopVariant,
  ShopWebhookSubscription,
} from './types.ts';

export { ShopError } from './errors.ts';
export type { ShopErrorKind, ShopUserError } from './errors.ts';
export type * from './types.ts';

export interface ShopClient extends ShopTokenGrants {
  readonly shop: string;
  readonly apiVersion: string;
  /** One page of products sorted by updatedAt (oldest first). */
  products(args?: ProductsArgs): Promise<ShopPage<ShopProduct>>;
  /**
   * Creates a draft order (with "Due on receipt" payment terms when `paymentPending`); userErrors
   * → ShopError 'user_errors'. An answer with the draft order AND errors (a field the app may not
   * read) is the draft order: the shop made it.
   */
  draftOrderCreate(input: DraftOrderInput): Promise<ShopDraftOrder>;
  /** Completes a draft order into an order (payment pending when the draft has payment terms). */
  draftOrderComplete(id: string): Promise<ShopDraftOrder>;
  /** The draft order by id, or null when the shop has none. */
  findDraftOrder(id: string): Promise<ShopDraftOrder | null>;
  /** The newest draft order carrying the tag, or null (look before retrying a create). */
  findDraftOrderByTag(tag: string): Promise<ShopDraftOrder | null>;
  /** Every webhook subscription the app has (of the given topics, or all). */
  webhookSubscriptions(topics?: string[]): Promise<ShopWebhookSubscription[]>;
  /** Subscribes a topic (WebhookSubscriptionTopic, e.g. PRODUCTS_UPDATE) to an https address. */
  webhookSubscriptionCreate(topic: string, uri: string): Promise<ShopWebhookSubscription>;
  /**
   * Any Admin GraphQL document, with the same throttle, retry and error handling. An answer
   * without data throws; one with data and errors returns both (`errors` non-empty): the caller
   * decides what a partial answer means.
   */
  graphql<T>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data: T; cost: QueryCost | null; errors: GraphqlError[] }>;
}

/** `updated_at:>'2026-01-01T00:00:00Z'`: Shopify's search syntax, the value quoted. */
export function updatedAfterQuery(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new ShopError('bad_response', `not a time: ${iso}`);
  return `updated_at:>'${at.toISOString()}'`;
}

/**
 * The shop's Admin API client: the documents' operations (products with their variants, draft
 * orders, webhook subscriptions) over the transport (client-transport.ts: throttle, retries,
 * token renewal), the answers read by client-answers.ts, and the token endpoint's grants
 * (client-token-grants.ts).
 */
export function createShopClient(opts: ShopClientOptions): ShopClient {
  const transport = createTransport(opts);
  const { log } = transport;
  const graphql = transport.graphql;
  // The page size that last fitted under the single-query cost limit.
  let productsFirst = 250;

  async function products(args: ProductsArgs = {}): Promise<ShopPage<ShopProduct>> {
    let first = Math.max(1, Math.min(250, args.first ?? 250, productsFirst));
    const variables = {
      after: args.after ?? null,
      query: args.updatedAfter ? updatedAfterQuery(args.updatedAfter) : null,
    };
    for (;;) {
      try {
        const { data, errors } = await graphql<{
          products?: { nodes?: unknown[]; pageInfo?: Record<string, unknown> };
        }>(PRODUCTS_QUERY, { first, ...variables }, `products:${first}`);
        // A page with holes is not a page: the sync must not take a missing field for an empty one.
        if (errors.length > 0) {
          throw new ShopError('bad_response', `the products answer has errors: ${errorsText(errors)}`, {
            ...errorCode(errors),
          });
        }
        const conn = data.products;
        if (!conn || !Array.isArray(conn.nodes) || !isObject(conn.pageInfo)) {
          throw new ShopError('bad_response', 'the products answer has no nodes or pageInfo');
        }
        const nodes = conn.nodes.map(toProduct);
        // More than 100 variants: the rest, page by page.
        for (const [i, raw] of conn.nodes.entries()) {
          const after = variantsAfter(raw);
          if (after) nodes[i]!.variants.push(...(await moreVariants(nodes[i]!.id, after)));
        }
        return {
          nodes,
          pageInfo: {
            hasNextPage: conn.pageInfo.hasNextPage === true,
            endCursor: typeof conn.pageInfo.endCursor === 'string' ? conn.pageInfo.endCursor : null,
          },
        };
      } catch (err) {
        if (!(err instanceof CostExceeded)) throw err;
        if (first <= 1)
          throw new ShopError('bad_response', 'one product alone exceeds the query cost limit', {
            code: 'MAX_COST_EXCEEDED',
          });
        // The cost grows with `first`: scale down to fit, and at least halve.
        const scaled = err.cost > 0 ? Math.floor((first * err.maxCost) / err.cost) : first;
        const smaller = Math.max(1, Math.min(Math.floor(first / 2), scaled));
        log.debug(
          { from: first, to: smaller, cost: err.cost, maxCost: err.maxCost },
          'shop: query too costly, splitting',
        );
        first = smaller;
        productsFirst = smaller;
      }
    }
  }

  async function moreVariants(productId: string, after: string): Promise<ShopVariant[]> {
    const variants: ShopVariant[] = [];
    for (let cursor: string | null = after; cursor;) {
      const answer: { data: { product?: { variants?: unknown } | null }; errors: GraphqlError[] } =
        await single(PRODUCT_VARIANTS_QUERY, { id: productId, first: 250, after: cursor });
      const { data, errors } = answer;
      const conn: unknown = data.product?.variants;
      if (errors.length > 0 || !isObject(conn) || !Array.isArray(conn.nodes) || !isObject(conn.pageInfo)) {
        throw new ShopError('bad_response', `the variants of ${productId} could not be read`, {
          ...errorCode(errors),
        });
      }
      variants.push(...conn.nodes.filter(isObject).map(toVariant));
      cursor =
        conn.pageInfo.hasNextPage === true && typeof conn.pageInfo.endCursor === 'string'
          ? conn.pageInfo.endCursor
          : null;
    }
    return variants;
  }

  /** One document that is never split (mutations, lookups): a cost refusal is a bad answer. */
  async function single<T>(document: string, variables: Record<string, unknown>) {
    try {
      return await graphql<T>(document, variables);
    } catch (err) {
      if (err instanceof CostExceeded)
        throw new ShopError('bad_response', 'the document exceeds the query cost limit');
      throw err;
    }
  }

  /** A mutation's payload: userErrors refuse; otherwise the payload's object, even next to errors. */
  async function mutate<R>(
    document: string,
    field: string,
    variables: Record<string, unknown>,
    result: string,
    read: (v: unknown) => R,
  ): Promise<R> {
    const { data, errors } = await single<Record<string, unknown>>(document, variables);
    const payload = data[field];
    if (!isObject(payload)) {
      throw new ShopError(
        'bad_response',
        `${field} answered no payload${errors.length ? `: ${errorsText(errors)}` : ''}`,
        { ...errorCode(errors) },
      );
    }
    const userErrors = toUserErrors(payload.userErrors);
    if (userErrors.length > 0) {
      throw new ShopError('user_errors', `${field}: ${userErrors.map((e) => e.message).join('; ')}`, {
        userErrors,
      });
    }
    // The shop did it; errors beside it name fields that came back null (logged by graphql()).
    if (!isObject(payload[result])) {
      throw new ShopError(
        'bad_response',
        `${field} answered no ${result}${errors.length ? `: ${errorsText(errors)}` : ''}`,
        { ...errorCode(errors) },
      );
    }
    return read(payload[result]);
  }

  // "Due on receipt": the payment terms that leave a completed draft's payment pending.
  let receiptTerms: Promise<string> | null = null;
  function receiptTermsId(): Promise<string> {
    receiptTerms ??= (async () => {
      const { data } = await single<{ paymentTermsTemplates?: unknown[] }>(PAYMENT_TERMS_TEMPLATES_QUERY, {
        type: 'RECEIPT',
      });
      const found = (data.paymentTermsTemplates ?? []).find(
        (t) => isObject(t) && t.paymentTermsType === 'RECEIPT' && typeof t.id === 'string',
      );
      if (!isObject(found) || typeof found.id !== 'string')
        throw new ShopError('bad_response', 'the shop has no "Due on receipt" payment terms');
      return found.id;
    })();
    // A failure is not remembered: the next order asks again.
    receiptTerms.catch(() => {
      receiptTerms = null;
    });
    return receiptTerms;
  }

  async function draftOrderCreate(input: DraftOrderInput): Promise<ShopDraftOrder> {
    const lineItems = input.lineItems.map((line) =>
      'variantId' in line
        ? { variantId: line.variantId, quantity: line.quantity }
        : {
            title: line.title,
            originalUnitPriceWithCurrency: line.unitPrice,
            quantity: line.quantity,
            ...(line.sku != null ? { sku: line.sku } : {}),
            ...(line.requiresShipping !== undefined ? { requiresShipping: line.requiresShipping } : {}),
            ...(line.taxable !== undefined ? { taxable: line.taxable } : {}),
          },
    );
    const paymentTerms = input.paymentPending ? { paymentTermsTemplateId: await receiptTermsId() } : null;
    return mutate(
      DRAFT_ORDER_CREATE,
      'draftOrderCreate',
      {
        input: {
          lineItems,
          ...(input.tags ? { tags: input.tags } : {}),
          ...(input.note != null ? { note: input.note } : {}),
          ...(input.email != null ? { email: input.email } : {}),
          ...(paymentTerms ? { paymentTerms } : {}),
        },
      },
      'draftOrder',
      toDraftOrder,
    );
  }

  return {
    shop: opts.shop,
    apiVersion: opts.apiVersion,
    products,
    graphql: (query, variables) => graphql(query, variables),
    draftOrderCreate,
    draftOrderComplete: (id) =>
      mutate(DRAFT_ORDER_COMPLETE, 'draftOrderComplete', { id }, 'draftOrder', toDraftOrder),
    async findDraftOrder(id) {
      const { data, errors } = await single<{ draftOrder?: unknown }>(DRAFT_ORDER_QUERY, { id });
      if (isObject(data.draftOrder)) return toDraftOrder(data.draftOrder);
      if (errors.length > 0) {
        throw new ShopError('bad_response', `the draft order could not be read: ${errorsText(errors)}`, {
          ...errorCode(errors),
        });
      }
      return null;
    },
    async findDraftOrderByTag(tag) {
      const quoted = `tag:"${tag.replace(/["\\]/g, '')}"`;
      const { data, errors } = await single<{ draftOrders?: { nodes?: unknown[] } | null }>(
        DRAFT_ORDERS_BY_QUERY,
        { query: quoted },
      );
      if (!isObject(data.draftOrders) || !Array.isArray(data.draftOrders.nodes)) {
        throw new ShopError('bad_response', `the draft orders could not be read: ${errorsText(errors)}`, {
          ...errorCode(errors),
        });
      }
      const nodes = data.draftOrders.nodes
        .filter(isObject)
        .map(toDraftOrder)
        .filter((d) => d.tags.includes(tag));
      return nodes[0] ?? null;
    },
    async webhookSubscriptions(topics) {
      const all: ShopWebhookSubscription[] = [];
      for (let after: string | null = null; ;) {
        const answer: { data: { webhookSubscriptions?: unknown }; errors: GraphqlError[] } = await single(
          WEBHOOK_SUBSCRIPTIONS_QUERY,
          { first: 100, after, ...(topics?.length ? { topics } : {}) },
        );
        const { data, errors } = answer;
        const conn: unknown = data.webhookSubscriptions;
        if (errors.length > 0 || !isObject(conn) || !Array.isArray(conn.nodes) || !isObject(conn.pageInfo)) {
          throw new ShopError('bad_response', 'the webhook subscriptions could not be read', {
            ...errorCode(errors),
          });
        }
        all.push(...conn.nodes.map(toWebhookSubscription));
        if (conn.pageInfo.hasNextPage !== true || typeof conn.pageInfo.endCursor !== 'string') return all;
        after = conn.pageInfo.endCursor;
      }
    },
    webhookSubscriptionCreate: (topic, uri) =>
      mutate(
        WEBHOOK_SUBSCRIPTION_CREATE,
        'webhookSubscriptionCreate',
        { topic, webhookSubscription: { uri, format: 'JSON' } },
        'webhookSubscription',
        toWebhookSubscription,
      ),
    ...createTokenGrants(opts, transport),
  };
}
