import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';
import { ShopError } from './client.ts';

let t: TestShop;

beforeAll(async () => {
  t = await startTestShop({ products: 20, seed: 3 });
});
afterAll(async () => t.close());
afterEach(() => t.shop.control.clearFaults());

function activeVariant() {
  const p = t.shop.control.products().find((x) => x.status === 'ACTIVE')!;
  return { product: p, variant: p.variants[0]! };
}

describe('draft orders', () => {
  it('creates a draft order from a variant and a custom line, completes it, and finds it by tag', async () => {
    const { product, variant } = activeVariant();
    const client = t.client();
    const draft = await client.draftOrderCreate({
      lineItems: [
        { variantId: `gid://shopify/ProductVariant/${variant.id}`, quantity: 2 },
        {
          title: 'Seal, custom size',
          originalUnitPrice: '149.50',
          quantity: 1,
          sku: 'X-SEAL',
          requiresShipping: true,
          taxable: true,
        },
      ],
      tags: ['service-order:SO-1001', 'partner:nordic'],
      note: 'Spare parts for SO-1001',
    });
    expect(draft.id).toMatch(/^gid:\/\/shopify\/DraftOrder\/\d+$/);
    expect(draft.status).toBe('OPEN');
    expect(draft.currencyCode).toBe('NOK');
    expect(draft.totalPrice).toBe((Number(variant.price) * 2 + 149.5).toFixed(2));

    const listed = t.shop.control.draftOrders().find((d) => `gid://shopify/DraftOrder/${d.id}` === draft.id)!;
    expect(listed.lineItems.map((l) => [l.title, l.sku, l.quantity])).toEqual([
      [product.title, variant.sku, 2],
      ['Seal, custom size', 'X-SEAL', 1],
    ]);
    expect(listed.note).toBe('Spare parts for SO-1001');

    const completed = await client.draftOrderComplete(draft.id, true);
    expect(completed.status).toBe('COMPLETED');
    expect(completed.order?.id).toMatch(/^gid:\/\/shopify\/Order\/\d+$/);

    const found = await client.findDraftOrderByTag('service-order:SO-1001');
    expect(found).toMatchObject({ id: draft.id, status: 'COMPLETED' });
    expect(await client.findDraftOrderByTag('service-order:SO-404')).toBeNull();

    // The control route lists what was created, for tests and people.
    const res = await fetch(`${t.shop.url}/_control/draft-orders`);
    const body = (await res.json()) as { draftOrders: { gid: string; status: string }[] };
    expect(body.draftOrders).toContainEqual(expect.objectContaining({ gid: draft.id, status: 'COMPLETED' }));
  });

  it('userErrors (unknown variant, quantity below 1) are ShopError user_errors and create nothing', async () => {
    const before = t.shop.control.draftOrders().length;
    const { variant } = activeVariant();
    const err = await t
      .client()
      .draftOrderCreate({
        lineItems: [
          { variantId: 'gid://shopify/ProductVariant/1', quantity: 1 },
          { variantId: `gid://shopify/ProductVariant/${variant.id}`, quantity: 0 },
        ],
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShopError);
    expect((err as ShopError).kind).toBe('user_errors');
    expect((err as ShopError).userErrors).toEqual([
      {
        field: ['lineItems', '0', 'variantId'],
        message: 'Product with ID gid://shopify/ProductVariant/1 is no longer available.',
      },
      { field: ['lineItems', '1', 'quantity'], message: 'Quantity must be greater than or equal to 1' },
    ]);
    expect(t.shop.control.draftOrders()).toHaveLength(before);
  });

  it('completing twice is a user error; completing an unknown draft too', async () => {
    const { variant } = activeVariant();
    const client = t.client();
    const draft = await client.draftOrderCreate({
      lineItems: [{ variantId: `gid://shopify/ProductVariant/${variant.id}`, quantity: 1 }],
    });
    await client.draftOrderComplete(draft.id);
    const twice = await client.draftOrderComplete(draft.id).catch((e: unknown) => e);
    expect((twice as ShopError).kind).toBe('user_errors');
    const unknown = await client.draftOrderComplete('gid://shopify/DraftOrder/1').catch((e: unknown) => e);
    expect((unknown as ShopError).kind).toBe('user_errors');
  });

  it('a revoked token stops draft orders too', async () => {
    t.shop.control.setFaults({ revoked: true });
    const err = await t
      .client()
      .findDraftOrderByTag('x')
      .catch((e: unknown) => e);
    expect((err as ShopError).kind).toBe('revoked');
  });
});
