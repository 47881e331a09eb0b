import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/http.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { CataloguePicker } from './catalogue-picker.tsx';

describe('catalogue picker', () => {
  it('shows each hit’s price as formatted money, not "34009.00 NOK" (issue 31)', async () => {
    mockApi({
      'GET /api/shopify/products/search': {
        status: 200,
        body: {
          results: [
            {
              productId: 'a0000000-0000-4000-8000-000000000001',
              variantId: 'a0000000-0000-4000-8000-000000000002',
              name: 'Cinderella Classic',
              sku: 'CIN-1',
              unitPriceMinor: 3_400_900,
              currency: 'NOK',
              supplier: null,
              imageUrl: null,
              type: 'toilet',
            },
          ],
        },
      },
    });
    const { user } = renderWithProviders(<CataloguePicker label="Product" onPick={() => undefined} />);
    await user.click(screen.getByRole('combobox', { name: 'Product' }));
    await user.keyboard('cin');
    await screen.findByText('Cinderella Classic · CIN-1', { exact: false }, { timeout: 5_000 });
    const option = await screen.findByRole('option', {}, { timeout: 5_000 });
    expect(option).toHaveTextContent(/NOK\s34,009\.00/);
    expect(screen.queryByText(/34009\.00/)).not.toBeInTheDocument();
  });
});
