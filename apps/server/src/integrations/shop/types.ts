/** The shop's data as the portal sees it (integrations.md, "Shop platform"; CONTRACTS.md). */

export type ShopProductStatus = 'ACTIVE' | 'DRAFT' | 'ARCHIVED';

export interface ShopVariant {
  /** gid://shopify/ProductVariant/N */
  id: string;
  sku: string | null;
  /** NOK as decimal text, e.g. "1234.50". */
  price: string;
  barcode: string | null;
  inventoryQuantity: number | null;
}

export interface ShopProduct {
  /** gid://shopify/Product/N */
  id: string;
  title: string;
  handle: string;
  status: ShopProductStatus;
  vendor: string;
  productType: string;
  tags: string[];
  /** ISO 8601. */
  updatedAt: string;
  image: { url: string; altText: string | null } | null;
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

export type DraftOrderLineInput =
  | { variantId: string; quantity: number }
  | {
      title: string;
      /** Decimal text, e.g. "149.00". */
      originalUnitPrice: string;
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
}

export interface ShopDraftOrder {
  /** gid://shopify/DraftOrder/N */
  id: string;
  name: string;
  status: 'OPEN' | 'INVOICE_SENT' | 'COMPLETED';
  tags: string[];
  totalPrice: string;
  currencyCode: string;
  createdAt: string;
  completedAt: string | null;
  /** The order made when the draft was completed. */
  order: { id: string; name: string } | null;
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
