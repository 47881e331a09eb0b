import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAIN_ID, useFocusHeadingOnNavigation } from './focus-on-navigation.tsx';

function Screen({ path, heading }: { path: string; heading: boolean }) {
  useFocusHeadingOnNavigation(path);
  return (
    <>
      <input aria-label="Search" />
      <main id={MAIN_ID}>{heading ? <h1 tabIndex={-1}>Order SO-1</h1> : <p>Loading</p>}</main>
    </>
  );
}

// Issue 31, defect 7: focus moves to the new screen's heading only if the user has not moved it.
describe('focus after a navigation', () => {
  it('goes to the heading when it appears and the user has not moved the focus', async () => {
    const { getByRole, rerender } = render(<Screen path="/" heading={false} />);
    rerender(<Screen path="/service-orders/1" heading={false} />);
    await act(async () => rerender(<Screen path="/service-orders/1" heading />));
    expect(getByRole('heading')).toHaveFocus();
  });

  it('stays where the user put it (Ctrl+K into the search) while the screen still loads', async () => {
    const { getByRole, rerender } = render(<Screen path="/" heading={false} />);
    rerender(<Screen path="/service-orders/1" heading={false} />);
    act(() => getByRole('textbox', { name: 'Search' }).focus());
    await act(async () => rerender(<Screen path="/service-orders/1" heading />));
    expect(getByRole('textbox', { name: 'Search' })).toHaveFocus();
    expect(getByRole('heading')).not.toHaveFocus();
  });
});
