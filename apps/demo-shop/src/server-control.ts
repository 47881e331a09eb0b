import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import type { Product } from './catalogue.ts';
import { gid } from './graphql-views.ts';
import { imagesOf, noFaults, type ShopState } from './server-state.ts';
import type { DemoShopControl, FaultsInput } from './server-types.ts';
import { associatedUser, findUser, SHOP_USERS } from './users.ts';
import { productPayload } from './webhooks.ts';

/**
 * The demo shop's control: what tests, the bench and the portal's demo mode change and read
 * (products, webhooks, faults, the bucket, the request log, tokens, session tokens), as an object
 * (createControl) and as HTTP routes under /_control (registerControlRoutes).
 */
export function createControl(state: ShopState): DemoShopControl {
  const { store, bucket, tokens, webhooks } = state;
  async function mintSessionToken(by: { sub?: string; email?: string } = {}): Promise<string> {
    const user = findUser(by);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ dest: `https://${state.opts.shop}`, sid: randomBytes(16).toString('hex') })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(`https://${state.opts.shop}/admin`)
      .setAudience(state.opts.apiKey)
      .setSubject(user ? String(user.id) : (by.sub ?? '1'))
      .setExpirationTime(now + 60)
      .setNotBefore(now)
      .setIssuedAt(now)
      .setJti(randomUUID())
      .sign(new TextEncoder().encode(state.opts.apiSecret));
  }

  const send = (topic: 'products/create' | 'products/update', p: Product) =>
    webhooks.send(topic, productPayload(p, imagesOf(state)), new Date());

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
      const payload = {
        ...productPayload(p, imagesOf(state)),
        updated_at: older,
        title: `${p.title} (stale)`,
      };
      return webhooks.send('products/update', payload, new Date(Date.parse(older)));
    },
    webhooks: () => [...webhooks.deliveries],
    setAppUrl(url) {
      state.appUrl = url;
    },
    setImageBaseUrl(url) {
      state.imageBase = url?.replace(/\/$/, '') ?? null;
    },
    setFaults(input) {
      const { throttle, ...rest } = input;
      if (throttle) bucket.drain();
      state.faults = { ...state.faults, ...rest };
      return { ...state.faults };
    },
    clearFaults() {
      state.faults = noFaults();
    },
    faults: () => ({ ...state.faults }),
    throttleStatus: () => bucket.status(),
    setBucket(b) {
      if (b.maximumAvailable !== undefined) bucket.maximumAvailable = b.maximumAvailable;
      if (b.restoreRate !== undefined) bucket.restoreRate = b.restoreRate;
    },
    requests: () => [...state.log],
    clearRequests() {
      state.log.length = 0;
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
  return control;
}

export async function registerControlRoutes(
  app: FastifyInstance,
  state: ShopState,
  control: DemoShopControl,
): Promise<void> {
  const productJson = (p: Product) => ({
    ...p,
    gid: gid('Product', p.id),
    imageUrl: p.imagePath ? `${imagesOf(state)}${p.imagePath}` : null,
  });
  const idParam = (req: FastifyRequest) =>
    Number((req.params as { id: string }).id.replace(/^gid:\/\/shopify\/Product\//, ''));

  await app.register(
    async (c) => {
      c.get('/products', async (req) => {
        const q = req.query as { limit?: string };
        const limit = Math.max(1, Math.min(Number(q.limit ?? 50) || 50, 100_000));
        return {
          count: state.store.products.size,
          products: control.products().slice(0, limit).map(productJson),
        };
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
        return { appUrl: state.appUrl };
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
        offlineTokenSeconds: state.tokens.offlineTokenSeconds(),
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
          token: await control.mintSessionToken({
            ...(q.sub ? { sub: q.sub } : {}),
            ...(q.email ? { email: q.email } : {}),
          }),
        };
      });
    },
    { prefix: '/_control' },
  );
}
