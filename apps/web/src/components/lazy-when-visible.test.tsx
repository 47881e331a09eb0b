import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { LAZY_ROOT_MARGIN, lazyWhenVisible, preloadPart } from './lazy-when-visible.tsx';

function Panel({ title }: { title: string }) {
  return <h2>{title}</h2>;
}

/** An IntersectionObserver the test drives: `reveal()` reports the observed placeholders in view. */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({ callback, options });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    reveal: () =>
      act(() => {
        for (const { callback } of observers)
          callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      }),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lazyWhenVisible', () => {
  it('loads at once where there is no IntersectionObserver (jsdom)', async () => {
    expect(typeof IntersectionObserver).toBe('undefined');
    const load = vi.fn(() => Promise.resolve(Panel));
    const Lazy = lazyWhenVisible(load, 120);
    renderWithProviders(<Lazy title="Work log" />);
    expect(await screen.findByRole('heading', { name: 'Work log' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a busy placeholder and loads only once the placeholder nears the viewport', async () => {
    const io = fakeObserver();
    const load = vi.fn(() => Promise.resolve(Panel));
    const Lazy = lazyWhenVisible(load, 120);
    renderWithProviders(<Lazy title="Photos" />);
    const placeholder = screen.getByRole('status', { name: 'Loading...' });
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(load).not.toHaveBeenCalled();
    expect(io.observers[0]?.options?.rootMargin).toBe(LAZY_ROOT_MARGIN);

    io.reveal();
    expect(await screen.findByRole('heading', { name: 'Photos' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('loads at once when the reader came for the part', async () => {
    fakeObserver();
    const Lazy = lazyWhenVisible(() => Promise.resolve(Panel), 120);
    renderWithProviders(<Lazy title="Communications" immediate />);
    expect(await screen.findByRole('heading', { name: 'Communications' })).toBeInTheDocument();
  });

  it('renders a preloaded part without a placeholder', async () => {
    fakeObserver();
    const load = () => Promise.resolve(Panel);
    await preloadPart(load);
    const Lazy = lazyWhenVisible(load, 120);
    renderWithProviders(<Lazy title="Spare parts" />);
    expect(screen.getByRole('heading', { name: 'Spare parts' })).toBeInTheDocument();
  });

  it('shows the load error when the chunk fails, and loads it again on retry', async () => {
    const load = vi
      .fn<() => Promise<typeof Panel>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Panel);
    const Lazy = lazyWhenVisible(load, 120);
    const { user } = renderWithProviders(<Lazy title="Totals" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load data.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Totals' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
