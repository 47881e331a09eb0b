import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import type { ShopOrder } from '@service-portal/shared/shop-orders';
import { shopOrderTag } from '@service-portal/shared/shop-orders';
import { AppError } from '../../errors.ts';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';
import { createShopOrdersRepository } from './shop-orders.repository.ts';
import { createShopOrdersService, decimalPrice, draftOrderLines } from './shop-orders.service.ts';

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
    const first = createShopOrdersService({
      repo: createShopOrdersRepository(w.ctx.app.db),
      shop: {
        findDraftOrderByTag: async (tag) => {
          const d = await real.findDraftOrderByTag(tag);
          return d ? { id: d.id, name: d.name, status: d.status, invoiceUrl: null } : null;
        },
        draftOrderCreate: async (input) => {
          shop.shop.control.setFaults({ delayMs: 900 });
          try {
            const d = await impatient.draftOrderCreate(input);
            return { id: d.id, name: d.name, status: d.status, invoiceUrl: null };
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
      shop: (() => {
        const c = shop.client();
        const info = (d: { id: string; name: string; status: string }) => ({ ...d, invoiceUrl: null });
        return {
          findDraftOrderByTag: async (tag: string) => {
            const d = await c.findDraftOrderByTag(tag);
            return d ? info(d) : null;
          },
          draftOrderCreate: async (input: Parameters<typeof c.draftOrderCreate>[0]) =>
            info(await c.draftOrderCreate(input)),
          draftOrderComplete: async (id: string, p: boolean) => info(await c.draftOrderComplete(id, p)),
        };
      })(),
      orders: { get: async () => order },
      // A catalogue variant the shop no longer has.
      findVariantIdsBySkus: async () => new Map([['SP-VALVE-12', 'gid://shopify/ProductVariant/999999999']]),
      adminBase: shop.shop.url,
      shopTimeoutMs: 2000,
    });
    const err = await service
      .create({ partnerId: w.partners.nordic }, order.createdBy ?? '', order.id)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).code).toBe('shop_order_rejected');
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
    );
    expect(lines).toEqual([
      {
        title: 'Gas valve 12V',
        originalUnitPrice: '149.50',
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
