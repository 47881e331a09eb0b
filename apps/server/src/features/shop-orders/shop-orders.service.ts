import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SparePart } from '@service-portal/shared/service-orders';
import {
  SHOP_ORDER_MESSAGES,
  shopOrderPreviewSchema,
  shopOrderTag,
  type ShopOrder,
  type ShopOrderPreview,
} from '@service-portal/shared/shop-orders';
import type { TenantScope } from '../../db/tenant.ts';
import { AppError } from '../../errors.ts';
import type { DraftOrderFacts, ShopOrderRow, ShopOrdersRepository } from './shop-orders.repository.ts';

/** A line of a draft order: a catalogue variant, or a custom line with its price and currency. */
export type DraftOrderLineInput =
  | { variantId: string; quantity: number }
  | {
      title: string;
      unitPrice: { amount: string; currencyCode: string };
      quantity: number;
      sku: string;
      requiresShipping: boolean;
      taxable: boolean;
    };

export interface DraftOrderCreateInput {
  lineItems: DraftOrderLineInput[];
  tags: string[];
  note: string;
  /** Completed with the payment pending (the shop's "Due on receipt" payment terms). */
  paymentPending: true;
}

/** A draft order as the shop answers it. */
export interface DraftOrderInfo {
  id: string;
  name: string | null;
  status: string | null;
  invoiceUrl: string | null;
}

/**
 * The shop client's draft-order calls. A refusal throws an error with `kind: 'user_errors'` and
 * `userErrors: { field?: string[] | null; message: string }[]`; the shop being down throws one with
 * `kind` 'unavailable', 'timeout' or 'throttled'; a refused token 'revoked'; an answer that cannot
 * be used 'bad_response'.
 */
export interface DraftOrderShop {
  draftOrderCreate(input: DraftOrderCreateInput): Promise<DraftOrderInfo>;
  draftOrderComplete(id: string): Promise<DraftOrderInfo>;
  findDraftOrder(id: string): Promise<DraftOrderInfo | null>;
  findDraftOrderByTag(tag: string): Promise<DraftOrderInfo | null>;
}

/** What this feature needs of the service-orders feature: the order (404 unless the partner's) and its parts. */
export interface OrderParts {
  get(scope: TenantScope, id: string): Promise<{ id: string; orderNumber: string; spareParts: SparePart[] }>;
}

export interface ShopOrdersDeps {
  repo: ShopOrdersRepository;
  shop: DraftOrderShop;
  orders: OrderParts;
  /** Variant ids of catalogue products by SKU (the products feature; none until it is wired). */
  findVariantIdsBySkus?: (skus: string[]) => Promise<Map<string, string>>;
  /** The shop's admin, for the link to a draft order (`https://{shop}`, or the demo shop). */
  adminBase: string;
  /** The currency of the partner's part prices (custom lines carry it: the shop checks it). */
  currency: (scope: TenantScope) => Promise<string>;
  /** The shop client's timeout: a claim older than a few of these was abandoned. */
  shopTimeoutMs: number;
  now?: () => Date;
  /** How often a request waiting for another one's claim looks again. */
  pollMs?: number;
}

const SHOP_DOWN_KINDS = new Set(['unavailable', 'timeout', 'throttled']);

const isCompleted = (d: DraftOrderInfo) => d.status?.toUpperCase() === 'COMPLETED';

function toShopOrder(row: ShopOrderRow): ShopOrder {
  return {
    serviceOrderId: row.serviceOrderId,
    state: row.state,
    draftOrderId: row.draftOrderId,
    name: row.name,
    shopStatus: row.shopStatus,
    invoiceUrl: row.invoiceUrl,
    adminUrl: row.adminUrl,
    lineCount: row.lineCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The shop's host name from its admin base (`https://{shop}`), as the confirmation names it. */
export function shopHost(adminBase: string): string {
  try {
    return new URL(adminBase).host;
  } catch {
    return adminBase;
  }
}

/** Minor units to the shop's decimal string ("1234.50"). */
export function decimalPrice(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Variant lines where the part's SKU is in the catalogue, custom lines otherwise. */
export function draftOrderLines(
  parts: SparePart[],
  variants: Map<string, string>,
  currency: string,
): DraftOrderLineInput[] {
  return parts.map((part) => {
    const variantId = variants.get(part.partNumber);
    if (variantId) return { variantId, quantity: part.quantity };
    return {
      title: part.partName,
      unitPrice: { amount: decimalPrice(part.unitCost), currencyCode: currency },
      quantity: part.quantity,
      sku: part.partNumber,
      requiresShipping: true,
      taxable: true,
    };
  });
}

export function createShopOrdersService(deps: ShopOrdersDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const pollMs = deps.pollMs ?? 100;
  // A holder gets several shop calls' worth of time before another request may take over.
  const claimLifeMs = Math.max(30_000, deps.shopTimeoutMs * 4);
  // A request waiting for another one's result gives up before the browser's 30 s timeout.
  const waitLimitMs = Math.min(claimLifeMs, 20_000);
  const findVariants = deps.findVariantIdsBySkus ?? (async () => new Map<string, string>());

  function facts(draft: DraftOrderInfo): DraftOrderFacts {
    const numeric = /(\d+)$/.exec(draft.id)?.[1];
    return {
      draftOrderId: draft.id,
      name: draft.name,
      shopStatus: draft.status,
      invoiceUrl: draft.invoiceUrl,
      adminUrl: numeric ? `${deps.adminBase}/admin/draft_orders/${numeric}` : null,
    };
  }

  const kindOf = (err: unknown) => (err as { kind?: unknown } | null)?.kind;

  /** Every failure of the shop as problem+json with the catalogue's message; never a 500. */
  function translateShopError(err: unknown): never {
    const e = err as { kind?: unknown; userErrors?: { field?: string[] | null; message: string }[] } | null;
    const kind = kindOf(err);
    if (kind === 'user_errors') {
      const errors = (e?.userErrors ?? []).map((u) => ({
        path: Array.isArray(u.field) ? u.field.join('.') : '',
        message: u.message,
      }));
      throw new AppError('shop_order_rejected', 422, SHOP_ORDER_MESSAGES.rejected, { errors });
    }
    if (typeof kind === 'string' && SHOP_DOWN_KINDS.has(kind)) {
      throw new AppError('bad_gateway', 502, SHOP_ORDER_MESSAGES.shopUnavailable);
    }
    if (kind === 'revoked') throw new AppError('bad_gateway', 502, SHOP_ORDER_MESSAGES.shopAccessRefused);
    if (kind === 'bad_response') throw new AppError('bad_gateway', 502, SHOP_ORDER_MESSAGES.shopBadAnswer);
    throw err;
  }

  /**
   * Holding the claim: find the draft order an earlier attempt made (by the id it recorded, else
   * by its tag: an attempt whose answer was lost), or create it; complete it. Whatever failed
   * before, the shop's own state of the draft decides what is left to do, so a second order is
   * never made and the row ends in the order's real state.
   */
  async function fulfil(
    scope: TenantScope,
    order: { id: string; orderNumber: string; spareParts: SparePart[] },
    token: string,
    known: ShopOrderRow,
  ): Promise<{ row: ShopOrderRow; created: boolean }> {
    const tag = shopOrderTag(order.id);
    let created = false;
    let draft = known.draftOrderId ? await deps.shop.findDraftOrder(known.draftOrderId) : null;
    draft ??= await deps.shop.findDraftOrderByTag(tag);
    if (!draft) {
      const skus = [...new Set(order.spareParts.map((p) => p.partNumber))];
      const variants = skus.length > 0 ? await findVariants(skus) : new Map<string, string>();
      draft = await deps.shop.draftOrderCreate({
        lineItems: draftOrderLines(order.spareParts, variants, await deps.currency(scope)),
        tags: [tag],
        note: `Service order ${order.orderNumber}`,
        paymentPending: true,
      });
      created = true;
    }
    await repo.record(scope, order.id, token, facts(draft), 'created', now());
    if (!isCompleted(draft)) {
      try {
        draft = await deps.shop.draftOrderComplete(draft.id);
      } catch (err) {
        // Refused ("already completed": another attempt's answer was lost): the shop's state decides.
        if (kindOf(err) !== 'user_errors') throw err;
        const current = await deps.shop.findDraftOrder(draft.id);
        if (!current || !isCompleted(current)) throw err;
        draft = current;
      }
    }
    const row = await repo.record(scope, order.id, token, facts(draft), 'completed', now());
    if (!row) throw new AppError('shop_order_pending', 409, SHOP_ORDER_MESSAGES.takenOver);
    return { row, created };
  }

  return {
    /**
     * POST /service-orders/{id}/create-shopify-order. One draft order per service order however
     * many requests arrive at once: the first claims the row, the others wait for its result.
     */
    async create(
      scope: TenantScope,
      userId: string,
      serviceOrderId: string,
    ): Promise<{ shopOrder: ShopOrder; created: boolean }> {
      const order = await deps.orders.get(scope, serviceOrderId);
      if (order.spareParts.length === 0) {
        throw new AppError('validation_failed', 400, SHOP_ORDER_MESSAGES.noParts, {
          errors: [{ path: 'spareParts', message: SHOP_ORDER_MESSAGES.noParts }],
        });
      }
      const token = randomBytes(16).toString('hex');
      // Waiting is measured on the wall clock; a claim's age on the app's clock (tests move it).
      const waitUntil = Date.now() + waitLimitMs;
      for (;;) {
        const t = now();
        const claim = await repo.claim(scope, {
          serviceOrderId,
          token,
          userId,
          lineCount: order.spareParts.length,
          now: t,
          staleBefore: new Date(t.getTime() - claimLifeMs),
        });
        if (claim.kind === 'completed') return { shopOrder: toShopOrder(claim.row), created: false };
        if (claim.kind === 'busy') {
          if (Date.now() > waitUntil) {
            throw new AppError('shop_order_pending', 409, SHOP_ORDER_MESSAGES.pending);
          }
          await sleep(pollMs);
          continue;
        }
        try {
          const { row, created } = await fulfil(scope, order, token, claim.row);
          return { shopOrder: toShopOrder(row), created };
        } catch (err) {
          await repo.release(scope, serviceOrderId, token, now());
          if (err instanceof AppError) throw err;
          translateShopError(err);
        }
      }
    },

    /**
     * GET /service-orders/{id}/create-shopify-order/preview: the lines `create` would send (same
     * parts, same catalogue lookup), priced from the order, and the shop they go to. Sends nothing.
     */
    async preview(scope: TenantScope, serviceOrderId: string): Promise<ShopOrderPreview> {
      const order = await deps.orders.get(scope, serviceOrderId);
      const skus = [...new Set(order.spareParts.map((p) => p.partNumber))];
      const variants = skus.length > 0 ? await findVariants(skus) : new Map<string, string>();
      const lines = order.spareParts.map((part) => ({
        partNumber: part.partNumber,
        name: part.partName,
        quantity: part.quantity,
        unitPrice: part.unitCost,
        lineTotal: part.unitCost * part.quantity,
        catalogue: variants.has(part.partNumber),
      }));
      return {
        shop: shopHost(deps.adminBase),
        // The partner's pricing currency is always one of CURRENCIES (the pricing schema's).
        currency: shopOrderPreviewSchema.shape.currency.parse(await deps.currency(scope)),
        lines,
        total: lines.reduce((sum, line) => sum + line.lineTotal, 0),
      };
    },

    async listFor(scope: TenantScope, serviceOrderIds: string[]) {
      const rows = await repo.listFor(scope, serviceOrderIds);
      return { items: rows.map(toShopOrder) };
    },
  };
}

export type ShopOrdersService = ReturnType<typeof createShopOrdersService>;
