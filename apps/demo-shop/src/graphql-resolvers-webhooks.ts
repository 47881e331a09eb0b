import { gid, type ResolveContext, type UserError } from './graphql-views.ts';
import type { WebhookSubscription } from './store.ts';

/** The demo shop's webhook subscriptions over GraphQL: their view and the create mutation. */

/** `WebhookSubscriptionTopic` ↔ the topic as deliveries name it (`PRODUCTS_CREATE` ↔ `products/create`). */
export const topicName = (topic: string) => topic.toLowerCase().replace(/_([a-z]+)$/, '/$1');

export function webhookSubscriptionView(s: WebhookSubscription) {
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

export function webhookSubscriptionCreate(
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
