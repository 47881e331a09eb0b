import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@service-portal/shared/products';
import { globalAdmin } from '../../../test/fixtures.ts';
import { mockApi, problem } from '../../../test/http.ts';
import { renderApp } from '../../../test/render.tsx';

const ID = 'a0000000-0000-4000-8000-000000000007';

const product: Product = {
  id: ID,
  shopifyId: 'gid://shopify/Product/7',
  title: 'Cinderella Classic',
  handle: 'classic',
  vendor: 'Cinderella',
  productType: 'Toilet',
  type: 'toilet',
  status: 'active',
  tags: [],
  imageUrl: null,
  imageAlt: null,
  sku: 'CIN-7',
  priceMinor: 2_499_000,
  currency: 'NOK',
  stock: 4,
  active: true,
  shopUpdatedAt: '2026-11-01T10:00:00.000Z',
  variants: [
    {
      id: 'a0000000-0000-4000-8000-000000000107',
      shopifyId: 'gid://shopify/ProductVariant/107',
      sku: 'CIN-7',
      barcode: null,
      priceMinor: 2_499_000,
      currency: 'NOK',
      inventoryQuantity: 4,
    },
  ],
  partner: { active: true, notes: null, serviceIntervalMonths: null, version: 0, updatedAt: null },
  deletedAt: null,
  syncedAt: '2026-11-01T10:00:00.000Z',
};

beforeAll(async () => {
  await import('./product.tsx');
  await import('./toilet.tsx');
  await import('../layout/app-layout.tsx');
});

const base = {
  'GET /api/user/profile': { status: 200, body: globalAdmin },
  'GET /api/admin/acting-partners': { status: 200, body: [] },
  'GET /api/documents': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 50 } },
};

// Issue 31, defect 2: the global administrator without a chosen partner on the shared catalogue.
describe('product and toilet pages without a chosen partner', { timeout: 20_000 }, () => {
  it('show the toilet under its heading and ask for a partner in words for the orders', async () => {
    const { calls } = mockApi({ ...base, [`GET /api/products/${ID}`]: { status: 200, body: product } });
    renderApp(`/toilets/${ID}`, { signedInAs: globalAdmin, width: 1440 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cinderella Classic' })).toBeInTheDocument();
    expect(
      await screen.findAllByText(
        "This part shows one service partner's data: choose the service partner to act for.",
      ),
    ).toHaveLength(2);
    // Neither the partner's fields nor a request that needs a partner.
    expect(screen.queryByText('Our settings')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/documents')).toBe(true));
    expect(calls.filter((c) => c.url === '/api/service-orders')).toEqual([]);
  });

  it('a refusal for want of a partner is said in words under the heading, never the raw server message', async () => {
    mockApi({
      ...base,
      [`GET /api/products/${ID}`]: {
        status: 400,
        body: problem(
          400,
          'partner_required',
          'Name the service partner to act for in the X-Service-Partner-Id header.',
        ),
      },
    });
    renderApp(`/products/${ID}`, { signedInAs: globalAdmin, width: 1440 });
    expect(await screen.findByText(/Choose a service partner to act for first\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Product' })).toBeInTheDocument();
    expect(screen.queryByText(/400|X-Service-Partner-Id/)).not.toBeInTheDocument();
  });
});
