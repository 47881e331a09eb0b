import type { Product, Variant } from './catalogue.ts';
import { slice } from './graphql-connections.ts';
import type { DraftOrder, Store } from './store.ts';

/**
 * What the demo shop's GraphQL resolvers share: Shopify's global ids, the resolve context, the
 * shop's currency and payment terms templates, and the views of products, variants and draft
 * orders (plain objects whose fields are values or functions, for graphql-js's default resolver).
 */

export const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;

/** `gid://shopify/Product/123` → 123 (of the given type), else null. */
export function parseGid(value: unknown, type: string): number | null {
  if (typeof value !== 'string') return null;
  const m = new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(value);
  return m ? Number(m[1]) : null;
}

export interface ResolveContext {
  store: Store;
  shop: string;
  /** The demo shop's own base URL (absolute picture URLs). */
  baseUrl: string;
  now: () => Date;
  /** The scopes of the token the request came with (scopes.ts). */
  scopes: readonly string[];
}

/** The shop's currency: every price of the demo shop is in it. */
export const SHOP_CURRENCY = 'NOK';

/**
 * Shopify's standard payment terms templates (the `paymentTermsTemplates` query answers these on
 * every shop; ids as on a real shop are not guaranteed, so the portal asks for them by type).
 */
export const PAYMENT_TERMS_TEMPLATES = [
  { id: 1, name: 'Due on receipt', type: 'RECEIPT', dueInDays: null, description: 'Due on receipt' },
  { id: 2, name: 'Net 7', type: 'NET', dueInDays: 7, description: 'Within 7 days' },
  { id: 3, name: 'Net 15', type: 'NET', dueInDays: 15, description: 'Within 15 days' },
  { id: 4, name: 'Net 30', type: 'NET', dueInDays: 30, description: 'Within 30 days' },
  { id: 8, name: 'Net 45', type: 'NET', dueInDays: 45, description: 'Within 45 days' },
  { id: 5, name: 'Net 60', type: 'NET', dueInDays: 60, description: 'Within 60 days' },
  { id: 6, name: 'Net 90', type: 'NET', dueInDays: 90, description: 'Within 90 days' },
  { id: 7, name: 'Fixed', type: 'FIXED', dueInDays: null, description: 'Fixed date' },
  {
    id: 9,
    name: 'Due on fulfillment',
    type: 'FULFILLMENT',
    dueInDays: null,
    description: 'Due on fulfillment',
  },
] as const;
const money = (amount: string, currencyCode = SHOP_CURRENCY) => ({ amount, currencyCode });
const moneyBag = (amount: string) => ({ shopMoney: money(amount), presentmentMoney: money(amount) });

export function variantView(ctx: ResolveContext, p: Product, v: Variant) {
  return {
    __typename: 'ProductVariant',
    id: gid('ProductVariant', v.id),
    legacyResourceId: String(v.id),
    title: v.title,
    displayName: `${p.title} - ${v.title}`,
    sku: v.sku || null,
    price: v.price,
    barcode: v.barcode || null,
    inventoryQuantity: v.inventoryQuantity,
    product: () => productView(ctx, p),
  };
}

function imageView(ctx: ResolveContext, p: Product) {
  return p.imagePath
    ? {
        id: gid('ImageSource', p.id),
        url: `${ctx.baseUrl}${p.imagePath}`,
        altText: p.imageAlt,
        width: 500,
        height: 500,
      }
    : null;
}

export function productView(ctx: ResolveContext, p: Product) {
  return {
    __typename: 'Product',
    id: gid('Product', p.id),
    legacyResourceId: String(p.id),
    title: p.title,
    handle: p.handle,
    descriptionHtml: p.bodyHtml,
    status: p.status,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    totalInventory: p.variants.reduce((s, v) => s + Math.max(0, v.inventoryQuantity), 0),
    variantsCount: { count: p.variants.length, precision: 'EXACT' },
    featuredMedia: () => {
      const image = imageView(ctx, p);
      return image
        ? {
            __typename: 'MediaImage',
            id: gid('MediaImage', p.id),
            alt: p.imageAlt,
            mediaContentType: 'IMAGE',
            status: 'READY',
            mediaErrors: [],
            mediaWarnings: [],
            preview: { image, status: 'READY' },
            image,
          }
        : null;
    },
    variants: (args: { first?: number | null; after?: string | null }) =>
      slice(p.variants, args, (v) => variantView(ctx, p, v)),
  };
}

function draftOrderTotal(d: DraftOrder): string {
  const cents = d.lineItems.reduce(
    (s, l) => s + Math.round(Number(l.originalUnitPrice) * 100) * l.quantity,
    0,
  );
  return (cents / 100).toFixed(2);
}

export function draftOrderView(ctx: ResolveContext, d: DraftOrder) {
  const total = draftOrderTotal(d);
  const template = PAYMENT_TERMS_TEMPLATES.find((t) => t.id === d.paymentTermsTemplateId);
  return {
    __typename: 'DraftOrder',
    id: gid('DraftOrder', d.id),
    legacyResourceId: String(d.id),
    name: d.name,
    status: d.status,
    tags: d.tags,
    note2: d.note,
    email: d.email,
    currencyCode: SHOP_CURRENCY,
    presentmentCurrencyCode: SHOP_CURRENCY,
    totalPrice: total,
    totalPriceSet: moneyBag(total),
    subtotalPriceSet: moneyBag(total),
    invoiceUrl: `https://${ctx.shop}/${d.id}/invoices/${d.invoiceToken}`,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    completedAt: d.completedAt,
    ready: true,
    paymentTerms: template
      ? {
          id: gid('PaymentTerms', d.id),
          paymentTermsName: template.name,
          paymentTermsType: template.type,
          translatedName: template.name,
          dueInDays: template.dueInDays,
          due: false,
          overdue: false,
        }
      : null,
    // Needs read_orders (the access check answers ACCESS_DENIED without it).
    order: d.order
      ? {
          __typename: 'Order',
          id: gid('Order', d.order.id),
          legacyResourceId: String(d.order.id),
          name: d.order.name,
        }
      : null,
    lineItems: (args: { first?: number | null; after?: string | null }) =>
      slice(d.lineItems, args, (l) => ({
        id: gid('DraftOrderLineItem', l.id),
        name: l.title,
        title: l.title,
        sku: l.sku,
        quantity: l.quantity,
        custom: l.variantId === null,
        originalUnitPriceSet: moneyBag(l.originalUnitPrice),
        originalUnitPriceWithCurrency: money(l.originalUnitPrice),
        requiresShipping: l.requiresShipping,
        taxable: l.taxable,
        variant: () => {
          if (l.variantId === null) return null;
          const found = ctx.store.variant(l.variantId);
          return found ? variantView(ctx, found.product, found.variant) : null;
        },
      })),
  };
}

/** A mutation's user error, as Shopify answers them. */
export type UserError = { field: string[] | null; message: string };
