import { ShopError, type ShopUserError } from './errors.ts';
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
  ShopAccessToken,
  ShopDraftOrder,
  ShopPage,
  ShopProduct,
  ShopVariant,
  ShopWebhookSubscription,
} from './types.ts';

export { ShopError } from './errors.ts';
export type { ShopErrorKind, ShopUserError } from './errors.ts';
export type * from './types.ts';

/** Where log lines go (a pino/Fastify logger fits). */
export interface ShopLog {
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

export interface ShopClientOptions {
  /** `https://{shop}` in production; the demo shop's `http://127.0.0.1:PORT` otherwise. */
  baseUrl: string;
  shop: string;
  /** YYYY-MM. */
  apiVersion: string;
  /**
   * The offline Admin API token (`X-Shopify-Access-Token`), or a function answering the current
   * one (integrations/shop/tokens.ts renews it before it expires).
   */
  accessToken: string | (() => Promise<string>);
  /**
   * The shop answered 401 to `token`. `attempt` 1: answer a renewed token to retry the request
   * once with, or null to give up; attempt 2 (the renewed token was refused too) is only told.
   */
  onUnauthorized?: (token: string, attempt: 1 | 2) => Promise<string | null>;
  /** The shop took the token (an answer that is not 401/403): a refusal noted earlier is over. */
  onAccepted?: () => Promise<void>;
  /** Per HTTP attempt. */
  timeoutMs: number;
  /** Client id and secret: only the OAuth token endpoint needs them (exchangeCode, exchangeSessionToken). */
  apiKey?: string;
  apiSecret?: string;
  log?: ShopLog;
  /** Attempts per request for 5xx answers and refused connections (default 4). */
  maxAttempts?: number;
  /** Throttled answers waited for before giving up (default 20). */
  maxThrottleWaits?: number;
  /** Longest single wait for the rate limit; longer → ShopError 'throttled' (default 60 s). */
  maxWaitMs?: number;
  /** First backoff after a 5xx (default 250 ms; doubled each attempt, with full jitter). */
  backoffMs?: number;
}

export interface ShopClient {
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
  /** OAuth: the authorization code → an access token (online for per-user grants). */
  exchangeCode(code: string): Promise<ShopAccessToken>;
  /**
   * Token exchange: an App Bridge session token → an online access token (with the user), or with
   * `online: false` an offline one (`expiring`: the expiring kind, with a refresh token).
   */
  exchangeSessionToken(
    sessionToken: string,
    opts?: { online?: boolean; expiring?: boolean },
  ): Promise<ShopAccessToken>;
  /** grant_type=refresh_token: a new offline token and refresh token (the old refresh token is spent). */
  refreshAccessToken(refreshToken: string): Promise<ShopAccessToken>;
  /** grant_type=client_credentials: a 24-hour offline token for the organisation's own store. */
  clientCredentialsToken(): Promise<ShopAccessToken>;
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

export interface GraphqlError {
  message?: string;
  path?: (string | number)[];
  extensions?: { code?: string; cost?: number; maxCost?: number; requiredAccess?: string };
}

interface GraphqlBody {
  data?: unknown;
  errors?: GraphqlError[] | string | Record<string, unknown>;
  extensions?: { cost?: QueryCost };
}

/** Thrown inside the client when a query must be split; never reaches callers. */
class CostExceeded extends Error {
  constructor(
    readonly cost: number,
    readonly maxCost: number,
  ) {
    super(`query cost ${cost} exceeds ${maxCost}`);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const noLog: ShopLog = { warn: () => {}, debug: () => {} };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** `updated_at:>'2026-01-01T00:00:00Z'`: Shopify's search syntax, the value quoted. */
export function updatedAfterQuery(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new ShopError('bad_response', `not a time: ${iso}`);
  return `updated_at:>'${at.toISOString()}'`;
}

const text = (v: unknown, fallback = ''): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback;

/** A numeric id as text; a JSON number past 2^53 has already lost digits, so only text is trusted. */
const idText = (v: unknown): string | null => (typeof v === 'string' && /^\d+$/.test(v) ? v : null);

function toVariant(v: Record<string, unknown>): ShopVariant {
  return {
    id: text(v.id),
    legacyResourceId: idText(v.legacyResourceId),
    sku: typeof v.sku === 'string' && v.sku !== '' ? v.sku : null,
    price: text(v.price, '0.00'),
    barcode: typeof v.barcode === 'string' && v.barcode !== '' ? v.barcode : null,
    inventoryQuantity: typeof v.inventoryQuantity === 'number' ? v.inventoryQuantity : null,
  };
}

/** The first error's code, for ShopError. */
function errorCode(errors: GraphqlError[]): { code?: string } {
  const code = errors.find((e) => e.extensions?.code)?.extensions?.code;
  return code ? { code } : {};
}

function errorsText(errors: GraphqlError[]): string {
  return errors.map((e) => `${e.message ?? 'error'}${e.path ? ` (at ${e.path.join('.')})` : ''}`).join('; ');
}

function toProduct(node: unknown): ShopProduct {
  if (!isObject(node) || typeof node.id !== 'string' || typeof node.updatedAt !== 'string') {
    throw new ShopError('bad_response', 'a product without id or updatedAt');
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const image = (() => {
    const media = node.featuredMedia;
    const img = isObject(media) && isObject(media.preview) ? media.preview.image : null;
    return isObject(img) && typeof img.url === 'string'
      ? { url: img.url, altText: typeof img.altText === 'string' ? img.altText : null }
      : null;
  })();
  const variantNodes =
    isObject(node.variants) && Array.isArray(node.variants.nodes) ? node.variants.nodes : [];
  return {
    id: node.id,
    legacyResourceId: idText(node.legacyResourceId),
    title: str(node.title),
    handle: str(node.handle),
    // Kept as it came: a status a newer API version adds is still a status (the portal shows it).
    status: typeof node.status === 'string' && node.status !== '' ? node.status : 'UNKNOWN',
    vendor: str(node.vendor),
    productType: str(node.productType),
    tags: Array.isArray(node.tags) ? node.tags.filter((t): t is string => typeof t === 'string') : [],
    updatedAt: node.updatedAt,
    image,
    variants: variantNodes.filter(isObject).map(toVariant),
  };
}

/** The products answer's variants page info of one product node (more than 100 variants). */
function variantsAfter(node: unknown): string | null {
  if (!isObject(node) || !isObject(node.variants) || !isObject(node.variants.pageInfo)) return null;
  const info = node.variants.pageInfo;
  return info.hasNextPage === true && typeof info.endCursor === 'string' ? info.endCursor : null;
}

function toDraftOrder(d: unknown): ShopDraftOrder {
  if (!isObject(d) || typeof d.id !== 'string')
    throw new ShopError('bad_response', 'a draft order without id');
  const money =
    isObject(d.totalPriceSet) && isObject(d.totalPriceSet.shopMoney) ? d.totalPriceSet.shopMoney : {};
  return {
    id: d.id,
    name: text(d.name),
    status: typeof d.status === 'string' && d.status !== '' ? d.status : 'OPEN',
    tags: Array.isArray(d.tags) ? d.tags.filter((t): t is string => typeof t === 'string') : [],
    totalPrice: text(money.amount, '0.00'),
    currencyCode: text(money.currencyCode),
    invoiceUrl: typeof d.invoiceUrl === 'string' ? d.invoiceUrl : null,
    createdAt: text(d.createdAt),
    completedAt: typeof d.completedAt === 'string' ? d.completedAt : null,
  };
}

function toWebhookSubscription(w: unknown): ShopWebhookSubscription {
  if (!isObject(w) || typeof w.id !== 'string' || typeof w.topic !== 'string')
    throw new ShopError('bad_response', 'a webhook subscription without id or topic');
  return {
    id: w.id,
    topic: w.topic,
    uri: text(w.uri),
    format: text(w.format, 'JSON'),
    createdAt: text(w.createdAt),
    updatedAt: text(w.updatedAt),
  };
}

function toUserErrors(v: unknown): ShopUserError[] {
  return Array.isArray(v)
    ? v.filter(isObject).map((e) => ({
        field: Array.isArray(e.field) ? e.field.map(String) : null,
        message: text(e.message),
      }))
    : [];
}

function toAccessToken(body: unknown): ShopAccessToken {
  if (!isObject(body) || typeof body.access_token !== 'string') {
    throw new ShopError('bad_response', 'the token endpoint answered without access_token');
  }
  const u = body.associated_user;
  return {
    accessToken: body.access_token,
    scopes:
      typeof body.scope === 'string'
        ? body.scope
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    expiresIn: typeof body.expires_in === 'number' ? body.expires_in : null,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    refreshTokenExpiresIn:
      typeof body.refresh_token_expires_in === 'number' ? body.refresh_token_expires_in : null,
    associatedUser:
      isObject(u) && (typeof u.id === 'number' || typeof u.id === 'string') && typeof u.email === 'string'
        ? {
            id: String(u.id),
            email: u.email,
            emailVerified: u.email_verified === true,
            firstName: typeof u.first_name === 'string' ? u.first_name : null,
            lastName: typeof u.last_name === 'string' ? u.last_name : null,
          }
        : null,
  };
}

export function createShopClient(opts: ShopClientOptions): ShopClient {
  const log = opts.log ?? noLog;
  const base = opts.baseUrl.replace(/\/$/, '');
  const graphqlUrl = `${base}/admin/api/${opts.apiVersion}/graphql.json`;
  const maxAttempts = opts.maxAttempts ?? 4;
  const maxThrottleWaits = opts.maxThrottleWaits ?? 20;
  const maxWaitMs = opts.maxWaitMs ?? 60_000;
  const backoffMs = opts.backoffMs ?? 250;
  // The page size that last fitted under the single-query cost limit.
  let productsFirst = 250;
  // The bucket as last reported, and what each query shape asked for: waiting before sending
  // beats being told to wait.
  let bucket: { status: QueryCost['throttleStatus']; at: number } | null = null;
  const lastCost = new Map<string, number>();
  const currentToken = async () =>
    typeof opts.accessToken === 'string' ? opts.accessToken : opts.accessToken();

  async function waitForBucket(key: string): Promise<void> {
    const need = lastCost.get(key);
    if (need === undefined || !bucket) return;
    const { maximumAvailable, currentlyAvailable, restoreRate } = bucket.status;
    if (need > maximumAvailable || restoreRate <= 0) return;
    const now = currentlyAvailable + ((Date.now() - bucket.at) / 1000) * restoreRate;
    if (now >= need) return;
    const ms = Math.ceil(((need - now) / restoreRate) * 1000);
    log.debug({ waitMs: ms, need, available: Math.floor(now) }, 'shop: waiting for the rate limit');
    await sleep(Math.min(ms, maxWaitMs));
  }

  /** One HTTP exchange with retries on 5xx and refused connections; returns the parsed answer. */
  async function send(
    url: string,
    init: { headers: Record<string, string>; body: string },
    what: string,
  ): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { accept: 'application/json', ...init.headers },
          body: init.body,
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
      } catch (err) {
        const name = err instanceof Error ? err.name : '';
        if (name === 'TimeoutError' || name === 'AbortError') {
          throw new ShopError('timeout', `the shop did not answer ${what} within ${opts.timeoutMs} ms`, {
            cause: err,
          });
        }
        if (attempt >= maxAttempts) {
          throw new ShopError('unavailable', `the shop could not be reached (${what})`, { cause: err });
        }
        await backoff(attempt, what, null);
        continue;
      }
      let text: string;
      try {
        text = await res.text();
      } catch (err) {
        const name = err instanceof Error ? err.name : '';
        throw new ShopError(
          name === 'TimeoutError' ? 'timeout' : 'unavailable',
          `reading the answer to ${what} failed`,
          {
            cause: err,
          },
        );
      }
      if (res.status >= 500 || res.status === 423) {
        if (attempt >= maxAttempts) {
          throw new ShopError('unavailable', `the shop answered ${res.status} to ${what} ${attempt} times`, {
            status: res.status,
          });
        }
        await backoff(attempt, what, res.status);
        continue;
      }
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        if (res.ok)
          throw new ShopError('bad_response', `the shop's answer to ${what} is not JSON`, {
            status: res.status,
          });
      }
      return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
    }
  }

  async function backoff(attempt: number, what: string, status: number | null) {
    // Full jitter: anywhere between 0 and the doubled step.
    const ms = Math.round(Math.random() * backoffMs * 2 ** (attempt - 1));
    log.warn({ status, attempt, waitMs: ms }, `shop: ${what} failed, retrying`);
    await sleep(ms);
  }

  async function graphql<T>(
    query: string,
    variables: Record<string, unknown> = {},
    costKey = query,
  ): Promise<{ data: T; cost: QueryCost | null; errors: GraphqlError[] }> {
    let token = await currentToken();
    let renewed = false;
    for (let waits = 0; ;) {
      await waitForBucket(costKey);
      const { status, body, retryAfter } = await send(
        graphqlUrl,
        {
          headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
          body: JSON.stringify({ query, variables }),
        },
        'an Admin API query',
      );
      // 401: an expired or revoked token; renewed once, then the shop refuses us.
      if (status === 401 && opts.onUnauthorized) {
        const next = renewed ? null : await opts.onUnauthorized(token, 1);
        if (next && next !== token) {
          token = next;
          renewed = true;
          continue;
        }
        if (renewed) await opts.onUnauthorized(token, 2);
      }
      if (status === 401 || status === 403) {
        throw new ShopError('revoked', 'the shop refused the access token (revoked or invalid)', { status });
      }
      await opts.onAccepted?.();
      const answer = (isObject(body) ? body : {}) as GraphqlBody;
      const cost = answer.extensions?.cost ?? null;
      if (cost?.throttleStatus) {
        bucket = { status: cost.throttleStatus, at: Date.now() };
        if (typeof cost.requestedQueryCost === 'number') lastCost.set(costKey, cost.requestedQueryCost);
      }
      const errors = Array.isArray(answer.errors) ? answer.errors : [];
      const throttled = status === 429 || errors.some((e) => e.extensions?.code === 'THROTTLED');
      if (throttled) {
        waits += 1;
        if (waits > maxThrottleWaits)
          throw new ShopError('throttled', 'the shop kept throttling', { status, code: 'THROTTLED' });
        let ms = retryAfterMs(retryAfter);
        if (ms === null && cost) {
          const { currentlyAvailable, restoreRate } = cost.throttleStatus;
          ms = restoreRate > 0 ? ((cost.requestedQueryCost - currentlyAvailable) / restoreRate) * 1000 : null;
        }
        ms = Math.max(100, Math.ceil(ms ?? 1000)) + Math.round(Math.random() * 100);
        if (ms > maxWaitMs)
          throw new ShopError('throttled', `the shop asks to wait ${ms} ms`, { status, code: 'THROTTLED' });
        log.debug({ waitMs: ms, status }, 'shop: throttled, waiting');
        await sleep(ms);
        continue;
      }
      const costError = errors.find((e) => e.extensions?.code === 'MAX_COST_EXCEEDED');
      if (costError) {
        throw new CostExceeded(
          Number(costError.extensions?.cost ?? cost?.requestedQueryCost ?? 0),
          Number(costError.extensions?.maxCost ?? cost?.throttleStatus.maximumAvailable ?? 1000),
        );
      }
      if (status >= 400) {
        const message = typeof answer.errors === 'string' ? answer.errors : `HTTP ${status}`;
        throw new ShopError('bad_response', `the shop refused the query: ${message}`, { status });
      }
      if (!isObject(answer.data)) {
        throw new ShopError(
          'bad_response',
          `the shop answered with errors: ${errors.length ? errorsText(errors) : 'no data'}`,
          { status, ...errorCode(errors) },
        );
      }
      // Data AND errors: some fields came back null (ACCESS_DENIED, a resolver's failure). The
      // caller decides; the log says which.
      if (errors.length > 0) log.warn({ errors: errorsText(errors) }, 'shop: an answer with data and errors');
      return { data: answer.data as T, cost, errors };
    }
  }

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

  async function tokenRequest(body: Record<string, string>, what: string): Promise<ShopAccessToken> {
    if (!opts.apiKey || !opts.apiSecret)
      throw new Error('createShopClient: apiKey and apiSecret are needed for the token endpoint');
    const { status, body: answer } = await send(
      `${base}/admin/oauth/access_token`,
      {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: opts.apiKey, client_secret: opts.apiSecret, ...body }),
      },
      what,
    );
    if (status >= 400) {
      const code = isObject(answer) && typeof answer.error === 'string' ? answer.error : undefined;
      throw new ShopError('bad_response', `the shop refused ${what}${code ? `: ${code}` : ''}`, {
        status,
        ...(code ? { code } : {}),
      });
    }
    return toAccessToken(answer);
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
    exchangeCode: (code) => tokenRequest({ code }, 'the authorization code'),
    exchangeSessionToken: (sessionToken, o = {}) =>
      tokenRequest(
        {
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          subject_token: sessionToken,
          subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
          requested_token_type:
            o.online === false
              ? 'urn:shopify:params:oauth:token-type:offline-access-token'
              : 'urn:shopify:params:oauth:token-type:online-access-token',
          // As @shopify/shopify-api sends it: '1' asks for an expiring offline token.
          ...(o.online === false ? { expiring: o.expiring === false ? '0' : '1' } : {}),
        },
        'the session token exchange',
      ),
    refreshAccessToken: (refreshToken) =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'the token refresh'),
    clientCredentialsToken: () =>
      tokenRequest({ grant_type: 'client_credentials' }, 'the client-credentials grant'),
  };
}
