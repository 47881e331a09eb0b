import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listPage, lookupRoutes, serviceManager, serviceOrderRows } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

describe('order list cells (issue 31)', { timeout: 20_000 }, () => {
  it('keeps order numbers and dates on one line at 1440 px', async () => {
    const rows = serviceOrderRows(3, 1);
    mockApi({
      'GET /api/user/profile': { status: 200, body: serviceManager },
      ...lookupRoutes,
      'GET /api/service-orders': listPage(rows, rows.length, 1, 20),
    });
    renderApp('/service-orders', { signedInAs: serviceManager, width: 1440 });
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    const number = within(table).getByRole('link', { name: rows[0]!.orderNumber });
    expect(number).toHaveStyle({ whiteSpace: 'nowrap' });
    const row = number.closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    const column = within(table)
      .getAllByRole('columnheader')
      .findIndex((header) => header.textContent?.includes('Created'));
    const dateTexts = [...cells[column]!.querySelectorAll('p')];
    expect(dateTexts.length).toBeGreaterThan(0);
    for (const text of dateTexts) expect(text).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
