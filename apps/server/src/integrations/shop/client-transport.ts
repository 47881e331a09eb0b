import { errorCode, errorsText, isObject, type GraphqlError } from './client-answers.ts';
import { ShopError } from './errors.ts';
import type { QueryCost } from './types.ts';

/**
 * The shop client's transport: one HTTP exchange with retries on 5xx and refused connections
 * (send), and Admin GraphQL on top (graphql) with the leaky bucket waited for, throttled answers
 * waited out, a refused token renewed once, and a cost refusal handed up as CostExceeded.
 */

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
  onUnauthorized?: (token: string, attempt: 1 | 2, sent: number) => Promise<string | null>;
  /**
   * The shop took the token (an answer that is not 401/403): a refusal noted earlier is over.
   * `sent` numbers the request in the order this client sent it, so an answer to an older request
   * that arrives late cannot undo what a newer one said.
   */
  onAccepted?: (sent: number) => Promise<void>;
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

interface GraphqlBody {
  data?: unknown;
  errors?: GraphqlError[] | string | Record<string, unknown>;
  extensions?: { cost?: QueryCost };
}

/** Thrown inside the client when a query must be split; never reaches callers. */
export class CostExceeded extends Error {
  constructor(
    readonly cost: number,
    readonly maxCost: number,
  ) {
    super(`query cost ${cost} exceeds ${maxCost}`);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const noLog: ShopLog = { warn: () => {}, debug: () => {} };

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export interface Transport {
  /** `opts.baseUrl` without its trailing slash. */
  base: string;
  log: ShopLog;
  send: (
    url: string,
    init: { headers: Record<string, string>; body: string },
    what: string,
  ) => Promise<{ status: number; body: unknown; retryAfter: string | null }>;
  /** `costKey`: the query's shape, for the cost it asked last time (default: the query). */
  graphql: <T>(
    query: string,
    variables?: Record<string, unknown>,
    costKey?: string,
  ) => Promise<{ data: T; cost: QueryCost | null; errors: GraphqlError[] }>;
}

export function createTransport(opts: ShopClientOptions): Transport {
  const log = opts.log ?? noLog;
  const base = opts.baseUrl.replace(/\/$/, '');
  const graphqlUrl = `${base}/admin/api/${opts.apiVersion}/graphql.json`;
  const maxAttempts = opts.maxAttempts ?? 4;
  const maxThrottleWaits = opts.maxThrottleWaits ?? 20;
  const maxWaitMs = opts.maxWaitMs ?? 60_000;
  const backoffMs = opts.backoffMs ?? 250;
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

  /** Admin API requests sent so far (onAccepted / onUnauthorized order their answers by it). */
  let sentCount = 0;

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
      const sent = ++sentCount;
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
        const next = renewed ? null : await opts.onUnauthorized(token, 1, sent);
        if (next && next !== token) {
          token = next;
          renewed = true;
          continue;
        }
        if (renewed) await opts.onUnauthorized(token, 2, sent);
      }
      if (status === 401 || status === 403) {
        throw new ShopError('revoked', 'the shop refused the access token (revoked or invalid)', { status });
      }
      await opts.onAccepted?.(sent);
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

  return { base, log, send, graphql };
}
