import Fastify, { type FastifyInstance } from 'fastify';
import { LeakyBucket } from './bucket.ts';
import { schemaOf } from './graphql.ts';
import { productSvg } from './images.ts';
import { escapeHtml } from './oauth-page.ts';
import { splitScopes } from './scopes.ts';
import { registerAdminApi } from './server-admin-api.ts';
import { createControl, registerControlRoutes } from './server-control.ts';
import { registerAuthorize, registerTokenEndpoint } from './server-oauth.ts';
import { noFaults, SCOPES, type ShopState } from './server-state.ts';
import type { DemoShop, DemoShopOptions } from './server-types.ts';
import { Store } from './store.ts';
import { createTokenStore } from './tokens.ts';
import { createWebhookSender } from './webhooks.ts';

export type { Product, ProductStatus, Variant } from './catalogue.ts';
export type { DraftOrder, DraftOrderLine, WebhookSubscription } from './store.ts';
export type { ScopesOf } from './scopes.ts';
export type { ShopUser } from './users.ts';
export type { Delivery, Topic } from './webhooks.ts';
export { isValidEan13 } from './catalogue.ts';
export { productSvg } from './images.ts';
export { SHOP_USERS } from './users.ts';
export { createTokenStore, type TokenInfo, type TokenStore } from './tokens.ts';
export type {
  DemoShop,
  DemoShopControl,
  DemoShopOptions,
  Faults,
  FaultsInput,
  RequestLogEntry,
} from './server-types.ts';
export { oauthHmac } from './server-oauth.ts';

/**
 * The demo shop (the package's `./server`): startDemoShop makes its state and registers its routes:
 * the Admin API (server-admin-api.ts), pictures, OAuth and the token endpoint (server-oauth.ts) and
 * the control (server-control.ts).
 */
export async function startDemoShop(opts: DemoShopOptions): Promise<DemoShop> {
  const apiVersion = opts.apiVersion ?? '2026-10';
  // Access tokens: the configured static one (if any) plus those issued by the token endpoint.
  const tokens = createTokenStore({
    ...(opts.offlineTokenSeconds ? { offlineTokenSeconds: opts.offlineTokenSeconds } : {}),
  });
  if (opts.adminToken) tokens.setStatic(opts.adminToken, splitScopes(opts.adminScope ?? SCOPES));
  const state: ShopState = {
    opts,
    apiVersion,
    store: new Store({ count: opts.products ?? 320, seed: opts.seed ?? 13, now: opts.now ?? new Date() }),
    bucket: new LeakyBucket(opts.bucket?.maximumAvailable ?? 1000, opts.bucket?.restoreRate ?? 50),
    singleQueryMax: opts.singleQueryMax ?? 1000,
    faults: noFaults(),
    appUrl: opts.appUrl ?? null,
    baseUrl: '',
    imageBase: opts.imageBaseUrl?.replace(/\/$/, '') ?? null,
    tokens,
    // The store forgets an expired token, which is a 401 like an unknown one.
    scopesOf: (token) => {
      const known = tokens.lookup(token);
      return known ? { scopes: known.scopes } : null;
    },
    codes: new Map(),
    webhooks: createWebhookSender({
      shop: opts.shop,
      apiVersion,
      secret: () => opts.apiSecret,
      appUrl: () => state.appUrl,
    }),
    log: [],
    seq: 0,
  };

  const app: FastifyInstance = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  registerAdminApi(app, state);

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

  registerAuthorize(app, state);
  registerTokenEndpoint(app, state);

  const control = createControl(state);
  await registerControlRoutes(app, state, control);

  app.get('/', async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(opts.shop)} (demo shop)</title></head><body><main><h1>${escapeHtml(opts.shop)}</h1><p>Demo shop with ${state.store.products.size} products. Admin API: <code>POST /admin/api/${apiVersion}/graphql.json</code>.</p></main></body></html>`,
      ),
  );

  // Shopify's schema (seconds to build) before the first request, which has a client's timeout.
  schemaOf(apiVersion);
  const address = await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  state.baseUrl = address.replace('[::1]', '127.0.0.1');
  return {
    url: state.baseUrl,
    shop: opts.shop,
    control,
    close: () => app.close(),
  };
}
