import type { Product } from './catalogue.ts';
import { badRequest, connection, slice } from './graphql-connections.ts';
import { draftOrderComplete, draftOrderCreate, tagOf } from './graphql-resolvers-draft-orders.ts';
import { webhookSubscriptionCreate, webhookSubscriptionView } from './graphql-resolvers-webhooks.ts';
import {
  draftOrderView,
  gid,
  parseGid,
  PAYMENT_TERMS_TEMPLATES,
  productView,
  SHOP_CURRENCY,
  variantView,
  type ResolveContext,
} from './graphql-views.ts';
import { encodeCursor as encodeCursorFor, InvalidCursorError, type SortKey } from './store.ts';

/** The root value of the demo shop's GraphQL: the queries and mutations the portal uses. */
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
