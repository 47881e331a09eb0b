import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';

// Issue 12: a newcomer signs in, sees a living dashboard whose figures the order list confirms,
// and finds an order from the top bar with the keyboard alone. SCREENSHOT_DIR=… keeps pictures
// of the dashboard and the search at 375 and 1440 px.

let mail: MailCatcher;
let app: RunningApp;
let manager: Browser;
const shots = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  manager = await openBrowser();
  await signInViaUi(manager.page, app.url, mail, 'manager@nordic.example.com');
  await manager.page.waitForURL(`${app.url}/`);
});
afterAll(async () => {
  await manager?.close();
  await app?.stop();
  await mail?.stop();
});

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** Z of "Showing X to Y of Z results" on the order list. */
async function listTotal(page: Page): Promise<number> {
  const text = await page.getByText(/^Showing \d[\d,]* to \d[\d,]* of \d[\d,]* results$/).textContent();
  return Number(/of ([\d,]+) results/.exec(text ?? '')?.[1]?.replaceAll(',', ''));
}

async function figure(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(`${testId}-value`).textContent()) ?? '';
  return Number(text.replaceAll(/[^\d]/g, ''));
}

describe('dashboard', () => {
  it("shows the partner's figures, and the order list counts the same orders", async () => {
    const page = manager.page;
    await page.goto(`${app.url}/?period=this_year`);
    await page.getByTestId('metric-total-value').waitFor();
    await page.getByTestId('technician-table').waitFor();
    await page.getByTestId('trend-chart').waitFor();

    const total = await figure(page, 'metric-total');
    const waiting = await figure(page, 'metric-waiting');
    expect(total).toBeGreaterThan(0);
    expect(waiting).toBeGreaterThan(0);
    // Ratings do not exist yet.
    expect(
      await page.getByTestId('technician-table').getByRole('cell', { name: '—' }).count(),
    ).toBeGreaterThan(0);
    await shot(page, 'dashboard-1440');

    await page.getByTestId('metric-total-value').click();
    await page.waitForURL(/\/service-orders\?createdFrom=/);
    await page.getByTestId('list-scope').waitFor();
    expect(await listTotal(page)).toBe(total);

    await page.goBack();
    await page.getByTestId('metric-waiting-value').click();
    await page.waitForURL(/\/service-orders\?status=/);
    expect(await listTotal(page)).toBe(waiting);
  });

  it('works on a phone without sideways scrolling', async () => {
    const phone = await openBrowser({ width: 375, height: 812 });
    try {
      await signInViaUi(phone.page, app.url, mail, 'office@nordic.example.com');
      await phone.page.waitForURL(`${app.url}/`);
      await phone.page.getByTestId('metric-total-value').waitFor();
      await phone.page.getByTestId('trend-chart').waitFor();
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(phone.page, 'dashboard-375');

      await phone.page.getByRole('combobox', { name: 'Search' }).fill('SO-');
      await phone.page
        .getByTestId('search-suggestions')
        .getByText('Order', { exact: true })
        .first()
        .waitFor();
      await shot(phone.page, 'search-375');
    } finally {
      await phone.close();
    }
  });
});

describe('global search', () => {
  it('Ctrl+K, type, arrow down, Enter lands on the order', async () => {
    const page = manager.page;
    await page.goto(`${app.url}/service-orders?status=in_progress`);
    const link = page
      .getByRole('table')
      .getByRole('link', { name: /^SO-\d{4}-\d{6}$/ })
      .first();
    const orderNumber = (await link.textContent())!;
    const href = (await link.getAttribute('href'))!;
    await page.goto(`${app.url}/`);
    await page.getByTestId('metric-total-value').waitFor();

    await page.keyboard.press('Control+K');
    const box = page.getByRole('combobox', { name: 'Search' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(orderNumber.toLowerCase(), { delay: 20 });
    const dropdown = page.getByTestId('search-suggestions');
    await dropdown.getByText('Suggestions').waitFor();
    await dropdown.getByRole('option', { name: new RegExp(orderNumber) }).waitFor();
    await dropdown.getByText(`Search all for "${orderNumber.toLowerCase()}"`).waitFor();
    await shot(page, 'search-1440');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.url}${href}`);
    await page.getByRole('heading', { name: orderNumber }).waitFor();
  });

  it('finds a customer and a technician, and Enter alone opens "Search all" with a tab per type', async () => {
    const page = manager.page;
    await page.goto(`${app.url}/`);
    await page.getByTestId('metric-total-value').waitFor();
    await page.keyboard.press('Control+K');
    await page.keyboard.type('nordic', { delay: 20 });
    const dropdown = page.getByTestId('search-suggestions');
    await dropdown.getByText('Technician', { exact: true }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=nordic$/);
    const tabs = page.getByRole('tablist');
    await tabs.getByRole('tab', { name: /^All \(\d+\)$/ }).waitFor();
    await tabs.getByRole('tab', { name: /^Technicians \(\d+\)$/ }).click();
    const first = page.getByRole('tabpanel').getByRole('link').first();
    await first.click();
    await page.waitForURL(/\/technicians\/[0-9a-f-]{36}$/);
  });
});
