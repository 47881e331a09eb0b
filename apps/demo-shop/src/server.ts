import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { LeakyBucket, type ThrottleStatus } from './bucket.ts';
import type { Product, ProductStatus } from './catalogue.ts';
import { actualCost, prepare, run, schemaOf } from './graphql.ts';
import { gid } from './graphql-views.ts';
import { splitScopes, type ScopesOf } from './scopes.ts';
import { productSvg } from './images.ts';
import { authorizePage, escapeHtml } from './oauth-page.ts';
import { createTokenStore } from './tokens.ts';
import { Store, type DraftOrder, type WebhookSubscription } from './store.ts';
import { associatedUser, findUser, SHOP_USERS, type ShopUser } from './users.ts';
import { createWebhookSender, productPayload, type Delivery } from './webhooks.ts';

export type { Product, ProductStatus, Variant } from './catalogue.ts';
export type { DraftOrder, DraftOrderLine, WebhookSubscription } from './store.ts';
export type { ScopesOf } from './scopes.ts';
export type { ShopUser } from './users.ts';
export type { Delivery, Topic } from './webhooks.ts';
export { isValidEan13 } from './catalogue.ts';
export { productSvg } from './images.ts';
export { SHOP_USERS } from './users.ts';
export { createTokenStore, type TokenInfo, type TokenStore } from './tokens.ts';

export interface DemoShopOptions {
  /** 0 (default) takes a free port. */
  port?: number;
  host?: string;
  /** The shop's host, e.g. nordic-sanitary-demo.myshopify.com. */
  shop: string;
  /** The app's client id (session-token `aud`, OAuth `client_id`). */
  apiKey: string;
  /** The app's client secret: OAuth HMAC, webhook HMAC, session-token signature. */
  apiSecret: string;
  /**
   * A static offline Admin API token that never expires (what an admin-made custom app showed
   * once); unset → the app gets its tokens from the token endpoint (OAuth, token exchange,
   * client credentials), as every new app must.
   */
  adminToken?: string;
  /** Life of expiring offline tokens in seconds (`expiring=1`; default 3600, Shopify's). */
  offlineTokenSeconds?: number;
  /** The scopes the static admin token carries, comma-separated (default: what SCOPES grants). */
  adminScope?: string;
  /** Where webhooks go: `${appUrl}/api/shopify/webhooks`; unset → none are sent (set later by control.setAppUrl). */
  appUrl?: string;
  /** Catalogue size (default 320). */
  products?: number;
  /** Catalogue seed (default 13). */
  seed?: number;
  /** The newest product's updatedAt (default now). */
  now?: Date;
  /** The Admin API version answered in webhook headers (default 2026-10). */
  apiVersion?: string;
  /** Leaky bucket (default Shopify standard: 1000 points, 50 a second). */
  bucket?: { maximumAvailable?: number; restoreRate?: number };
  /** Single query max cost (default 1000). */
  singleQueryMax?: number;
  /**
   * Base of picture URLs (`${imageBaseUrl}/images/…`) when someone else serves them with
   * `productSvg` (the portal does, at /demo-shop/images, same origin); default the shop's own URL.
   */
  imageBaseUrl?: string;
}

export interface Faults {
  /** The next N Admin API and token requests answer 503. */
  unavailable: number;
  /** The next N GraphQL requests answer HTTP 429 with Retry-After: 1. */
  throttle429: number;
  /** The next N GraphQL queries answer MAX_COST_EXCEEDED whatever they cost. */
  maxCostExceeded: number;
  /** Every Admin API token is refused (401), as after the app was uninstalled. */
  revoked: boolean;
  /** Every shop answer (GraphQL, token endpoint) waits this long first. */
  delayMs: number;
}

export interface FaultsInput extends Partial<Faults> {
  /** Empties the leaky bucket now: the next query is THROTTLED (HTTP 200). */
  throttle?: boolean;
}

export interface RequestLogEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
  status: number;
  /** GraphQL only. */
  operationName?: string | null;
  variables?: Record<string, unknown>;
  requestedCost?: number;
  actualCost?: number | null;
  /** THROTTLED, MAX_COST_EXCEEDED, UNAVAILABLE, UNAUTHORIZED… */
  code?: string;
}

export interface DemoShopControl {
  products(): Product[];
  product(id: number): Product | undefined;
  addProduct(input?: {
    kind?: string;
    title?: string;
    status?: ProductStatus;
    vendor?: string;
    tags?: string[];
    price?: string;
    /** At least this many variants (the sync pages more than 100). */
    variantCount?: number;
  }): Promise<{ product: Product; delivery: Delivery }>;
  updateProduct(
    id: number,
    changes: {
      title?: string;
      status?: ProductStatus;
      vendor?: string;
      tags?: string[];
      productType?: string;
      price?: string;
      inventoryQuantity?: number;
    },
  ): Promise<{ product: Product; delivery: Delivery } | null>;
  deleteProduct(id: number): Promise<Delivery | null>;
  /** Changes products without sending webhooks (what the incremental sync must pick up). */
  touchProducts(ids: number[]): Product[];
  /** The last delivery again, unchanged (same ids and signature). */
  replayLastWebhook(): Promise<Delivery | null>;
  /** A products/update for the product carrying an updated_at older than its current one. */
  sendStaleWebhook(id: number): Promise<Delivery | null>;
  webhooks(): Delivery[];
  setAppUrl(url: string | null): void;
  /** See DemoShopOptions.imageBaseUrl; null → the shop's own URL. */
  setImageBaseUrl(url: string | null): void;
  setFaults(input: FaultsInput): Faults;
  clearFaults(): void;
  faults(): Faults;
  throttleStatus(): ThrottleStatus;
  setBucket(b: { maximumAvailable?: number; restoreRate?: number }): void;
  requests(): RequestLogEntry[];
  clearRequests(): void;
  draftOrders(): DraftOrder[];
  /** Subscriptions made through the Admin API (webhookSubscriptionCreate). */
  webhookSubscriptions(): WebhookSubscription[];
  users: ShopUser[];
  /** An App Bridge session token (HS256 with the api secret, one minute). Default user: the first. */
  mintSessionToken(by?: { sub?: string; email?: string }): Promise<string>;
  /** Issued access tokens (OAuth code, token exchange, refresh, client credentials), for tests. */
  issuedTokens(): {
    token: string;
    kind: 'online' | 'offline' | 'client_credentials';
    online: boolean;
    scopes: string[];
    userId: number | null;
    expiresAt: number | null;
  }[];
  /** Every access token expires now (refresh tokens still work): the next Admin API call is 401. */
  expireTokens(): number;
  /** Every access and refresh token is forgotten (the app was uninstalled); new grants still work. */
  revokeTokens(): number;
  /** The life of offline tokens issued from now on (seconds). */
  setOfflineTokenSeconds(seconds: number): void;
  /** Refresh grants answered so far. */
  refreshGrants(): number;
  /** The scopes and expiry of a valid access token, null for an unknown or expired one. */
  lookupToken(token: string): { scopes: string[]; expiresAt: number | null } | null;
}

export interface DemoShop {
  /** Base URL, e.g. http://127.0.0.1:45678 (what SHOPIFY_API_BASE would be). */
  url: string;
  shop: string;
  close(): Promise<void>;
  control: DemoShopControl;
}

const SCOPES = 'read_products,write_draft_orders,read_draft_orders';
const noFaults = (): Faults => ({
  unavailable: 0,
  throttle429: 0,
  maxCostExceeded: 0,
  revoked: false,
  delayMs: 0,
});

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Shopify's OAuth redirect HMAC: the parameters without hmac/signature, sorted, k=v joined by &. */
export function oauthHmac(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startDemoShop(opts: DemoShopOptions): Promise<DemoShop> {
  const apiVersion = opts.apiVersion ?? '2026-10';
  const store = new Store({
    count: opts.products ?? 320,
    seed: opts.seed ?? 13,
    now: opts.now ?? new Date(),
  });
  const bucket = new LeakyBucket(opts.bucket?.maximumAvailable ?? 1000, opts.bucket?.restoreRate ?? 50);
  const singleQueryMax = opts.singleQueryMax ?? 1000;
  let faults = noFaults();
  let appUrl = opts.appUrl ?? null;
  const log: RequestLogEntry[] = [];
  let seq = 0;
  // Access tokens: the configured static one (if any) plus those issued by the token endpoint.
  const tokens = createTokenStore({
    ...(opts.offlineTokenSeconds ? { offlineTokenSeconds: opts.offlineTokenSeconds } : {}),
  });
  if (opts.adminToken) tokens.setStatic(opts.adminToken, splitScopes(opts.adminScope ?? SCOPES));
  // The Admin API executor learns a token's scopes only through this (scopes.ts); the store
  // forgets an expired token, which is a 401 like an unknown one.
  const scopesOf: ScopesOf = (token) => {
    const known = tokens.lookup(token);
    return known ? { scopes: known.scopes } : null;
  };
  const codes = new Map<string, { userId: number; online: boolean; expiresAt: number; scope: string }>();
  let baseUrl = '';
  // Where picture URLs point: the shop itself unless the app serves them (same origin, stable).
  let imageBase = opts.imageBaseUrl?.replace(/\/$/, '') ?? null;
  const images = () => imageBase ?? baseUrl;

  const webhooks = createWebhookSender({
    shop: opts.shop,
    apiVersion,
    secret: () => opts.apiSecret,
    appUrl: () => appUrl,
  });

  const app: FastifyInstance = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  function record(req: FastifyRequest, status: number, extra: Partial<RequestLogEntry> = {}) {
    seq += 1;
    log.push({
      seq,
      at: new Date().toISOString(),
      method: req.method,
      path: req.url.split('?')[0]!,
      status,
      ...extra,
    });
    if (log.length > 50_000) log.splice(0, log.length - 50_000);
  }

  const costExtension = (requested: number, actual: number | null) => ({
    cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: bucket.status() },
  });

  // ------------------------------------------------------------------ Admin GraphQL
  app.post('/admin/api/:version/graphql.json', async (req, reply) => {
    if (faults.delayMs > 0) await sleep(faults.delayMs);
    const { version } = req.params as { version: string };
    const body = (req.body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
    const operationName = typeof body.operationName === 'string' ? body.operationName : null;
    const base = {
      operationName,
      variables: (body.variables ?? undefined) as Record<string, unknown> | undefined,
    };
    if (faults.unavailable > 0) {
      faults.unavailable -= 1;
      record(req, 503, { ...base, code: 'UNAVAILABLE' });
      return reply
        .code(503)
        .type('text/html')
        .send('<!DOCTYPE html><title>Service Unavailable</title><h1>Service Unavailable</h1>');
    }
    const token = req.headers['x-shopify-access-token'];
    const access = typeof token === 'string' ? scopesOf(token) : null;
    if (faults.revoked || access === null || access === 'expired') {
      record(req, 401, { ...base, code: 'UNAUTHORIZED' });
      return reply
        .code(401)
        .send({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    }
    if (!/^\d{4}-(01|04|07|10)$/.test(version) && version !== 'unstable') {
      record(req, 404, { ...base, code: 'NOT_FOUND' });
      return reply.code(404).send({ errors: 'Not Found' });
    }
    if (faults.throttle429 > 0) {
      faults.throttle429 -= 1;
      record(req, 429, { ...base, code: 'THROTTLED' });
      return reply
        .code(429)
        .header('retry-after', '1')
        .send({ errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] });
    }
    if (typeof body.query !== 'string') {
      record(req, 400, { ...base, code: 'BAD_REQUEST' });
      return reply.code(400).send({ errors: { query: 'Required parameter missing or invalid' } });
    }
    const prepared = prepare(body.query, body.variables, operationName, version);
    if (!prepared.ok) {
      record(req, 200, { ...base, code: 'GRAPHQL_VALIDATION_FAILED' });
      return { errors: prepared.errors.map((e) => e.toJSON()) };
    }
    const { requestedCost } = prepared.query;
    const opName = prepared.query.operation.name?.value ?? operationName;
    const entry = { operationName: opName, variables: base.variables, requestedCost };
    if (requestedCost > singleQueryMax || faults.maxCostExceeded > 0) {
      if (faults.maxCostExceeded > 0) faults.maxCostExceeded -= 1;
      record(req, 200, { ...entry, actualCost: null, code: 'MAX_COST_EXCEEDED' });
      return {
        errors: [
          {
            message: `Query cost is ${requestedCost}, which exceeds the single query max cost limit (${singleQueryMax}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost: requestedCost, maxCost: singleQueryMax },
          },
        ],
        extensions: costExtension(requestedCost, null),
      };
    }
    if (!bucket.take(requestedCost)) {
      record(req, 200, { ...entry, actualCost: null, code: 'THROTTLED' });
      return {
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: costExtension(requestedCost, null),
      };
    }
    const result = await run(prepared.query, {
      store,
      shop: opts.shop,
      baseUrl: images(),
      now: () => new Date(),
      scopes: access.scopes,
    });
    const actual = actualCost(prepared.query, result.data);
    bucket.refund(Math.max(0, requestedCost - actual));
    record(req, 200, { ...entry, actualCost: actual, ...(result.errors?.length ? { code: 'ERRORS' } : {}) });
    return {
      ...(result.errors?.length ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
      data: result.data ?? null,
      extensions: costExtension(requestedCost, actual),
    };
  });

  // ------------------------------------------------------------------ Pictures
  app.get('/images/:kind/:colour/:file', async (req, reply) => {
    const { kind, colour } = req.params as { kind: string; colour: string };
    const svg = productSvg(kind, colour);
    if (!svg) return reply.code(404).send({ errors: 'Not Found' });
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(svg);
  });

  // ------------------------------------------------------------------ OAuth
  app.get('/admin/oauth/authorize', async (req, reply) => {
    const q = req.query as Record<string, string | string[] | undefined>;
    const one = (k: string) => (typeof q[k] === 'string' ? q[k] : '');
    const grant = q['grant_options[]'];
    const perUser = grant === 'per-user' || (Array.isArray(grant) && grant.includes('per-user'));
    const problem =
      one('client_id') !== opts.apiKey
        ? 'This app is not known to the shop (client_id).'
        : !/^https?:\/\/[^\s]+$/.test(one('redirect_uri'))
          ? 'The redirect_uri is missing or not a web address.'
          : !one('state')
            ? 'The state parameter is missing.'
            : null;
    record(req, problem ? 400 : 200);
    return reply
      .code(problem ? 400 : 200)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action *")
      .send(
        authorizePage({
          shop: opts.shop,
          problem,
          scope: one('scope') || SCOPES,
          clientId: one('client_id'),
          redirectUri: one('redirect_uri'),
          state: one('state'),
          perUser,
          users: SHOP_USERS,
        }),
      );
  });

  app.post('/admin/oauth/authorize', async (req, reply) => {
    const f = (req.body ?? {}) as Record<string, string>;
    if (f.client_id !== opts.apiKey || !/^https?:\/\/[^\s]+$/.test(f.redirect_uri ?? '') || !f.state) {
      record(req, 400);
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send('<!DOCTYPE html><title>Bad request</title><p>Bad request</p>');
    }
    const target = new URL(f.redirect_uri!);
    if (f.decision !== 'approve') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('state', f.state);
      record(req, 302);
      return reply.redirect(target.toString(), 302);
    }
    const user = SHOP_USERS.find((u) => String(u.id) === f.user) ?? SHOP_USERS[0]!;
    const code = randomBytes(16).toString('hex');
    codes.set(code, {
      userId: user.id,
      online: f.per_user === 'true',
      expiresAt: Date.now() + 10 * 60_000,
      scope: f.scope || SCOPES,
    });
    const params: Record<string, string> = {
      code,
      host: Buffer.from(`${opts.shop}/admin`).toString('base64').replace(/=+$/, ''),
      shop: opts.shop,
      state: f.state,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    params.hmac = oauthHmac(params, opts.apiSecret);
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    record(req, 302);
    return reply.redirect(target.toString(), 302);
  });

  /**
   * An access token answer: online (per-user) with the user, or offline; offline with
   * `expiring` has expires_in, refresh_token and refresh_token_expires_in (Shopify's fields).
   */
  function tokenAnswer(online: boolean, user: ShopUser | undefined, scope: string, expiring: boolean) {
    const scopes = scope.split(',').filter(Boolean);
    if (!online || !user) return tokens.issueOffline(scopes, expiring);
    const { token: access_token, expiresIn } = tokens.issueOnline(scopes, user.id);
    return {
      access_token,
      scope,
      expires_in: expiresIn,
      associated_user_scope: scope,
      session: randomBytes(16).toString('hex'),
      account_number: 1,
      associated_user: associatedUser(user),
    };
  }

  const oauthError = (
    reply: FastifyReply,
    req: FastifyRequest,
    status: number,
    error: string,
    description: string,
  ) => {
    record(req, status, { code: error });
    return reply.code(status).send({ error, error_description: description });
  };

  app.post('/admin/oauth/access_token', async (req, reply) => {
    if (faults.delayMs > 0) await sleep(faults.delayMs);
    if (faults.unavailable > 0) {
      faults.unavailable -= 1;
      record(req, 503, { code: 'UNAVAILABLE' });
      return reply
        .code(503)
        .type('text/html')
        .send('<!DOCTYPE html><title>Service Unavailable</title><h1>Service Unavailable</h1>');
    }
    const b = (req.body ?? {}) as Record<string, unknown>;
    const str = (k: string) => (typeof b[k] === 'string' ? b[k] : '');
    if (!safeEqual(str('client_id'), opts.apiKey) || !safeEqual(str('client_secret'), opts.apiSecret)) {
      return oauthError(reply, req, 401, 'invalid_client', 'Client credentials are invalid');
    }
    // `expiring=1` (a string in JSON or a form, as Shopify's library sends it) asks for an expiring offline token.
    const expiring = b.expiring === '1' || b.expiring === 1 || b.expiring === true;
    if (
      faults.revoked &&
      (str('grant_type') === 'refresh_token' || str('grant_type') === 'client_credentials')
    ) {
      return oauthError(reply, req, 400, 'invalid_grant', 'The app is not installed on this shop');
    }
    if (str('grant_type') === 'refresh_token') {
      const answer = tokens.refresh(str('refresh_token'));
      if (!answer) {
        return oauthError(reply, req, 400, 'invalid_grant', 'The refresh token is invalid, expired or used');
      }
      record(req, 200, { code: 'REFRESHED' });
      return answer;
    }
    if (str('grant_type') === 'client_credentials') {
      record(req, 200, { code: 'CLIENT_CREDENTIALS' });
      return tokens.issueClientCredentials(SCOPES.split(','));
    }
    if (str('grant_type') === 'urn:ietf:params:oauth:grant-type:token-exchange') {
      if (str('subject_token_type') !== 'urn:ietf:params:oauth:token-type:id_token') {
        return oauthError(reply, req, 400, 'invalid_request', 'subject_token_type must be an id_token');
      }
      let sub: string;
      try {
        const { payload } = await jwtVerify(str('subject_token'), new TextEncoder().encode(opts.apiSecret), {
          algorithms: ['HS256'],
          audience: opts.apiKey,
          clockTolerance: 10,
        });
        if (payload.dest !== `https://${opts.shop}` || typeof payload.sub !== 'string')
          throw new Error('dest');
        sub = payload.sub;
      } catch {
        return oauthError(
          reply,
          req,
          400,
          'invalid_subject_token',
          'The subject token is invalid or expired',
        );
      }
      const user = findUser({ sub });
      if (!user) return oauthError(reply, req, 400, 'invalid_subject_token', 'Unknown user');
      const online =
        str('requested_token_type') !== 'urn:shopify:params:oauth:token-type:offline-access-token';
      record(req, 200);
      return tokenAnswer(online, user, SCOPES, expiring);
    }
    const code = str('code');
    const grant = codes.get(code);
    codes.delete(code); // single use, even when expired
    if (!grant || grant.expiresAt < Date.now()) {
      return oauthError(
        reply,
        req,
        400,
        'invalid_request',
        'The authorization code was not found or was already used',
      );
    }
    record(req, 200);
    return tokenAnswer(grant.online, findUser({ sub: String(grant.userId) }), grant.scope, expiring);
  });

  // ------------------------------------------------------------------ Control
  async function mintSessionToken(by: { sub?: string; email?: string } = {}): Promise<string> {
    const user = findUser(by);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ dest: `https://${opts.shop}`, sid: randomBytes(16).toString('hex') })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(`https://${opts.shop}/admin`)
      .setAudience(opts.apiKey)
      .setSubject(user ? String(user.id) : (by.sub ?? '1'))
      .setExpirationTime(now + 60)
      .setNotBefore(now)
      .setIssuedAt(now)
      .setJti(randomUUID())
      .sign(new TextEncoder().encode(opts.apiSecret));
  }

  const send = (topic: 'products/create' | 'products/update', p: Product) =>
    webhooks.send(topic, productPayload(p, images()), new Date());

  const control: DemoShopControl = {
    products: () => [...store.products.values()],
    product: (id) => store.products.get(id),
    async addProduct(input = {}) {
      const product = store.addProduct(input, new Date());
      return { product, delivery: await send('products/create', product) };
    },
    async updateProduct(id, changes) {
      const product = store.updateProduct(id, changes, new Date());
      return product ? { product, delivery: await send('products/update', product) } : null;
    },
    async deleteProduct(id) {
      const p = store.deleteProduct(id);
      return p ? webhooks.send('products/delete', { id: p.id }, new Date()) : null;
    },
    touchProducts: (ids) => ids.flatMap((id) => store.updateProduct(id, {}, new Date()) ?? []),
    async replayLastWebhook() {
      const last = webhooks.deliveries[webhooks.deliveries.length - 1];
      return last ? webhooks.resend(last) : null;
    },
    async sendStaleWebhook(id) {
      const p = store.products.get(id);
      if (!p) return null;
      const older = new Date(Date.parse(p.updatedAt) - 3_600_000).toISOString();
      const payload = { ...productPayload(p, images()), updated_at: older, title: `${p.title} (stale)` };
      return webhooks.send('products/update', payload, new Date(Date.parse(older)));
    },
    webhooks: () => [...webhooks.deliveries],
    setAppUrl(url) {
      appUrl = url;
    },
    setImageBaseUrl(url) {
      imageBase = url?.replace(/\/$/, '') ?? null;
    },
    setFaults(input) {
      const { throttle, ...rest } = input;
      if (throttle) bucket.drain();
      faults = { ...faults, ...rest };
      return { ...faults };
    },
    clearFaults() {
      faults = noFaults();
    },
    faults: () => ({ ...faults }),
    throttleStatus: () => bucket.status(),
    setBucket(b) {
      if (b.maximumAvailable !== undefined) bucket.maximumAvailable = b.maximumAvailable;
      if (b.restoreRate !== undefined) bucket.restoreRate = b.restoreRate;
    },
    requests: () => [...log],
    clearRequests() {
      log.length = 0;
    },
    draftOrders: () => [...store.draftOrders.values()],
    webhookSubscriptions: () => store.webhookSubscriptions(),
    users: SHOP_USERS,
    mintSessionToken,
    issuedTokens: () =>
      tokens
        .issued()
        .flatMap(({ token, kind, scopes, userId, expiresAt }) =>
          kind === 'static' ? [] : [{ token, kind, online: kind === 'online', scopes, userId, expiresAt }],
        ),
    expireTokens: () => tokens.expireAll(),
    revokeTokens: () => tokens.revokeAll(),
    setOfflineTokenSeconds: (seconds) => tokens.setOfflineTokenSeconds(seconds),
    refreshGrants: () => tokens.refreshGrants(),
    lookupToken: (token) => tokens.lookup(token),
  };

  const productJson = (p: Product) => ({
    ...p,
    gid: gid('Product', p.id),
    imageUrl: p.imagePath ? `${images()}${p.imagePath}` : null,
  });
  const idParam = (req: FastifyRequest) =>
    Number((req.params as { id: string }).id.replace(/^gid:\/\/shopify\/Product\//, ''));

  await app.register(
    async (c) => {
      c.get('/products', async (req) => {
        const q = req.query as { limit?: string };
        const limit = Math.max(1, Math.min(Number(q.limit ?? 50) || 50, 100_000));
        return { count: store.products.size, products: control.products().slice(0, limit).map(productJson) };
      });
      c.post('/products', async (req, reply) => {
        const r = await control.addProduct(req.body ?? {});
        return reply.code(201).send({ product: productJson(r.product), delivery: r.delivery });
      });
      c.patch('/products/:id', async (req, reply) => {
        const r = await control.updateProduct(idParam(req), req.body ?? {});
        return r
          ? { product: productJson(r.product), delivery: r.delivery }
          : reply.code(404).send({ error: 'no such product' });
      });
      c.delete('/products/:id', async (req, reply) => {
        const d = await control.deleteProduct(idParam(req));
        return d ? { delivery: d } : reply.code(404).send({ error: 'no such product' });
      });
      c.post('/products/touch', async (req) => {
        const { ids } = (req.body ?? {}) as { ids?: number[] };
        return { products: control.touchProducts(ids ?? []).map(productJson) };
      });
      c.get('/webhooks', async () => ({ deliveries: control.webhooks() }));
      c.get('/webhook-subscriptions', async () => ({ subscriptions: control.webhookSubscriptions() }));
      c.post('/webhooks/replay', async (_req, reply) => {
        const d = await control.replayLastWebhook();
        return d ? { delivery: d } : reply.code(404).send({ error: 'nothing sent yet' });
      });
      c.post('/webhooks/stale', async (req, reply) => {
        const { id } = (req.body ?? {}) as { id?: number | string };
        const d = await control.sendStaleWebhook(
          Number(String(id ?? '').replace(/^gid:\/\/shopify\/Product\//, '')),
        );
        return d ? { delivery: d } : reply.code(404).send({ error: 'no such product' });
      });
      c.put('/app-url', async (req) => {
        const { appUrl: url } = (req.body ?? {}) as { appUrl?: string | null };
        control.setAppUrl(url ?? null);
        return { appUrl };
      });
      c.get('/faults', async () => ({ faults: control.faults(), throttleStatus: control.throttleStatus() }));
      c.post('/faults', async (req) => ({ faults: control.setFaults((req.body ?? {}) as FaultsInput) }));
      c.delete('/faults', async () => {
        control.clearFaults();
        return { faults: control.faults() };
      });
      c.put('/bucket', async (req) => {
        control.setBucket(req.body ?? {});
        return { throttleStatus: control.throttleStatus() };
      });
      c.get('/requests', async () => ({ requests: control.requests() }));
      c.delete('/requests', async () => {
        control.clearRequests();
        return { requests: [] };
      });
      c.get('/draft-orders', async () => ({
        draftOrders: control.draftOrders().map((d) => ({ ...d, gid: gid('DraftOrder', d.id) })),
      }));
      c.get('/users', async () => ({ users: SHOP_USERS.map(associatedUser) }));
      // Tokens: what was issued, and faults on them (expire all now, revoke all).
      c.get('/tokens', async () => ({
        tokens: control
          .issuedTokens()
          .map(({ token, ...rest }) => ({ token: `${token.slice(0, 10)}…`, ...rest })),
        refreshGrants: control.refreshGrants(),
        offlineTokenSeconds: tokens.offlineTokenSeconds(),
      }));
      c.post('/tokens/expire', async () => ({ expired: control.expireTokens() }));
      c.post('/tokens/revoke', async () => ({ revoked: control.revokeTokens() }));
      c.put('/tokens/life', async (req, reply) => {
        const { offlineTokenSeconds } = (req.body ?? {}) as { offlineTokenSeconds?: unknown };
        if (
          typeof offlineTokenSeconds !== 'number' ||
          !Number.isInteger(offlineTokenSeconds) ||
          offlineTokenSeconds < 1
        ) {
          return reply.code(400).send({ error: 'offlineTokenSeconds must be a whole number of seconds ≥ 1' });
        }
        control.setOfflineTokenSeconds(offlineTokenSeconds);
        return { offlineTokenSeconds };
      });
      c.get('/session-token', async (req) => {
        const q = req.query as { sub?: string; email?: string };
        return {
          token: await mintSessionToken({
            ...(q.sub ? { sub: q.sub } : {}),
            ...(q.email ? { email: q.email } : {}),
          }),
        };
      });
    },
    { prefix: '/_control' },
  );

  app.get('/', async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(opts.shop)} (demo shop)</title></head><body><main><h1>${escapeHtml(opts.shop)}</h1><p>Demo shop with ${store.products.size} products. Admin API: <code>POST /admin/api/${apiVersion}/graphql.json</code>.</p></main></body></html>`,
      ),
  );

  // Shopify's schema (seconds to build) before the first request, which has a client's timeout.
  schemaOf(apiVersion);
  const address = await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  baseUrl = address.replace('[::1]', '127.0.0.1');
  return {
    url: baseUrl,
    shop: opts.shop,
    control,
    close: () => app.close(),
  };
}
