/** The shop's data as the portal sees it (integrations.md, "Shop platform"; CONTRACTS.md). */

/**
 * Shopify's `ProductStatus` values the portal knows (the 2026-10 schema's enum); a value Shopify
 * adds later arrives as it is (a string) and is kept as such.
 */
export const SHOP_PRODUCT_STATUSES = ['ACTIVE', 'ARCHIVED', 'DRAFT', 'UNLISTED'] as const;
export type ShopProductStatus = (typeof SHOP_PRODUCT_STATUSES)[number];

export interface ShopVariant {
  /** gid://shopify/ProductVariant/N */
  id: string;
  /** The numeric id as text (UnsignedInt64: never through a float). */
  legacyResourceId: string | null;
  sku: string | null;
  /** NOK as decimal text, e.g. "1234.50". */
  price: string;
  barcode: string | null;
  inventoryQuantity: number | null;
}

export interface ShopProduct {
  /** gid://shopify/Product/N */
  id: string;
  /** The numeric id as text (UnsignedInt64: never through a float). */
  legacyResourceId: string | null;
  title: string;
  handle: string;
  /** Upper case as Shopify sends it; a value from a newer API version is kept as it came. */
  status: string;
  vendor: string;
  productType: string;
  tags: string[];
  /** ISO 8601. */
  updatedAt: string;
  image: { url: string; altText: string | null } | null;
  /** Every variant: the client pages them past the products query's first hundred. */
  variants: ShopVariant[];
}

export interface ShopPage<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export interface ProductsArgs {
  /** Page size, 1–250 (default 250); made smaller by the client when the query would cost too much. */
  first?: number;
  after?: string | null;
  /** Only products updated strictly after this ISO time (`updated_at:>'…'`). */
  updatedAfter?: string | null;
}

/** Shopify's MoneyInput: a decimal amount and its currency. */
export interface ShopMoney {
  /** Decimal text, e.g. "149.00". */
  amount: string;
  /** ISO 4217, e.g. NOK. */
  currencyCode: string;
}

export type DraftOrderLineInput =
  | { variantId: string; quantity: number }
  | {
      title: string;
      /** Sent as originalUnitPriceWithCurrency (originalUnitPrice is deprecated and loses the currency). */
      unitPrice: ShopMoney;
      quantity: number;
      sku?: string | null;
      requiresShipping?: boolean;
      taxable?: boolean;
    };

export interface DraftOrderInput {
  lineItems: DraftOrderLineInput[];
  tags?: string[];
  note?: string | null;
  email?: string | null;
  /**
   * Completed with the payment pending: the draft gets Shopify's "Due on receipt" payment terms
   * (what replaces the deprecated draftOrderComplete(paymentPending)).
   */
  paymentPending?: boolean;
}

export interface ShopDraftOrder {
  /** gid://shopify/DraftOrder/N */
  id: string;
  name: string;
  /** OPEN, INVOICE_SENT, COMPLETED (or a newer value, kept as it came). */
  status: string;
  tags: string[];
  /** totalPriceSet.shopMoney. */
  totalPrice: string;
  currencyCode: string;
  invoiceUrl: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** A webhook subscription as the shop lists it. */
export interface ShopWebhookSubscription {
  /** gid://shopify/WebhookSubscription/N */
  id: string;
  /** WebhookSubscriptionTopic, e.g. PRODUCTS_UPDATE. */
  topic: string;
  uri: string;
  format: string;
  createdAt: string;
  updatedAt: string;
}

export interface ShopAssociatedUser {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export interface ShopAccessToken {
  accessToken: string;
  scopes: string[];
  /** Seconds (`expires_in`); null for a token that does not expire. */
  expiresIn: number | null;
  /** Expiring offline tokens only (`refresh_token`, `refresh_token_expires_in` in seconds). */
  refreshToken: string | null;
  refreshTokenExpiresIn: number | null;
  /** Online (per-user) tokens only. */
  associatedUser: ShopAssociatedUser | null;
}

/** GraphQL answers' cost extension (every answer carries one). */
export interface QueryCost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}
