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
 * After each navigation to another screen (not on the first load, not when only the query string
 * changes), focus moves to the new screen's heading, so a screen reader announces where the user
 * is and Tab continues from the top of the content. Screens load lazily and fetch their data, so
 * it waits (up to 5 s) for the heading to appear.
 */
export function useFocusHeadingOnNavigation(pathname: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (focusHeading(false)) return;
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const observer = new MutationObserver(() => {
      if (focusHeading(false)) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
}
