import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { resetTransport } from '../src/lib/api-client.ts';
import { i18n, initI18n, loadAllTexts } from '../src/lib/i18n.ts';
import { installFastLabels } from './fast-labels.ts';

/**
 * jsdom has no layout engine: width media queries are answered against window.innerWidth (jsdom's
 * default is 1024, a desktop), so a test can pick a phone by setting innerWidth before rendering.
 */
function matchesQuery(query: string): boolean {
  const width = window.innerWidth;
  const px = (value: string, unit: string) => Number(value) * (unit === 'px' ? 1 : 16);
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, value = '0', unit = 'px']) =>
    kind === 'min' ? width >= px(value, unit) : width <= px(value, unit),
  );
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: matchesQuery(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
// Mantine's autosizing textarea re-measures when web fonts finish loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
// *ByLabelText without a walk of the whole page per element (fast-labels.ts).
installFastLabels(window);
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = () => {};

// Route screens are lazy chunks, transformed on first use; with test files running in parallel on
// a two-core machine the first findBy* of a file can need more than the default second, and a
// loaded machine (CI beside other suites) has been seen to need more than 3 s for a list re-render.
// A bound, not a timing assertion: a passing wait returns as soon as the element appears.
configure({ asyncUtilTimeout: 10_000 });

const defaultWidth = window.innerWidth;

beforeAll(async () => {
  await initI18n();
  // Components are tested alone too: every text, not only the core the sign-in page starts with.
  await loadAllTexts();
});

// Mantine's notifications live in a module-level store, not in the app that shows them: a notice
// of the test before (even one shown after its cleanup, its answer handled late on a slow machine)
// would show in the next test's app. Cleared as each test starts.
beforeEach(() => notifications.clean());

afterEach(async () => {
  cleanup();
  resetTransport();
  window.innerWidth = defaultWidth;
  await i18n.changeLanguage('en');
  window.localStorage.clear();
  window.sessionStorage.clear();
});
