import type { FastifyRequest } from 'fastify';
import type { LeakyBucket } from './bucket.ts';
import type { ScopesOf } from './scopes.ts';
import type { DemoShopOptions, Faults, RequestLogEntry } from './server-types.ts';
import type { Store } from './store.ts';
import type { TokenStore } from './tokens.ts';
import type { WebhookSender } from './webhooks.ts';

/**
 * What the demo shop's routes share (server.ts makes it): the catalogue, the leaky bucket, the
 * faults injected, tokens and OAuth codes, the webhook sender and the request log.
 */
export interface ShopState {
  opts: DemoShopOptions;
  apiVersion: string;
  store: Store;
  bucket: LeakyBucket;
  singleQueryMax: number;
  faults: Faults;
  /** Where webhooks go (control.setAppUrl); null: none are sent. */
  appUrl: string | null;
  /** The shop's own base URL, known once it listens. */
  baseUrl: string;
  /** Where picture URLs point when the app serves them (same origin, stable); null: the shop itself. */
  imageBase: string | null;
  tokens: TokenStore;
  /** The Admin API executor learns a token's scopes only through this (scopes.ts). */
  scopesOf: ScopesOf;
  /** OAuth authorization codes not yet exchanged. */
  codes: Map<string, { userId: number; online: boolean; expiresAt: number; scope: string }>;
  webhooks: WebhookSender;
  log: RequestLogEntry[];
  seq: number;
}

/** The scopes the demo shop grants by default. */
export const SCOPES = 'read_products,write_draft_orders,read_draft_orders';

export const noFaults = (): Faults => ({
  unavailable: 0,
  throttle429: 0,
  maxCostExceeded: 0,
  revoked: false,
  delayMs: 0,
});

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The base of picture URLs: the shop itself unless the app serves them. */
export const imagesOf = (state: ShopState) => state.imageBase ?? state.baseUrl;

/** Adds a request to the log (the last 50,000 are kept). */
export function record(
  state: ShopState,
  req: FastifyRequest,
  status: number,
  extra: Partial<RequestLogEntry> = {},
) {
  state.seq += 1;
  const { log } = state;
  log.push({
    seq: state.seq,
    at: new Date().toISOString(),
    method: req.method,
    path: req.url.split('?')[0]!,
    status,
    ...extra,
  });
  if (log.length > 50_000) log.splice(0, log.length - 50_000);
}
