import { describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import { routeWalk, TABLET_WIDTHS, USERS, WIDE_LISTS } from './support/route-walk.ts';
import { signInViaUi } from './support/sign-in.ts';

/**
 * Issue 18: every route of the app, as each role whose screens differ, at a desktop and a phone
 * width: no critical or serious axe violation (WCAG 2.1 A/AA) and no page wider than the viewport
 * (support/route-walk.ts holds the routes). This half: the public screens, the partner's office
 * and the wide lists at tablet widths; every-route-more.e2e.ts walks the technician, the opened
 * states and the global administrator beside it.
 */
const w = routeWalk();

describe('every route, every role, 1440 and 375 px', () => {
  it('public screens', { timeout: 300_000 }, async () => {
    const browser = await openBrowser();
    try {
      expect(w.failures(await w.walk(browser, 'visitor'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('signed in as office', { timeout: 600_000 }, async () => {
    const browser = await openBrowser();
    try {
      await signInViaUi(browser.page, w.app().url, w.mail(), USERS.office);
      await browser.page.waitForURL(`${w.app().url}/`);
      expect(w.failures(await w.walk(browser, 'office'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it(
    'list screens at 1024 and 768 px: no sideways page scroll, no column cut off',
    { timeout: 300_000 },
    async () => {
      const browser = await openBrowser();
      try {
        // Another user of the same partner: the server sends one code per address a minute.
        await signInViaUi(browser.page, w.app().url, w.mail(), 'manager@nordic.example.com');
        await browser.page.waitForURL(`${w.app().url}/`);
        const problems: string[] = [];
        for (const size of TABLET_WIDTHS) {
          await browser.page.setViewportSize(size);
          for (const path of WIDE_LISTS) {
            const row = await w.measure(browser, 'office', path);
            w.rows.push(row);
            // A table wider than its box hides columns in a sideways box: none may.
            const clipped = await browser.page.evaluate(() =>
              [...document.querySelectorAll('main table')]
                .filter((t) => t.scrollWidth > (t.parentElement?.clientWidth ?? 0) + 1)
                .map((t) => `${t.scrollWidth}>${t.parentElement?.clientWidth ?? 0}`),
            );
            if (row.overflow > 0 || clipped.length > 0)
              problems.push(
                `${size.width} ${path}: page overflow ${row.overflow}px, tables ${clipped.join(',')}`,
              );
          }
        }
        expect(problems).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
