import { screen, within } from '@testing-library/react';
import type { ShopWebhooksStatus } from '@service-portal/shared/shop-webhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { globalAdmin } from '../../../../test/fixtures.ts';
import { mockApi, problem } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/admin-shop-links.tsx');
  await import('../../../app/layout/app-layout.tsx');
});

const links = { status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } };
const status = (overrides: Partial<ShopWebhooksStatus> = {}): ShopWebhooksStatus => ({
  shop: 'nordic-sanitary-demo.myshopify.com',
  address: 'https://portal.example.com/api/shopify/webhooks',
  topics: [
    {
      topic: 'PRODUCTS_CREATE',
      state: 'subscribed',
      subscriptions: [
        {
          id: 'gid://shopify/WebhookSubscription/1',
          uri: 'https://portal.example.com/api/shopify/webhooks',
          format: 'JSON',
          createdAt: '2026-11-20T10:00:00Z',
        },
      ],
    },
    {
      topic: 'PRODUCTS_UPDATE',
      state: 'other_address',
      subscriptions: [
        {
          id: 'gid://shopify/WebhookSubscription/2',
          uri: 'https://staging.example.com/api/shopify/webhooks',
          format: 'JSON',
          createdAt: '2026-11-20T10:00:00Z',
        },
      ],
    },
    { topic: 'PRODUCTS_DELETE', state: 'missing', subscriptions: [] },
    { topic: 'APP_UNINSTALLED', state: 'missing', subscriptions: [] },
  ],
  error: null,
  checkedAt: '2026-11-26T12:00:00.000Z',
  uninstalledAt: null,
  ...overrides,
});

describe('shop administration: webhook subscriptions', { timeout: 20_000 }, () => {
  it('lists each topic with its state and addresses', async () => {
    mockApi({
      'GET /api/user/profile': { status: 200, body: globalAdmin },
      'GET /api/admin/shop-user-links': links,
      'GET /api/admin/shop/webhooks': { status: 200, body: status() },
    });
    renderApp('/admin/shop-links', { signedInAs: globalAdmin, width: 1440 });
    const panel = await screen.findByRole('region', { name: 'Webhook subscriptions' });
    const rows = await within(panel).findAllByTestId('shop-webhook-topic');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^products\/createSubscribed1 subscriptionhttps:\/\/portal\.example\.com/),
      expect.stringMatching(/^products\/updateOther address only1 subscriptionhttps:\/\/staging\./),
      'products/deleteMissing0 subscriptions',
      'app/uninstalledMissing0 subscriptions',
    ]);
    expect(
      within(panel).getByText(/delivers to https:\/\/portal\.example\.com\/api\/shopify\/webhooks/),
    ).toBeInTheDocument();
    expect(within(panel).queryByText('App uninstalled')).toBeNull();
  });

  it('says when the app was uninstalled and when the shop refuses access', async () => {
    mockApi({
      'GET /api/user/profile': { status: 200, body: globalAdmin },
      'GET /api/admin/shop-user-links': links,
      'GET /api/admin/shop/webhooks': {
        status: 200,
        body: status({
          topics: null,
          error: "The shop refused the portal's access.",
          uninstalledAt: '2026-11-25T08:30:00.000Z',
        }),
      },
    });
    renderApp('/admin/shop-links', { signedInAs: globalAdmin, width: 1440 });
    const panel = await screen.findByRole('region', { name: 'Webhook subscriptions' });
    expect(await within(panel).findByText('App uninstalled')).toBeInTheDocument();
    expect(within(panel).getByText(/refused the portal's access/)).toBeInTheDocument();
    expect(within(panel).queryAllByTestId('shop-webhook-topic')).toHaveLength(0);
  });

  it('shows a load failure with a retry', async () => {
    mockApi({
      'GET /api/user/profile': { status: 200, body: globalAdmin },
      'GET /api/admin/shop-user-links': links,
      'GET /api/admin/shop/webhooks': problem(500, 'internal_error'),
    });
    renderApp('/admin/shop-links', { signedInAs: globalAdmin, width: 1440 });
    const panel = await screen.findByRole('region', { name: 'Webhook subscriptions' });
    expect(
      await within(panel).findByRole('button', { name: 'Try again' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  });
});
