import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
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

const preview = {
  shop: 'maker-shop.example',
  currency: 'NOK',
  lines: [
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
      catalogue: true,
    },
  ],
  total: 119800,
};
const PREVIEW = `GET /api/service-orders/${ORDER}/create-shopify-order/preview`;

/** Presses "Order parts" and answers the confirmation with `answer`. */
async function orderAndAnswer(user: UserEvent, orderNumber: string, answer: 'Order these parts' | 'Cancel') {
  await user.click(
    await screen.findByRole('button', { name: `Order the parts of ${orderNumber} from the shop` }),
  );
  const dialog = within(await screen.findByRole('dialog', { name: `Order the parts of ${orderNumber}?` }));
  await dialog.findByText('Gas valve 12V');
  await user.click(dialog.getByRole('button', { name: answer }));
  return dialog;
}

describe('ShopOrderAction', () => {
  it('previews every part, its quantity and price, the total and the shop; Cancel sends nothing', async () => {
    const { calls } = mockApi({
      'GET /api/shop-orders': { status: 200, body: { items: [] } },
      [PREVIEW]: { status: 200, body: preview },
    });
    const { user } = renderWithProviders(<ShopOrderAction serviceOrderId={ORDER} orderNumber="SO-1" />);
    await user.click(await screen.findByRole('button', { name: 'Order the parts of SO-1 from the shop' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Order the parts of SO-1?' }));
    expect(await dialog.findByText('Gas valve 12V')).toBeInTheDocument();
    expect(dialog.getByText('SP-VALVE-12')).toBeInTheDocument();
    expect(dialog.getByText('2 × NOK 149.50')).toBeInTheDocument();
    expect(dialog.getByText('NOK 299.00')).toBeInTheDocument();
    expect(dialog.getByText('Burner fan')).toBeInTheDocument();
    expect(dialog.getByText('SP-FAN-3 · shop catalogue price')).toBeInTheDocument();
    expect(dialog.getByText('1 × NOK 899.00')).toBeInTheDocument();
    expect(dialog.getByText('NOK 1,198.00')).toBeInTheDocument();
    expect(dialog.getByText('The order goes to the shop maker-shop.example.')).toBeInTheDocument();
    expect(dialog.getByText('A shop order cannot be taken back once it is sent.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates the shop order and then shows its name, state and link', async () => {
    let created = false;
    const { calls } = mockApi({
      'GET /api/shop-orders': () => ({ status: 200, body: { items: created ? [made] : [] } }),
      [`POST /api/service-orders/${ORDER}/create-shopify-order`]: () => {
        created = true;
        return { status: 201, body: made };
      },
      [PREVIEW]: { status: 200, body: preview },
    });
    const { user } = renderWithProviders(
      <ShopOrderAction serviceOrderId={ORDER} orderNumber="SO-2026-000001" />,
    );
    await orderAndAnswer(user, 'SO-2026-000001', 'Order these parts');
    expect(await screen.findByText('#D7')).toBeInTheDocument();
    expect(screen.getByText('Ordered, payment pending')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open in shop/ })).toHaveAttribute('href', made.adminUrl);
    expect(calls.find((c) => c.method === 'GET')?.params).toEqual({ serviceOrderIds: ORDER });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
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
      [PREVIEW]: { status: 200, body: preview },
    });
    const { user } = renderWithProviders(<ShopOrderAction serviceOrderId={ORDER} orderNumber="SO-1" />);
    await orderAndAnswer(user, 'SO-1', 'Order these parts');
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
