import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder } from '@service-portal/shared/service-orders';
import type { ShopOrderPreview } from '@service-portal/shared/shop-orders';
import { shopOrderTag } from '@service-portal/shared/shop-orders';
import { createOrdersWorld, orderInput, type OrdersWorld } from '../../../test/service-order-fixtures.ts';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';

// The confirmation's preview of a shop order (issue 31 item 8): what ordering would send, and
// that asking for it sends nothing to the shop.

let w: OrdersWorld;
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ products: 5 });
  w = await createOrdersWorld({ config: shop.configOverrides });
});
afterAll(async () => {
  await w?.ctx.close();
  await shop?.close();
});

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

async function draftsTagged(orderId: string): Promise<unknown[]> {
  const res = await fetch(`${shop.shop.url}/_control/draft-orders`);
  const { draftOrders } = (await res.json()) as { draftOrders: { tags: string[] }[] };
  return draftOrders.filter((d) => d.tags.includes(shopOrderTag(orderId)));
}

describe('GET /api/service-orders/:id/create-shopify-order/preview', () => {
  it('lists each part with quantity, unit price and line total, the total, currency and shop; sends nothing', async () => {
    const order = await newOrder(w.tokens.manager);
    const res = await w.api(w.tokens.manager).get(`/service-orders/${order.id}/create-shopify-order/preview`);
    expect(res.statusCode).toBe(200);
    const preview = res.json<ShopOrderPreview>();
    expect(preview.lines).toEqual([
      {
        partNumber: 'SP-VALVE-12',
        name: 'Gas valve 12V',
        quantity: 2,
        unitPrice: 14950,
        lineTotal: 29900,
        catalogue: false,
      },
      {
        partNumber: 'SP-FAN-3',
        name: 'Burner fan',
        quantity: 1,
        unitPrice: 89900,
        lineTotal: 89900,
        catalogue: false,
      },
    ]);
    expect(preview.total).toBe(119800);
    expect(preview.currency).toBe('NOK');
    expect(preview.shop).toBe(new URL(shop.shop.url).host);
    expect(await draftsTagged(order.id)).toHaveLength(0);
  });

  it("keeps partners apart: another partner's order is 404", async () => {
    const order = await newOrder(w.tokens.manager);
    const res = await w.api(w.tokens.fjord).get(`/service-orders/${order.id}/create-shopify-order/preview`);
    expect(res.statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const res = await w.api(w.tokens.manager).get('/service-orders/not-a-uuid/create-shopify-order/preview');
    expect(res.statusCode).toBe(400);
  });
});
