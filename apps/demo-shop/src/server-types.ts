import type { ThrottleStatus } from './bucket.ts';
import type { Product, ProductStatus } from './catalogue.ts';
import type { DraftOrder, WebhookSubscription } from './store.ts';
import type { ShopUser } from './users.ts';
import type { Delivery } from './webhooks.ts';

/** The demo shop's options, faults, request log and control, as its users (tests, bench, portal) see them. */

export interface DemoShopOptions {
  /** 0 (default) takes a free port. */
  port?: number;
  host?: string;
  /** The shop's host, e.g. nordic-sanitary-demo.myshopify.com. */
  shop: string;
  /** The app's client id (session-token `aud`, OAuth `client_id`). */
  apiKey: string;
  /** The app's client secret: OAuth HMAC, webhook HMAC, session-token signature. */
  apiSecret: string;
  /**
   * A static offline Admin API token that never expires (what an admin-made custom app showed
   * once); unset → the app gets its tokens from the token endpoint (OAuth, token exchange,
   * client credentials), as every new app must.
   */
  adminToken?: string;
  /** Life of expiring offline tokens in seconds (`expiring=1`; default 3600, Shopify's). */
  offlineTokenSeconds?: number;
  /** The scopes the static admin token carries, comma-separated (default: what SCOPES grants). */
  adminScope?: string;
  /** Where webhooks go: `${appUrl}/api/shopify/webhooks`; unset → none are sent (set later by control.setAppUrl). */
  appUrl?: string;
  /** Catalogue size (default 320). */
  products?: number;
  /** Catalogue seed (default 13). */
  seed?: number;
  /** The newest product's updatedAt (default now). */
  now?: Date;
  /** The Admin API version answered in webhook headers (default 2026-10). */
  apiVersion?: string;
  /** Leaky bucket (default Shopify standard: 1000 points, 50 a second). */
  bucket?: { maximumAvailable?: number; restoreRate?: number };
  /** Single query max cost (default 1000). */
  singleQueryMax?: number;
  /**
   * Base of picture URLs (`${imageBaseUrl}/images/…`) when someone else serves them with
   * `productSvg` (the portal does, at /demo-shop/images, same origin); default the shop's own URL.
   */
  imageBaseUrl?: string;
}

export interface Faults {
  /** The next N Admin API and token requests answer 503. */
  unavailable: number;
  /** The next N GraphQL requests answer HTTP 429 with Retry-After: 1. */
  throttle429: number;
  /** The next N GraphQL queries answer MAX_COST_EXCEEDED whatever they cost. */
  maxCostExceeded: number;
  /** Every Admin API token is refused (401), as after the app was uninstalled. */
  revoked: boolean;
  /** Every shop answer (GraphQL, token endpoint) waits this long first. */
  delayMs: number;
}

export interface FaultsInput extends Partial<Faults> {
  /** Empties the leaky bucket now: the next query is THROTTLED (HTTP 200). */
  throttle?: boolean;
}

export interface RequestLogEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
  status: number;
  /** GraphQL only. */
  operationName?: string | null;
  variables?: Record<string, unknown>;
  requestedCost?: number;
  actualCost?: number | null;
  /** THROTTLED, MAX_COST_EXCEEDED, UNAVAILABLE, UNAUTHORIZED… */
  code?: string;
}

export interface DemoShopControl {
  products(): Product[];
  product(id: number): Product | undefined;
  addProduct(input?: {
    kind?: string;
    title?: string;
    status?: ProductStatus;
    vendor?: string;
    tags?: string[];
    price?: string;
    /** At least this many variants (the sync pages more than 100). */
    variantCount?: number;
  }): Promise<{ product: Product; delivery: Delivery }>;
  updateProduct(
    id: number,
    changes: {
      title?: string;
      status?: ProductStatus;
      vendor?: string;
      tags?: string[];
      productType?: string;
      price?: string;
      inventoryQuantity?: number;
    },
  ): Promise<{ product: Product; delivery: Delivery } | null>;
  deleteProduct(id: number): Promise<Delivery | null>;
  /** Changes products without sending webhooks (what the incremental sync must pick up). */
  touchProducts(ids: number[]): Product[];
  /** The last delivery again, unchanged (same ids and signature). */
  replayLastWebhook(): Promise<Delivery | null>;
  /** A products/update for the product carrying an updated_at older than its current one. */
  sendStaleWebhook(id: number): Promise<Delivery | null>;
  webhooks(): Delivery[];
  setAppUrl(url: string | null): void;
  /** See DemoShopOptions.imageBaseUrl; null → the shop's own URL. */
  setImageBaseUrl(url: string | null): void;
  setFaults(input: FaultsInput): Faults;
  clearFaults(): void;
  faults(): Faults;
  throttleStatus(): ThrottleStatus;
  setBucket(b: { maximumAvailable?: number; restoreRate?: number }): void;
  requests(): RequestLogEntry[];
  clearRequests(): void;
  draftOrders(): DraftOrder[];
  /** Subscriptions made through the Admin API (webhookSubscriptionCreate). */
  webhookSubscriptions(): WebhookSubscription[];
  users: ShopUser[];
  /** An App Bridge session token (HS256 with the api secret, one minute). Default user: the first. */
  mintSessionToken(by?: { sub?: string; email?: string }): Promise<string>;
  /** Issued access tokens (OAuth code, token exchange, refresh, client credentials), for tests. */
  issuedTokens(): {
    token: string;
    kind: 'online' | 'offline' | 'client_credentials';
    online: boolean;
    scopes: string[];
    userId: number | null;
    expiresAt: number | null;
  }[];
  /** Every access token expires now (refresh tokens still work): the next Admin API call is 401. */
  expireTokens(): number;
  /** Every access and refresh token is forgotten (the app was uninstalled); new grants still work. */
  revokeTokens(): number;
  /** The life of offline tokens issued from now on (seconds). */
  setOfflineTokenSeconds(seconds: number): void;
  /** Refresh grants answered so far. */
  refreshGrants(): number;
  /** The scopes and expiry of a valid access token, null for an unknown or expired one. */
  lookupToken(token: string): { scopes: string[]; expiresAt: number | null } | null;
}

export interface DemoShop {
  /** Base URL, e.g. http://127.0.0.1:45678 (what SHOPIFY_API_BASE would be). */
  url: string;
  shop: string;
  close(): Promise<void>;
  control: DemoShopControl;
}
