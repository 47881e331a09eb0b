import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';

// Issue 18 / decision 029: a browser in New York shows an Oslo partner's order times on the Oslo
// clock (with no zone suffix since issue 31 / decision 069: every time is the partner's).

let mail: MailCatcher;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  browser = await openBrowser({ timezoneId: 'America/New_York' });
  await signInViaUi(browser.page, app.url, mail, 'office@nordic.example.com');
  await browser.page.waitForURL(`${app.url}/`);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

/** "11:20 AM": the time of day on the Oslo clock as the app writes it in English. */
function osloTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Oslo',
    hour: 'numeric',
    minute: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('dayPeriod')}`;
}

describe('time zone', () => {
  it('shows an order created time on the Oslo clock in a New York browser', async () => {
    const { page } = browser;
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      'America/New_York',
    );

    await page.goto(`${app.url}/service-orders`);
    const orderLink = page.locator('a[href^="/service-orders/"]').filter({ hasText: /SO-/ }).first();
    const href = await orderLink.getAttribute('href');
    expect(href).toMatch(/^\/service-orders\/[0-9a-f-]{36}$/);
    await page.goto(`${app.url}${href}`);

    const order = await page.evaluate(async (path) => {
      const token = localStorage.getItem('authToken');
      const response = await fetch(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
      return (await response.json()) as { createdAt: string };
    }, href!);
    const created = page.getByText(osloTime(order.createdAt), { exact: false }).first();
    await created.waitFor();
    expect(await created.textContent()).toContain(osloTime(order.createdAt));
    // The New York clock is not shown.
    const newYork = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(order.createdAt));
    expect(await created.textContent()).not.toContain(newYork);
  });
});
