import {
  draftOrderView,
  parseGid,
  PAYMENT_TERMS_TEMPLATES,
  SHOP_CURRENCY,
  type ResolveContext,
  type UserError,
} from './graphql-views.ts';
import type { DraftOrderLine } from './store.ts';

/** The demo shop's draft order mutations (create, complete) and the draft orders query's tag filter. */

interface MoneyInput {
  amount: unknown;
  currencyCode: string;
}

interface LineInput {
  variantId?: string | null;
  quantity: number;
  title?: string | null;
  /** Deprecated (no currency); still accepted, as Shopify does. */
  originalUnitPrice?: unknown;
  originalUnitPriceWithCurrency?: MoneyInput | null;
  priceOverride?: MoneyInput | null;
  sku?: string | null;
  requiresShipping?: boolean | null;
  taxable?: boolean | null;
}

/** A decimal amount in the shop's currency, or a user error. */
function amountOf(value: MoneyInput | null | undefined, field: string[], errors: UserError[]): string | null {
  if (!value) return null;
  const amount = Number(value.amount);
  if (value.currencyCode !== SHOP_CURRENCY) {
    errors.push({
      field,
      message: `Currency ${value.currencyCode} is not the shop's currency (${SHOP_CURRENCY})`,
    });
    return null;
  }
  if (!Number.isFinite(amount) || amount < 0) {
    errors.push({ field, message: 'Price must be a valid amount' });
    return null;
  }
  return amount.toFixed(2);
}

export function draftOrderCreate(
  ctx: ResolveContext,
  input: {
    lineItems?: LineInput[] | null;
    tags?: string[] | null;
    note?: string | null;
    email?: string | null;
    paymentTerms?: { paymentTermsTemplateId?: string | null } | null;
  },
) {
  const errors: UserError[] = [];
  const lines: Omit<DraftOrderLine, 'id'>[] = [];
  const items = input.lineItems ?? [];
  if (items.length === 0) errors.push({ field: ['lineItems'], message: 'Add at least 1 product' });
  items.forEach((item, i) => {
    const at = (name: string) => ['lineItems', String(i), name];
    if (!Number.isInteger(item.quantity) || item.quantity < 1) {
      errors.push({ field: at('quantity'), message: 'Quantity must be greater than or equal to 1' });
    }
    if (item.variantId) {
      const id = parseGid(item.variantId, 'ProductVariant');
      const found = id === null ? null : ctx.store.variant(id);
      if (!found || found.product.status === 'ARCHIVED') {
        errors.push({
          field: at('variantId'),
          message: `Product with ID ${String(item.variantId)} is no longer available.`,
        });
        return;
      }
      const override = amountOf(item.priceOverride, at('priceOverride'), errors);
      lines.push({
        title: found.product.title,
        sku: found.variant.sku,
        quantity: item.quantity,
        variantId: found.variant.id,
        originalUnitPrice: override ?? found.variant.price,
        requiresShipping: true,
        taxable: true,
      });
      return;
    }
    if (!item.title?.trim()) errors.push({ field: at('title'), message: "Title can't be blank" });
    let price: string | null = null;
    if (item.originalUnitPriceWithCurrency) {
      price = amountOf(item.originalUnitPriceWithCurrency, at('originalUnitPriceWithCurrency'), errors);
    } else if (item.originalUnitPrice !== undefined && item.originalUnitPrice !== null) {
      const n = Number(item.originalUnitPrice);
      if (Number.isFinite(n) && n >= 0) price = n.toFixed(2);
      else
        errors.push({
          field: at('originalUnitPrice'),
          message: 'Original unit price must be a valid amount',
        });
    } else {
      errors.push({ field: at('originalUnitPriceWithCurrency'), message: 'Custom line items need a price' });
    }
    lines.push({
      title: item.title?.trim() ?? '',
      sku: item.sku ?? null,
      quantity: item.quantity,
      variantId: null,
      originalUnitPrice: price ?? '0.00',
      requiresShipping: item.requiresShipping ?? true,
      taxable: item.taxable ?? true,
    });
  });
  let paymentTermsTemplateId: number | null = null;
  if (input.paymentTerms) {
    const id = parseGid(input.paymentTerms.paymentTermsTemplateId, 'PaymentTermsTemplate');
    if (id === null || !PAYMENT_TERMS_TEMPLATES.some((t) => t.id === id)) {
      errors.push({
        field: ['paymentTerms', 'paymentTermsTemplateId'],
        message: 'Payment terms template not found',
      });
    } else {
      paymentTermsTemplateId = id;
    }
  }
  if ((input.note ?? '').length > 5000) errors.push({ field: ['note'], message: 'Note is too long' });
  if (errors.length > 0) return { draftOrder: null, userErrors: errors };
  const d = ctx.store.createDraftOrder(
    {
      lineItems: lines,
      tags: (input.tags ?? []).map((t) => t.trim()).filter(Boolean),
      note: input.note ?? null,
      email: input.email ?? null,
      paymentTermsTemplateId,
    },
    ctx.now(),
  );
  return { draftOrder: draftOrderView(ctx, d), userErrors: [] };
}

export function draftOrderComplete(ctx: ResolveContext, id: string, paymentPending: boolean | null) {
  const n = parseGid(id, 'DraftOrder');
  const d = n === null ? undefined : ctx.store.draftOrders.get(n);
  if (!d) return { draftOrder: null, userErrors: [{ field: ['id'], message: 'Draft order does not exist' }] };
  if (d.status === 'COMPLETED') {
    return {
      draftOrder: draftOrderView(ctx, d),
      userErrors: [{ field: null, message: 'This order has already been completed' }],
    };
  }
  // Payment terms leave the payment pending; so does the deprecated argument.
  const pending = paymentPending === true || d.paymentTermsTemplateId !== null;
  return {
    draftOrder: draftOrderView(ctx, ctx.store.completeDraftOrder(d, pending, ctx.now())),
    userErrors: [],
  };
}

export function tagOf(query: string | null | undefined): string | null {
  const m = /tag:(?:'([^']*)'|"([^"]*)"|(\S+))/.exec(query ?? '');
  return m ? (m[1] ?? m[2] ?? m[3] ?? null) : null;
}
