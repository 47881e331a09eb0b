import { createHmac, randomUUID } from 'node:crypto';
import type { Product } from './catalogue.ts';
import { gid } from './graphql-views.ts';

export type Topic = 'products/create' | 'products/update' | 'products/delete';

export interface Delivery {
  topic: Topic;
  url: string;
  body: string;
  headers: Record<string, string>;
  /** HTTP status of the app's answer; null when it could not be reached. */
  status: number | null;
  error: string | null;
  sentAt: string;
}

/** Shopify's REST product payload (what products/create and products/update carry). */
export function productPayload(p: Product, baseUrl: string) {
  const image = p.imagePath
    ? {
        id: p.id,
        product_id: p.id,
        position: 1,
        alt: p.imageAlt,
        width: 500,
        height: 500,
        src: `${baseUrl}${p.imagePath}`,
      }
    : null;
  return {
    admin_graphql_api_id: gid('Product', p.id),
    id: p.id,
    title: p.title,
    body_html: p.bodyHtml,
    vendor: p.vendor,
    product_type: p.productType,
    handle: p.handle,
    status: p.status.toLowerCase(),
    tags: p.tags.join(', '),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    published_at: p.status === 'ACTIVE' ? p.createdAt : null,
    variants: p.variants.map((v, i) => ({
      admin_graphql_api_id: gid('ProductVariant', v.id),
      id: v.id,
      product_id: p.id,
      title: v.title,
      sku: v.sku,
      price: v.price,
      barcode: v.barcode,
      position: i + 1,
      inventory_quantity: v.inventoryQuantity,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
    })),
    image,
    images: image ? [image] : [],
  };
}

export interface WebhookSender {
  send(topic: Topic, payload: unknown, triggeredAt: Date): Promise<Delivery>;
  /** The same delivery again: same body, same event and webhook ids (a retry or a replay). */
  resend(delivery: Delivery): Promise<Delivery>;
  deliveries: Delivery[];
}

export function createWebhookSender(opts: {
  shop: string;
  apiVersion: string;
  secret: () => string;
  appUrl: () => string | null;
}): WebhookSender {
  const deliveries: Delivery[] = [];
  async function post(
    topic: Topic,
    url: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<Delivery> {
    const delivery: Delivery = {
      topic,
      url,
      body,
      headers,
      status: null,
      error: null,
      sentAt: new Date().toISOString(),
    };
    try {
      const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
      delivery.status = res.status;
      await res.arrayBuffer();
    } catch (err) {
      delivery.error = err instanceof Error ? err.message : String(err);
    }
    deliveries.push(delivery);
    if (deliveries.length > 1000) deliveries.shift();
    return delivery;
  }
  return {
    deliveries,
    async send(topic, payload, triggeredAt) {
      const body = JSON.stringify(payload);
      const appUrl = opts.appUrl();
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-shopify-topic': topic,
        'x-shopify-hmac-sha256': createHmac('sha256', opts.secret()).update(body, 'utf8').digest('base64'),
        'x-shopify-shop-domain': opts.shop,
        'x-shopify-api-version': opts.apiVersion,
        'x-shopify-webhook-id': randomUUID(),
        'x-shopify-event-id': randomUUID(),
        'x-shopify-triggered-at': triggeredAt.toISOString(),
      };
      if (!appUrl) {
        const d: Delivery = {
          topic,
          url: '',
          body,
          headers,
          status: null,
          error: 'no app URL set',
          sentAt: new Date().toISOString(),
        };
        deliveries.push(d);
        return d;
      }
      return post(topic, `${appUrl.replace(/\/$/, '')}/api/shopify/webhooks`, body, headers);
    },
    async resend(delivery) {
      const appUrl = opts.appUrl();
      const url = appUrl ? `${appUrl.replace(/\/$/, '')}/api/shopify/webhooks` : delivery.url;
      return post(delivery.topic, url, delivery.body, delivery.headers);
    },
  };
}
