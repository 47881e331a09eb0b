import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';

// Issue 31 item 9: the order list as a working tool, in a real browser against the seeded server.

let mail: MailCatcher;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  browser = await openBrowser();
  await signInViaUi(browser.page, app.url, mail, 'manager@nordic.example.com');
  await browser.page.waitForURL(`${app.url}/`);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

const headers = (page: Page) => page.locator('table thead th').allTextContents();

async function openList(page: Page, path = '/service-orders') {
  await page.goto(`${app.url}${path}`);
  await page.getByText(/^Showing \d+ to \d+ of \d+ results$/).waitFor();
}

describe('the order list as a working tool', { timeout: 120_000 }, () => {
  it('saves a view, and after a reload the view comes back', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openList(page);
    expect(await sideways(page)).toBe(false);

    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
    await page.getByText(/^Showing 1 to 50 of \d+ results$/).waitFor();

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Customer' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => headers(page)).not.toContain('Customer');

    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save as new view…' }).click();
    await page.getByRole('dialog', { name: 'Save view' }).getByLabel('View name').fill('E2E fifty');
    await page.getByRole('dialog', { name: 'Save view' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'E2E fifty' }).waitFor();

    // A fresh list (no settings in the URL), then the saved view from the menu.
    await openList(page);
    expect(await headers(page)).toContain('Customer');
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'E2E fifty' }).click();
    await page.getByText(/^Showing 1 to 50 of \d+ results$/).waitFor();
    await expect.poll(() => headers(page)).not.toContain('Customer');
    expect(await headers(page)).toContain('Technician');

    // A reload keeps it (the URL holds the view and its settings).
    await page.reload();
    await page.getByText(/^Showing 1 to 50 of \d+ results$/).waitFor();
    await page.getByRole('button', { name: 'E2E fifty' }).waitFor();
    expect(await headers(page)).not.toContain('Customer');

    // Order numbers and dates stay on one line at 1440 px.
    const wraps = await page.evaluate(() =>
      [...document.querySelectorAll('tbody tr td:nth-child(2) a')].some(
        (a) => (a as HTMLElement).getClientRects().length > 1,
      ),
    );
    expect(wraps).toBe(false);
  });

  it('at 768 px, fewer chosen columns bring the table back without sideways scrolling', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 768, height: 1000 });
    await openList(page);
    expect(await sideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Columns' }).click();
    for (const name of ['Customer', 'Priority', 'Created'])
      await page.getByRole('checkbox', { name }).click();
    await page.keyboard.press('Escape');
    await page.locator('table').waitFor();
    expect(await headers(page)).toEqual(
      expect.arrayContaining(['Order number', 'Title', 'Status', 'Technician']),
    );
    expect(await sideways(page)).toBe(false);
  });

  it('at 375 px the list has no sideways scroll, and the views menu is there', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 375, height: 800 });
    await openList(page);
    expect(await sideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Views' }).waitFor();
  });
});
