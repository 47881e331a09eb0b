import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export const MAIN_ID = 'main-content';
const WAIT_FOR_HEADING_MS = 5_000;

/**
 * Decision 028: the first thing a keyboard user meets on every signed-in screen. Hidden until it
 * has focus; it moves focus to the page's heading (or the main area), past the top bar and menu.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="sp-skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        focusHeading(true);
      }}
    >
      {t('a11y.skipToMain')}
    </a>
  );
}

/** Focuses the screen's h1 (PageHeader makes it focusable); without one, the main area. */
function focusHeading(fallbackToMain: boolean): boolean {
  const main = document.getElementById(MAIN_ID);
  const heading = main?.querySelector<HTMLElement>('h1');
  const target = heading ?? (fallbackToMain ? main : null);
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}

/**
 * Whether focus is still where the navigation left it: on the page itself, on the element that
 * led here (the link, the row), or on an element the new screen removed. Anything else is the
 * user's own choice (the search after Ctrl+K, a field they clicked) and is never taken away.
 */
function focusUntouched(start: Element | null): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === start || !active.isConnected;
}

/**
 * After each navigation to another screen (not on the first load, not when only the query string
 * changes), focus moves to the new screen's heading, so a screen reader announces where the user
 * is and Tab continues from the top of the content. Screens load lazily and fetch their data, so
 * it waits (up to 5 s) for the heading to appear, but only while the user has not moved the focus
 * themself (issue 31: the heading took it from the search seconds later).
 */
export function useFocusHeadingOnNavigation(pathname: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const start = document.activeElement;
    // The heading this effect focused: focus still there is untouched too, so a screen that
    // re-renders its header (data arriving, a lazy part replacing a placeholder) gets it back.
    let placed: Element | null = null;
    const untouched = () => focusUntouched(start) || (placed !== null && document.activeElement === placed);
    const place = () => {
      if (!focusHeading(false)) return false;
      placed = document.activeElement;
      return true;
    };
    place();
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      document.removeEventListener('focusin', onFocusIn, true);
    };
    // The user moved on: stop watching.
    const onFocusIn = () => {
      if (!untouched()) stop();
    };
    // Until the screen settles (5 s at most), a heading replaced or shown later takes the focus
    // again, as long as the user has not moved it.
    const observer = new MutationObserver(() => {
      if (!untouched()) stop();
      else if (placed === null || !placed.isConnected || placed !== main.querySelector('h1')) place();
    });
    observer.observe(main, { childList: true, subtree: true });
    document.addEventListener('focusin', onFocusIn, true);
    const timer = window.setTimeout(stop, WAIT_FOR_HEADING_MS);
    return stop;
  }, [pathname]);
}
