import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, problem } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { ShopOrderAction } from './shop-order-action.tsx';

const ORDER = '11111111-1111-4111-8111-111111111111';
const made = {
  serviceOrderId: ORDER,
  state: 'completed',
  draftOrderId: 'gid://shopify/DraftOrder/7',
  name: '#D7',
  shopStatus: 'COMPLETED',
  invoiceUrl: null,
  adminUrl: 'https://shop.example/admin/draft_orders/7',
  lineCount: 2,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
};

describe('ShopOrderAction', () => {
  it('creates the shop order and then shows its name, state and link', async () => {
    let created = false;
    const { calls } = mockApi({
      'GET /api/shop-orders': () => ({ status: 200, body: { items: created ? [made] : [] } }),
      [`POST /api/service-orders/${ORDER}/create-shopify-order`]: () => {
        created = true;
        return { status: 201, body: made };
      },
    });
    const { user } = renderWithProviders(
      <ShopOrderAction serviceOrderId={ORDER} orderNumber="SO-2026-000001" />,
    );
    await user.click(
      await screen.findByRole('button', { name: 'Order the parts of SO-2026-000001 from the shop' }),
    );
    expect(await screen.findByText('#D7')).toBeInTheDocument();
    expect(screen.getByText('Ordered, payment pending')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open in shop/ })).toHaveAttribute('href', made.adminUrl);
    expect(calls.find((c) => c.method === 'GET')?.params).toEqual({ serviceOrderIds: ORDER });
  });

  it("lists the shop's userErrors when the shop refuses the order", async () => {
    mockApi({
      'GET /api/shop-orders': { status: 200, body: { items: [] } },
      [`POST /api/service-orders/${ORDER}/create-shopify-order`]: {
        status: 422,
        body: {
          ...problem(422, 'shop_order_rejected'),
          errors: [{ path: 'lineItems.0.variantId', message: 'Product with ID 9 is no longer available.' }],
        },
      },
    });
    const { user } = renderWithProviders(<ShopOrderAction serviceOrderId={ORDER} orderNumber="SO-1" />);
    await user.click(await screen.findByRole('button', { name: 'Order the parts of SO-1 from the shop' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The shop refused the order.');
    expect(alert).toHaveTextContent('Product with ID 9 is no longer available.');
  });

  it('cannot order an order without parts', async () => {
    mockApi({ 'GET /api/shop-orders': { status: 200, body: { items: [] } } });
    renderWithProviders(<ShopOrderAction serviceOrderId={ORDER} orderNumber="SO-1" hasParts={false} />);
    await waitFor(() => expect(screen.getByRole('button', { name: /Order the parts/ })).toBeDisabled());
    expect(screen.getByText('Add spare parts to order them from the shop.')).toBeInTheDocument();
  });
});
