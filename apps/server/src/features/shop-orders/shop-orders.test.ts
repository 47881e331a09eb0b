import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import type { ShopOrder } from '@service-portal/shared/shop-orders';
import { SHOP_ORDER_MESSAGES, shopOrderTag } from '@service-portal/shared/shop-orders';
import { AppError } from '../../errors.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';
import type { ShopClient } from '../../integrations/shop/client.ts';
import { createShopOrdersRepository } from './shop-orders.repository.ts';
import {
  createShopOrdersService,
  decimalPrice,
  draftOrderLines,
  type DraftOrderInfo,
  type DraftOrderShop,
} from './shop-orders.service.ts';

// Shop orders against the demo shop over real HTTP; what it created is read back from its
// control route /_control/draft-orders.

let w: OrdersWorld;
let shop: TestShop;

interface DemoDraft {
  gid: string;
  name: string;
  status: string;
  tags: string[];
  lineItems: {
    title: string;
    sku: string | null;
    quantity: number;
    originalUnitPrice: string;
    variantId: number | null;
  }[];
  order: { paymentPending: boolean } | null;
}

/** The app's own adapter of a shop client (app.ts draftOrderShop), for services made in a test. */
function shopOf(c: ShopClient): DraftOrderShop {
  const info = (d: {
    id: string;
    name: string;
    status: string;
    invoiceUrl: string | null;
  }): DraftOrderInfo => ({
    id: d.id,
    name: d.name,
    status: d.status,
    invoiceUrl: d.invoiceUrl,
  });
  return {
    findDraftOrder: async (id) => {
      const d = await c.findDraftOrder(id);
      return d ? info(d) : null;
    },
    findDraftOrderByTag: async (tag) => {
      const d = await c.findDraftOrderByTag(tag);
      return d ? info(d) : null;
    },
    draftOrderCreate: async (input) => info(await c.draftOrderCreate(input)),
    draftOrderComplete: async (id) => info(await c.draftOrderComplete(id)),
  };
}

const nok = async () => 'NOK';

async function draftsTagged(orderId: string): Promise<DemoDraft[]> {
  const res = await fetch(`${shop.shop.url}/_control/draft-orders`);
  const { draftOrders } = (await res.json()) as { draftOrders: DemoDraft[] };
  return draftOrders.filter((d) => d.tags.includes(shopOrderTag(orderId)));
}

const parts = [
  {
    partNumber: 'SP-VALVE-12',
    partName: 'Gas valve 12V',
    quantity: 2,
    unitCost: 14950,
    currency: 'NOK' as const,
  },
  { partNumber: 'SP-FAN-3', partName: 'Burner fan', quantity: 1, unitCost: 89900, currency: 'NOK' as const },
];

async function newOrder(token: string, spareParts = parts): Promise<ServiceOrder> {
  const res = await w.api(token).post('/service-orders', orderInput({ spareParts }));
  expect(res.statusCode).toBe(201);
  return res.json<ServiceOrder>();
}

beforeAll(async () => {
  shop = await startTestShop({ products: 20 });
  w = await createOrdersWorld({ config: shop.configOverrides });
});
afterAll(async () => {
  await w?.ctx.close();
  await shop?.close();
});

describe('POST /api/service-orders/:id/create-shopify-order', () => {
  it('creates one draft order with custom lines, completed with payment pending, and shows it', async () => {
    const order = await newOrder(w.tokens.manager);
    const res = await w.api(w.tokens.manager).post(`/service-orders/${order.id}/create-shopify-order`, {});
    expect(res.statusCode).toBe(201);
    const shopOrder = res.json<ShopOrder>();
    expect(shopOrder).toMatchObject({
      serviceOrderId: order.id,
      state: 'completed',
      shopStatus: 'COMPLETED',
      lineCount: 2,
    });
    expect(shopOrder.name).toMatch(/^#D\d+$/);
    expect(shopOrder.adminUrl).toMatch(/\/admin\/draft_orders\/\d+$/);

    const [draft, ...more] = await draftsTagged(order.id);
    expect(more).toEqual([]);
    expect(draft!.gid).toBe(shopOrder.draftOrderId);
    expect(draft!.status).toBe('COMPLETED');
    expect(draft!.order?.paymentPending).toBe(true);
    expect(
      draft!.lineItems.map((l) => [l.title, l.sku, l.quantity, l.originalUnitPrice, l.variantId]),
    ).toEqual([
      ['Gas valve 12V', 'SP-VALVE-12', 2, '149.50', null],
      ['Burner fan', 'SP-FAN-3', 1, '899.00', null],
    ]);

    // Listed for the order page and the worklist.
    const list = await w.api(w.tokens.office).get(`/shop-orders?serviceOrderIds=${order.id}`);
    expect(list.json<{ items: ShopOrder[] }>().items).toEqual([shopOrder]);

    // A second click gets the same order back (200), nothing new in the shop.
    const again = await w.api(w.tokens.office).post(`/service-orders/${order.id}/create-shopify-order`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json<ShopOrder>().draftOrderId).toBe(shopOrder.draftOrderId);
    expect(await draftsTagged(order.id)).toHaveLength(1);
  });

  it('ten concurrent clicks create exactly one draft order', async () => {
    const order = await newOrder(w.tokens.manager);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        w.api(w.tokens.manager).post(`/service-orders/${order.id}/create-shopify-order`, {}),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(answers.map((a) => a.json<ShopOrder>().draftOrderId));
    expect(ids.size).toBe(1);
    expect(await draftsTagged(order.id)).toHaveLength(1);
  });

  it('a retry after a timeout finds the first draft order by its tag instead of making a second', async () => {
    const order = await newOrder(w.tokens.manager);
    const real = shop.client();
    // The first attempt gives up on the create while the shop, slowed down, still makes it.
    const impatient = shop.client({ timeoutMs: 300, maxAttempts: 1 });
    // Its payment terms looked up already (a draft of its own), so the slow call is the create.
    await impatient.draftOrderCreate({
      lineItems: [{ title: 'Warm-up', unitPrice: { amount: '1.00', currencyCode: 'NOK' }, quantity: 1 }],
      paymentPending: true,
    });
    const first = createShopOrdersService({
      repo: createShopOrdersRepository(w.ctx.app.db),
      shop: {
        ...shopOf(real),
        draftOrderCreate: async (input) => {
          shop.shop.control.setFaults({ delayMs: 900 });
          try {
            return await shopOf(impatient).draftOrderCreate(input);
          } finally {
            shop.shop.control.clearFaults();
          }
        },
        draftOrderComplete: async () => {
          throw new Error('not reached');
        },
      },
      orders: { get: async () => order },
      adminBase: shop.shop.url,
      currency: nok,
      shopTimeoutMs: 300,
    });
    const failed = await first
      .create({ partnerId: w.partners.nordic }, order.createdBy ?? '', order.id)
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).status).toBe(502);
    // The shop finishes the slow create on its own.
    for (let i = 0; i < 50 && (await draftsTagged(order.id)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await draftsTagged(order.id)).toHaveLength(1);

    const retry = await w.api(w.tokens.manager).post(`/service-orders/${order.id}/create-shopify-order`, {});
    expect(retry.statusCode).toBe(200);
    expect(retry.json<ShopOrder>().state).toBe('completed');
    const drafts = await draftsTagged(order.id);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.status).toBe('COMPLETED');
  });

  it("shows the shop's userErrors with 422 and keeps nothing claimed", async () => {
    const order = await newOrder(w.tokens.manager);
    const service = createShopOrdersService({
      repo: createShopOrdersRepository(w.ctx.app.db),
      shop: shopOf(shop.client()),
      orders: { get: async () => order },
      // A catalogue variant the shop no longer has.
      findVariantIdsBySkus: async () => new Map([['SP-VALVE-12', 'gid://shopify/ProductVariant/999999999']]),
      adminBase: shop.shop.url,
      currency: nok,
      shopTimeoutMs: 2000,
    });
    const err = await service
      .create({ partnerId: w.partners.nordic }, order.createdBy ?? '', order.id)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).code).toBe('shop_order_rejected');
    expect((err as AppError).message).toBe(SHOP_ORDER_MESSAGES.rejected);
    expect((err as AppError).extra.errors?.[0]?.message).toMatch(/no longer available/);
    expect(await draftsTagged(order.id)).toHaveLength(0);
    const listed = await w.api(w.tokens.manager).get(`/shop-orders?serviceOrderIds=${order.id}`);
    expect(listed.json<{ items: ShopOrder[] }>().items[0]?.state).toBe('failed');
  });

  it('answers 502 when the shop is down, and a later click succeeds', async () => {
    const order = await newOrder(w.tokens.manager);
    shop.shop.control.setFaults({ unavailable: 50 });
    try {
      const res = await w.api(w.tokens.manager).post(`/service-orders/${order.id}/create-shopify-order`, {});
      expect(res.statusCode).toBe(502);
    } finally {
      shop.shop.control.clearFaults();
    }
    const later = await w.api(w.tokens.manager).post(`/service-orders/${order.id}/create-shopify-order`, {});
    expect(later.statusCode).toBe(201);
    expect(await draftsTagged(order.id)).toHaveLength(1);
  });

  /** A service over the demo shop whose completion fails as `fail` says (the create goes through). */
  function serviceFailingComplete(order: ServiceOrder, fail: () => Promise<DraftOrderInfo>) {
    return createShopOrdersService({
      repo: createShopOrdersRepository(w.ctx.app.db),
      shop: { ...shopOf(shop.client()), draftOrderComplete: fail },
      orders: { get: async () => order },
      adminBase: shop.shop.url,
      currency: nok,
      shopTimeoutMs: 300,
    });
  }
  const scope = () => ({ partnerId: w.partners.nordic });

  it('the completion failing (503s) after the draft was made: 502, and ordering again completes that same draft', async () => {
    const order = await newOrder(w.tokens.manager);
    const failing = serviceFailingComplete(order, async () => {
      shop.shop.control.setFaults({ unavailable: 10 });
      try {
        return await shopOf(shop.client({ maxAttempts: 2 })).draftOrderComplete('never-reached-by-the-shop');
      } finally {
        shop.shop.control.clearFaults();
      }
    });
    const err = await failing.create(scope(), order.createdBy ?? '', order.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(502);
    expect((err as AppError).message).toBe(SHOP_ORDER_MESSAGES.shopUnavailable);
    const [made, ...none] = await draftsTagged(order.id);
    expect(none).toEqual([]);
    expect(made!.status).toBe('OPEN');
    const listed = await w.api(w.tokens.manager).get(`/shop-orders?serviceOrderIds=${order.id}`);
    expect(listed.json<{ items: ShopOrder[] }>().items[0]).toMatchObject({
      state: 'created',
      draftOrderId: made!.gid,
    });

    const again = await w.api(w.tokens.manager).post(`/service-orders/${order.id}/create-shopify-order`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json<ShopOrder>()).toMatchObject({
      state: 'completed',
      shopStatus: 'COMPLETED',
      draftOrderId: made!.gid,
    });
    const drafts = await draftsTagged(order.id);
    expect(drafts.map((d) => [d.gid, d.status])).toEqual([[made!.gid, 'COMPLETED']]);
    expect(drafts[0]!.order?.paymentPending).toBe(true);
  });

  it('the completion done by the shop but its answer lost: ordering again records it completed, nothing new', async () => {
    const order = await newOrder(w.tokens.manager);
    // The shop completes it, slowly; the impatient client has given up by then.
    const lost = createShopOrdersService({
      repo: createShopOrdersRepository(w.ctx.app.db),
      shop: {
        ...shopOf(shop.client()),
        draftOrderComplete: async (id) => {
          shop.shop.control.setFaults({ delayMs: 900 });
          try {
            return await shopOf(shop.client({ timeoutMs: 300, maxAttempts: 1 })).draftOrderComplete(id);
          } finally {
            shop.shop.control.clearFaults();
          }
        },
      },
      orders: { get: async () => order },
      adminBase: shop.shop.url,
      currency: nok,
      shopTimeoutMs: 300,
    });
    const err = await lost.create(scope(), order.createdBy ?? '', order.id).catch((e: unknown) => e);
    expect((err as AppError).status).toBe(502);
    for (let i = 0; i < 50 && (await draftsTagged(order.id))[0]?.status !== 'COMPLETED'; i++)
      await new Promise((r) => setTimeout(r, 100));

    const again = await w.api(w.tokens.manager).post(`/service-orders/${order.id}/create-shopify-order`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json<ShopOrder>()).toMatchObject({ state: 'completed', shopStatus: 'COMPLETED' });
    expect((await draftsTagged(order.id)).map((d) => d.status)).toEqual(['COMPLETED']);
  });

  it("completing refused as already done (another attempt's answer lost) settles on the shop's state", async () => {
    const order = await newOrder(w.tokens.manager);
    const c = shop.client();
    // The draft was completed behind the portal's back: complete answers "already completed".
    const twice = createShopOrdersService({
      repo: createShopOrdersRepository(w.ctx.app.db),
      shop: {
        ...shopOf(c),
        draftOrderCreate: async (input) => {
          const d = await shopOf(c).draftOrderCreate(input);
          await c.draftOrderComplete(d.id);
          return d; // as created: OPEN
        },
      },
      orders: { get: async () => order },
      adminBase: shop.shop.url,
      currency: nok,
      shopTimeoutMs: 2000,
    });
    const { shopOrder, created } = await twice.create(scope(), order.createdBy ?? '', order.id);
    expect(created).toBe(true);
    expect(shopOrder).toMatchObject({ state: 'completed', shopStatus: 'COMPLETED' });
    expect(await draftsTagged(order.id)).toHaveLength(1);
  });

  it('a refused token and an unusable answer are 502 problem+json with the catalogue message, never 500', async () => {
    const order = await newOrder(w.tokens.manager);
    shop.shop.control.setFaults({ revoked: true });
    try {
      const res = await w.api(w.tokens.manager).post(`/service-orders/${order.id}/create-shopify-order`, {});
      expect(res.statusCode).toBe(502);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.json()).toMatchObject({
        code: 'bad_gateway',
        detail: SHOP_ORDER_MESSAGES.shopAccessRefused,
      });
    } finally {
      shop.shop.control.clearFaults();
    }
    // Errors without data (the shop refuses the query's cost every time).
    shop.shop.control.setFaults({ maxCostExceeded: 100 });
    try {
      const res = await w.api(w.tokens.manager).post(`/service-orders/${order.id}/create-shopify-order`, {});
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'bad_gateway', detail: SHOP_ORDER_MESSAGES.shopBadAnswer });
    } finally {
      shop.shop.control.clearFaults();
    }
    expect(await draftsTagged(order.id)).toHaveLength(0);
    const ok = await w.api(w.tokens.manager).post(`/service-orders/${order.id}/create-shopify-order`, {});
    expect(ok.statusCode).toBe(201);
    expect(await draftsTagged(order.id)).toHaveLength(1);
  });

  it('refuses an order without spare parts with 400 and creates nothing', async () => {
    const order = await newOrder(w.tokens.manager, []);
    const res = await w.api(w.tokens.manager).post(`/service-orders/${order.id}/create-shopify-order`, {});
    expect(res.statusCode).toBe(400);
    expect(await draftsTagged(order.id)).toHaveLength(0);
  });

  it('keeps partners apart: another partner can neither order nor see it (404 / empty)', async () => {
    const order = await newOrder(w.tokens.manager);
    const res = await w.api(w.tokens.fjord).post(`/service-orders/${order.id}/create-shopify-order`, {});
    expect(res.statusCode).toBe(404);
    expect(await draftsTagged(order.id)).toHaveLength(0);
    await w.api(w.tokens.manager).post(`/service-orders/${order.id}/create-shopify-order`, {});
    const seen = await w.api(w.tokens.fjord).get(`/shop-orders?serviceOrderIds=${order.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<{ items: ShopOrder[] }>().items).toEqual([]);
  });

  it('refuses bad input with 400', async () => {
    expect(
      (await w.api(w.tokens.manager).post('/service-orders/not-a-uuid/create-shopify-order', {})).statusCode,
    ).toBe(400);
    expect((await w.api(w.tokens.manager).get('/shop-orders?serviceOrderIds=x')).statusCode).toBe(400);
    expect((await w.api(w.tokens.manager).get('/shop-orders')).statusCode).toBe(400);
  });
});

describe('draft order lines', () => {
  it('uses the catalogue variant where the SKU matches and a custom line otherwise', () => {
    const lines = draftOrderLines(
      parts.map((p, i) => ({
        ...p,
        id: `00000000-0000-4000-8000-00000000000${i}`,
        serviceOrderId: '00000000-0000-4000-8000-000000000009',
        supplier: null,
        notes: null,
        createdAt: '',
        updatedAt: '',
        version: 1,
      })),
      new Map([['SP-FAN-3', 'gid://shopify/ProductVariant/7']]),
      'NOK',
    );
    expect(lines).toEqual([
      {
        title: 'Gas valve 12V',
        unitPrice: { amount: '149.50', currencyCode: 'NOK' },
        quantity: 2,
        sku: 'SP-VALVE-12',
        requiresShipping: true,
        taxable: true,
      },
      { variantId: 'gid://shopify/ProductVariant/7', quantity: 1 },
    ]);
    expect(decimalPrice(5)).toBe('0.05');
    expect(decimalPrice(123456)).toBe('1234.56');
  });
});
