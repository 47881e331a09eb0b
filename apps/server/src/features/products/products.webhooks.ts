import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '@service-portal/shared/access';
import { problemSchema } from '@service-portal/shared/problem';
import { AppError } from '../../errors.ts';
import type { ProductsRepository } from './products.repository.ts';
import { toUpsert, type ShopProduct } from './products.sync.ts';

const SHOP_HOST = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;
const TOPICS = ['products/create', 'products/update', 'products/delete'] as const;
/** Recorded (the shop administration screen shows it); nothing is deleted because of it. */
const UNINSTALLED = 'app/uninstalled';

export type WebhookResult = 'applied' | 'duplicate' | 'stale' | 'ignored';

/**
 * Shopify's header of a delivery by its classic name (`X-Shopify-Topic`, Node lower-cases it) or
 * the newer one (`shopify-topic`: @shopify/shopify-api's ShopifyEventsHeader).
 */
const HEADER_NAMES = {
  hmac: ['x-shopify-hmac-sha256', 'shopify-hmac-sha256'],
  topic: ['x-shopify-topic', 'shopify-topic'],
  domain: ['x-shopify-shop-domain', 'shopify-shop-domain'],
  deliveryId: ['x-shopify-event-id', 'x-shopify-webhook-id', 'shopify-webhook-id'],
} as const;

/** `products/update`, or `PRODUCTS_UPDATE` as an events delivery may name it, as `products/update`. */
function topicOf(raw: string): string {
  const t = raw.trim().toLowerCase();
  return t.includes('/') ? t : t.replace(/_([a-z]+)$/, '/$1');
}

/**
 * JSON with every integer past 2^53 kept as its digits (a string): product and variant ids must
 * never pass through a float. Node 21+ hands the reviver the source text.
 */
export function parseWebhookJson(text: string): unknown {
  return JSON.parse(text, function (
    this: unknown,
    _key: string,
    value: unknown,
    context?: { source?: string },
  ) {
    return typeof value === 'number' &&
      !Number.isSafeInteger(value) &&
      context?.source &&
      /^-?\d+$/.test(context.source)
      ? context.source
      : value;
  } as (this: unknown, key: string, value: unknown) => unknown);
}

/** base64(HMAC-SHA256(raw body, secret)) compared in constant time, for each secret given. */
export function verifyShopHmac(raw: Buffer, header: string | undefined, secrets: readonly string[]): boolean {
  if (!header) return false;
  const given = Buffer.from(header, 'base64');
  return secrets.some((secret) => {
    if (!secret) return false;
    const expected = createHmac('sha256', secret).update(raw).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const gid = (kind: string, id: unknown) =>
  typeof id === 'string' && id.startsWith('gid://') ? id : `gid://shopify/${kind}/${String(id)}`;

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
/** A string or number field as text, else `fallback`. */
const text = (v: unknown, fallback = ''): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback;

/**
 * A webhook's product (the REST shape Shopify posts: snake_case, numeric ids, tags as one string)
 * as the GraphQL shape the sync reads. A GraphQL-shaped body passes through.
 */
export function webhookProduct(body: Json): ShopProduct {
  const image = (body.image ?? (Array.isArray(body.images) ? body.images[0] : null)) as Json | null;
  const variants = (Array.isArray(body.variants) ? body.variants : []) as Json[];
  const tags = Array.isArray(body.tags)
    ? (body.tags as string[])
    : text(body.tags)
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
  return {
    id: str(body.admin_graphql_api_id) ?? gid('Product', body.id),
    title: text(body.title),
    handle: text(body.handle),
    // As it came (productStatusOf stores it); a missing one is unknown, never a guess.
    status: text(body.status, 'unknown'),
    vendor: str(body.vendor),
    productType: str(body.product_type ?? body.productType),
    tags,
    updatedAt: String(body.updated_at ?? body.updatedAt),
    image: image ? { url: String(image.src ?? image.url), altText: str(image.alt ?? image.altText) } : null,
    variants: variants.map((v) => ({
      id: str(v.admin_graphql_api_id) ?? gid('ProductVariant', v.id),
      sku: str(v.sku),
      price: text(v.price),
      barcode: str(v.barcode),
      inventoryQuantity:
        typeof v.inventory_quantity === 'number'
          ? v.inventory_quantity
          : typeof v.inventoryQuantity === 'number'
            ? v.inventoryQuantity
            : null,
    })),
  };
}

export function createProductWebhooks(deps: {
  repo: ProductsRepository;
  /** The client secret, and the previous one while it is rotated. */
  secrets: () => readonly string[];
  allowlist: () => readonly string[];
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * Verifies and applies one delivery: HMAC over the raw body before anything is parsed (401),
     * the shop on the allowlist (403), each delivery once, and never a version older than stored.
     */
    async receive(
      raw: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<WebhookResult> {
      const one = (name: string) => {
        const v = headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const h = (names: readonly string[]) => {
        for (const name of names) {
          const v = one(name);
          if (v) return v;
        }
        return undefined;
      };
      if (!verifyShopHmac(raw, h(HEADER_NAMES.hmac), deps.secrets())) {
        throw new AppError('unauthenticated', 401, 'The webhook signature is not valid.');
      }
      const shop = h(HEADER_NAMES.domain) ?? '';
      if (!SHOP_HOST.test(shop) || !deps.allowlist().includes(shop.toLowerCase())) {
        throw new AppError('forbidden', 403, 'The shop is not allowed.');
      }
      const topic = topicOf(h(HEADER_NAMES.topic) ?? '');
      let body: Json;
      try {
        body = parseWebhookJson(raw.toString('utf8')) as Json;
      } catch {
        throw new AppError('validation_failed', 400, 'The webhook body is not JSON.');
      }
      if (!body || typeof body !== 'object')
        throw new AppError('validation_failed', 400, 'The webhook body is not an object.');
      const deliveryId =
        h(HEADER_NAMES.deliveryId) ?? createHmac('sha256', 'delivery').update(raw).digest('hex');
      if (topic === UNINSTALLED) {
        const fresh = await repo.recordDelivery({ deliveryId, topic, shop, outcome: 'recorded' });
        return fresh ? 'applied' : 'duplicate';
      }
      if (!(TOPICS as readonly string[]).includes(topic)) return 'ignored';

      return repo
        .transaction(async (tx) => {
          let outcome: WebhookResult = 'applied';
          if (topic === 'products/delete') {
            const changed = await repo.softDelete(
              gid('Product', body.admin_graphql_api_id ?? body.id),
              now(),
              tx,
            );
            if (!changed) outcome = 'ignored';
          } else {
            const product = webhookProduct(body);
            if (Number.isNaN(new Date(product.updatedAt).getTime())) {
              throw new AppError('validation_failed', 400, 'The product has no updated_at.');
            }
            const stored = await repo.storedUpdatedAt(product.id, tx);
            if (stored && stored.getTime() >= new Date(product.updatedAt).getTime()) outcome = 'stale';
            else await repo.upsertProducts([toUpsert(product)], tx, null);
          }
          const fresh = await repo.recordDelivery({ deliveryId, topic, shop, outcome }, tx);
          if (!fresh) {
            // Seen before: undo whatever this attempt did (it is the same change anyway).
            throw new DuplicateDelivery();
          }
          return outcome;
        })
        .catch((err: unknown) => {
          if (err instanceof DuplicateDelivery) return 'duplicate' as const;
          throw err;
        });
    },
  };
}

class DuplicateDelivery extends Error {}

export type ProductWebhooks = ReturnType<typeof createProductWebhooks>;

/** POST /shopify/webhooks: the shop's product webhooks (public; signed with the client secret). */
export function productWebhookRoutes(webhooks: ProductWebhooks) {
  return async (app: FastifyInstance) => {
    // The raw bytes are what the shop signed: this plugin alone reads JSON as a Buffer.
    // Replaces the app's JSON parser (plugins/json-body.ts) in this plugin only.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/shopify/webhooks',
      {
        config: { access: PUBLIC, actor: { kind: 'shop', name: 'Shop webhook' } },
        schema: {
          // The raw JSON the shop signed, read as bytes (no body schema): declared for the 415 check
          // and the document (plugins/content-types.ts).
          consumes: ['application/json'],
          tags: ['webhooks'],
          summary:
            'Shop webhooks (products/create|update|delete, app/uninstalled), X-Shopify-Hmac-Sha256 or shopify-hmac-sha256 over the raw body',
          security: [],
          response: {
            200: z.object({ result: z.enum(['applied', 'duplicate', 'stale', 'ignored']) }),
            400: problemSchema,
            401: problemSchema,
            403: problemSchema,
          },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        return { result: await webhooks.receive(raw, request.headers) };
      },
    );
  };
}
