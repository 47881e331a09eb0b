import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PRICING } from '@service-portal/shared/pricing';
import type { CategoryPricing, PricingConfig, RentalProductPricing } from '@service-portal/shared/pricing';
import { notifications } from '@mantine/notifications';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serviceManager } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import type { Handler, RecordedRequest } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

beforeAll(async () => {
  await import('../../../app/routes/pricing.tsx');
  await import('../../../app/layout/app-layout.tsx');
});
// The notices live in one store for the whole file: each test starts without the last one's.
beforeEach(() => notifications.clean());

const STAMP = '2026-03-01T09:00:00.000Z';
const RULE: CategoryPricing = {
  id: 'c1000000-0000-4000-8000-000000000009',
  category: 'other',
  pricingType: 'hourly',
  price: 60_000,
  intervalMinutes: 30,
  createdAt: STAMP,
  updatedAt: STAMP,
  version: 3,
};
const UNIT = 'a1000000-0000-4000-8000-000000000001';
const RENTAL: RentalProductPricing = {
  rentalProductId: UNIT,
  dailyPrice: 25_000,
  weeklyPrice: null,
  currency: 'NOK',
  updatedAt: STAMP,
  version: 2,
};

const config: PricingConfig = {
  ...DEFAULT_PRICING,
  categories: [RULE],
  isDefault: false,
  updatedAt: STAMP,
  version: 1,
};
const writes = (calls: RecordedRequest[]) => calls.filter((c) => c.method !== 'GET');

function start(routes: Record<string, Handler>, rentals: RentalProductPricing[] = []) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: serviceManager },
    'GET /api/pricing': { status: 200, body: config },
    'GET /api/pricing/rental-products': { status: 200, body: rentals },
    ...routes,
  });
  return { ...api, ...renderApp('/pricing', { signedInAs: serviceManager }) };
}

async function category() {
  const started = start({
    [`DELETE /api/pricing/categories/${RULE.id}`]: { status: 204 },
    'POST /api/pricing/categories': (request) => ({
      status: 201,
      body: { ...RULE, ...(request.body as object), id: 'c1000000-0000-4000-8000-00000000000a' },
    }),
  });
  await started.user.click(await screen.findByRole('tab', { name: 'Category Pricing' }));
  return started;
}

function rental() {
  return start(
    {
      [`DELETE /api/pricing/rental-products/${UNIT}`]: { status: 204 },
      [`PUT /api/pricing/rental-products/${UNIT}`]: (request) => ({
        status: 200,
        body: { ...RENTAL, ...(request.body as object), version: 1 },
      }),
    },
    [RENTAL],
  );
}

describe('deleting a pricing rule (issue 31 item 8)', { timeout: 20_000 }, () => {
  it('names the category rule and its price, and sends nothing when kept', async () => {
    const { user, calls } = await category();
    await user.click(await screen.findByRole('button', { name: 'Delete Other' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this price?' }));
    expect(dialog.getByText('Other')).toBeInTheDocument();
    expect(dialog.getByText('Price: NOK 600.00')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);
  });

  it('deletes once on confirm, and "Undo" re-adds the rule with the same values', async () => {
    const { user, calls } = await category();
    await user.click(await screen.findByRole('button', { name: 'Delete Other' }));
    await user.click(await screen.findByRole('button', { name: 'Delete the price' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.url}`)).toEqual([
      `DELETE /api/pricing/categories/${RULE.id}`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('The price is back.')).toBeInTheDocument();
    const posts = writes(calls).filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([
      { category: 'other', pricingType: 'hourly', price: 60_000, intervalMinutes: 30 },
    ]);
  });

  it('names the rental product and its prices; kept sends nothing, confirmed deletes once, undo puts them back', async () => {
    const { user, calls } = rental();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete this price?' }));
    expect(dialog.getByText(UNIT)).toBeInTheDocument();
    expect(dialog.getByText('Price: Daily price: NOK 250.00, Weekly price: —')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete this price?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete the price' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    expect(writes(calls).map((c) => `${c.method} ${c.url}`)).toEqual([
      `DELETE /api/pricing/rental-products/${UNIT}`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('The price is back.')).toBeInTheDocument();
    expect(
      writes(calls)
        .filter((c) => c.method === 'PUT')
        .map((c) => c.body),
    ).toEqual([{ dailyPrice: 25_000, weeklyPrice: null, version: 0 }]);
  });
});
