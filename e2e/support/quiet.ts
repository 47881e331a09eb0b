import type { Page, Request } from 'playwright-core';

/**
 * Opens `url` and waits until the page has no request in flight and has started none for
 * `idleMs`: its data has arrived. Playwright's `networkidle` waits a fixed 500 ms of silence after
 * the last request; the route walks open about 200 pages (every-route.e2e.ts: 426 s with it, 320 s
 * with this). Stops waiting after `timeout` (the caller's checks then judge the page as it is).
 */
export async function gotoQuiet(page: Page, url: string, idleMs = 150, timeout = 10_000): Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.goto(url, { waitUntil: 'load' });
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastChange < idleMs))
      await page.waitForTimeout(25);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
