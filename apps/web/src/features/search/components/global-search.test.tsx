import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GlobalSearchResponse } from '@service-portal/shared/search';
import { serviceManager } from '../../../../test/fixtures.ts';
import { mockApi, problem, type Handler } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';

const ORDER_ID = '5b8f0a52-8d59-4a4b-9e43-2b1f9c1d0a01';
const CUSTOMER_ID = '5b8f0a52-8d59-4a4b-9e43-2b1f9c1d0a02';

const answer: GlobalSearchResponse = {
  results: [
    {
      id: ORDER_ID,
      name: 'SO-2026-000042 · Heater element',
      type: 'ServiceOrder',
      subtitle: 'Ola Lindqvist',
    },
    { id: CUSTOMER_ID, name: 'Ola Lindqvist', type: 'Customer', subtitle: 'ola@example.net' },
    { id: 'x1', name: 'Manual', type: 'Brochure', subtitle: null },
  ],
};

function start(search: Handler = { status: 200, body: answer }, width?: number) {
  const api = mockApi({
    'GET /api/user/profile': { status: 200, body: serviceManager },
    'POST /api/search/global': search,
  });
  return { ...renderApp('/', { signedInAs: serviceManager, ...(width ? { width } : {}) }), ...api };
}

// The suggestions come after the 300 ms pause; on a busy machine the first render takes a while more.
const WAIT = { timeout: 5_000 };

const searchCalls = (calls: ReturnType<typeof start>['calls']) =>
  calls.filter((c) => c.url === '/api/search/global').map((c) => c.body);

describe('global search', () => {
  it('suggests after 2 characters, moves with the arrows and opens the order on Enter', async () => {
    const { user, calls, router } = start();
    const box = await screen.findByRole('combobox', { name: 'Search' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Control>}k{/Control}');
    // The focus loads the suggestion list, whose field replaces this one and keeps the focus (decision 034).
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search' })).toHaveFocus());
    // One character asks nothing; the rest arrives at once (pasted), so a slow machine's pause
    // between two keys cannot pass for the 300 ms pause and ask for "li" on its own.
    await user.keyboard('l');
    await user.paste('in');

    const dropdown = await screen.findByTestId('search-suggestions', {}, WAIT);
    expect(within(dropdown).getByText('Suggestions')).toBeInTheDocument();
    expect(
      await within(dropdown).findByText('SO-2026-000042 · Heater element', {}, WAIT),
    ).toBeInTheDocument();
    expect(within(dropdown).getByText('Search all for "lin"')).toBeInTheDocument();
    // An unknown server type reads as a document (spec §2).
    expect(within(dropdown).getAllByText('Document')).toHaveLength(1);
    // Only the whole text was asked for, in suggestion mode, 8 per type on a desktop.
    expect(searchCalls(calls)).toEqual([{ query: 'lin', maxResultsPerType: 8, isSuggestionMode: true }]);

    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/service-orders/${ORDER_ID}`));
  });

  it('opens a customer with the second suggestion', async () => {
    const { user, router } = start();
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'ola');
    await screen.findByText('ola@example.net', {}, WAIT);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${CUSTOMER_ID}`));
  });

  it('searches all on Enter with no suggestion chosen, and Escape closes', async () => {
    const { user, router } = start();
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'ola');
    await screen.findByText('SO-2026-000042 · Heater element', {}, WAIT);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('SO-2026-000042 · Heater element')).not.toBeVisible());
    await user.type(box, 'v{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=olav');
  });

  it('asks for one more character after one, and does not search yet (issue 31)', async () => {
    const { user, calls } = start({ status: 200, body: { results: [] } });
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'z');
    expect(await screen.findByText('Type 1 more character to search', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('No suggestions found')).not.toBeInTheDocument();
    expect(searchCalls(calls)).toEqual([]);
  });

  it('says "No suggestions found" when nothing matches', async () => {
    const { user } = start({ status: 200, body: { results: [] } });
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'zz');
    expect(await screen.findByText('No suggestions found', {}, WAIT)).toBeInTheDocument();
  });

  it('shows the failure in words', async () => {
    const { user } = start({ status: 500, body: problem(500, 'internal') });
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'zz');
    expect(await screen.findByText('Search failed. Please try again.', {}, WAIT)).toBeInTheDocument();
  });

  it('asks for 5 per type on a phone (the simple mode), never under 2 characters', async () => {
    const { user, calls } = start(undefined, 375);
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'o');
    await user.type(box, 'l');
    await screen.findByText('SO-2026-000042 · Heater element', {}, WAIT);
    expect(searchCalls(calls)).toEqual([{ query: 'ol', maxResultsPerType: 5, isSuggestionMode: true }]);
  });
});
