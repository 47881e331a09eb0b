import type { Locator, Page } from 'playwright-core';

/**
 * Parts of a page below the fold (an order's work log, totals, shop order, photos, upload links
 * and conversation) download only when scrolled near (decision 035). These scroll the way a reader
 * does, a screen at a time, so a test reaches them as a person would.
 */

/** One screen down (as Page Down); true while the page could still scroll further. */
async function screenDown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const before = window.scrollY;
    window.scrollBy(0, Math.round(window.innerHeight * 0.8));
    const bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    return window.scrollY !== before && !bottom;
  });
}

/**
 * Scrolls down until `target` is in the page (a panel's heading, say), then brings it into view.
 * The page grows as panels arrive, so reaching the bottom once is not the end: it waits a moment
 * and tries again until the timeout.
 */
export async function scrollUntilShown(page: Page, target: Locator, timeout = 15_000): Promise<Locator> {
  const deadline = Date.now() + timeout;
  while ((await target.count()) === 0) {
    if (Date.now() > deadline) throw new Error(`scrolled to the bottom, still not shown: ${String(target)}`);
    if (!(await screenDown(page))) await page.waitForTimeout(200);
    else await page.waitForTimeout(50);
  }
  await target.first().scrollIntoViewIfNeeded();
  return target;
}

/** An order page's panel by its heading, scrolled to; the panel's region (section) is returned. */
export async function scrollToPanel(page: Page, heading: string): Promise<Locator> {
  await scrollUntilShown(page, page.getByRole('heading', { name: heading, exact: true }));
  return page.getByRole('region', { name: heading, exact: true });
}

/**
 * Scrolls through the whole page to its bottom, a screen at a time, until every part waiting to be
 * scrolled to has loaded (no busy placeholder left), then back to the top: a page judged whole.
 */
export async function scrollThroughPage(page: Page, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    while (await screenDown(page)) await page.waitForTimeout(50);
    const waiting = await page.locator('[role="status"][aria-busy="true"]').count();
    if (waiting === 0 || Date.now() > deadline) break;
    await page.waitForTimeout(200);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
