import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop-fixture.ts';
import { ShopError } from './client.ts';

let t: TestShop;

beforeAll(async () => {
  t = await startTestShop({ products: 20, seed: 3 });
});
afterAll(async () => t.close());
afterEach(() => t.shop.control.clearFaults());

/** An access token of the demo shop carrying only `scope` (its OAuth authorize and code exchange). */
async function tokenWithScope(scope: string): Promise<string> {
  const form = new URLSearchParams({
    client_id: t.configOverrides.shop.apiKey,
    redirect_uri: 'http://127.0.0.1/callback',
    state: 'st',
    scope,
    decision: 'approve',
  });
  const res = await fetch(`${t.shop.url}/admin/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  const granted = await t.client().exchangeCode(code);
  expect(granted.scopes).toEqual([scope]);
  return granted.accessToken;
}

function activeVariant() {
  const p = t.shop.control.products().find((x) => x.status === 'ACTIVE')!;
  return { product: p, variant: p.variants[0]! };
}

describe('draft orders', () => {
  it('creates a draft order from a variant and a custom line with its currency, completes it with payment pending, and finds it', async () => {
    const { product, variant } = activeVariant();
    const client = t.client();
    const draft = await client.draftOrderCreate({
      lineItems: [
        { variantId: `gid://shopify/ProductVariant/${variant.id}`, quantity: 2 },
        {
          title: 'Seal, custom size',
          unitPrice: { amount: '149.50', currencyCode: 'NOK' },
          quantity: 1,
          sku: 'X-SEAL',
          requiresShipping: true,
          taxable: true,
        },
      ],
      tags: ['service-order:SO-1001', 'partner:nordic'],
      note: 'Spare parts for SO-1001',
      paymentPending: true,
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
    // "Due on receipt" payment terms (the shop's RECEIPT template) instead of paymentPending.
    expect(listed.paymentTermsTemplateId).toBe(1);
    expect(draft.invoiceUrl).toMatch(/^https:\/\/nordic-sanitary-demo\.myshopify\.com\//);

    const completed = await client.draftOrderComplete(draft.id);
    expect(completed.status).toBe('COMPLETED');
    expect(completed.completedAt).not.toBeNull();
    expect(listed.order?.paymentPending).toBe(true);
    expect(await client.findDraftOrder(draft.id)).toMatchObject({ id: draft.id, status: 'COMPLETED' });
    expect(await client.findDraftOrder('gid://shopify/DraftOrder/1')).toBeNull();

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

  it("a custom line priced in another currency than the shop's is a user error", async () => {
    const err = await t
      .client()
      .draftOrderCreate({
        lineItems: [{ title: 'Seal', unitPrice: { amount: '10.00', currencyCode: 'EUR' }, quantity: 1 }],
      })
      .catch((e: unknown) => e);
    expect((err as ShopError).kind).toBe('user_errors');
    expect((err as ShopError).userErrors?.[0]?.field).toEqual([
      'lineItems',
      '0',
      'originalUnitPriceWithCurrency',
    ]);
  });

  it("a field outside the token's scopes is null with ACCESS_DENIED next to the data, as Shopify answers", async () => {
    const { variant } = activeVariant();
    const client = t.client();
    const draft = await client.draftOrderCreate({
      lineItems: [{ variantId: `gid://shopify/ProductVariant/${variant.id}`, quantity: 1 }],
    });
    await client.draftOrderComplete(draft.id);
    // What the portal used to select: Order needs read_orders, which the app does not request.
    const { data, errors } = await client.graphql<{ draftOrder: { id: string; name: string; order: null } }>(
      `query ($id: ID!) { draftOrder(id: $id) { id name order { id name } } }`,
      { id: draft.id },
    );
    expect(data.draftOrder).toEqual({ id: draft.id, name: draft.name, order: null });
    expect(errors).toEqual([
      expect.objectContaining({
        path: ['draftOrder', 'order'],
        extensions: expect.objectContaining({
          code: 'ACCESS_DENIED',
          requiredAccess: expect.stringContaining('`read_orders`'),
        }),
      }),
    ]);
  });

  it('a token without read access to draft orders: the draft is made, the answer cannot show it (bad_response ACCESS_DENIED)', async () => {
    // A token granted write_products only (from the shop's OAuth, as a merchant could grant it).
    const token = await tokenWithScope('write_products');
    const before = t.shop.control.draftOrders().length;
    const err = await t
      .client({ accessToken: token })
      .draftOrderCreate({
        lineItems: [{ variantId: `gid://shopify/ProductVariant/${activeVariant().variant.id}`, quantity: 1 }],
      })
      .catch((e: unknown) => e);
    // draftOrderCreate itself needs write_draft_orders: the whole payload is denied and nothing is made.
    expect((err as ShopError).kind).toBe('bad_response');
    expect((err as ShopError).code).toBe('ACCESS_DENIED');
    expect(t.shop.control.draftOrders()).toHaveLength(before);
    // read_products comes with write_products: the catalogue still reads.
    const page = await t.client({ accessToken: token }).products({ first: 2 });
    expect(page.nodes).toHaveLength(2);
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
