import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as SearchCombobox from './global-search-combobox.tsx';
import { serviceManager } from '../../../../test/fixtures.ts';
import { mockApi } from '../../../../test/http.ts';
import { renderApp } from '../../../../test/render.tsx';
import { typeRightAfterCaretRead } from '../../../../test/type-after-caret-read.ts';

// The suggestion list's module is held until the test lets it go, as on a first visit's slow load.
const gate = vi.hoisted(() => {
  let arrive = () => {};
  const held = new Promise<void>((resolve) => (arrive = resolve));
  return { held, arrive: () => arrive() };
});
vi.mock('./global-search-combobox.tsx', async (importOriginal) => {
  const module = await importOriginal<typeof SearchCombobox>();
  await gate.held;
  return module;
});

describe('global search, typed while its list loads (issue 31)', () => {
  it('keeps every character in order and the caret where typing goes on', async () => {
    mockApi({
      'GET /api/user/profile': { status: 200, body: serviceManager },
      'POST /api/search/global': { status: 200, body: { results: [] } },
    });
    const { user } = renderApp('/', { signedInAs: serviceManager });
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.keyboard('{Control>}k{/Control}');
    expect(box).toHaveFocus();
    typeRightAfterCaretRead(box as HTMLInputElement, 'S');
    gate.arrive();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search' })).not.toBe(box));
    const loaded = screen.getByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(loaded).toHaveFocus());
    expect(loaded).toHaveValue('S');
    await user.keyboard('O-2026-000271');
    expect(loaded).toHaveValue('SO-2026-000271');
  });
});
