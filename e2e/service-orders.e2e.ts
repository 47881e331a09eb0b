import { stat } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';

let mail: MailCatcher;
let app: RunningApp;
let browser: Browser;

const MANAGER = 'manager@nordic.example.com';
const ORDER_PATH = /\/service-orders\/[0-9a-f-]{36}$/;

// One sign-in for the file: the server allows one code per e-mail a minute, and every test here
// works as the same ServiceManager. Each test gets fresh tabs in the signed-in browser.
beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  browser = await openBrowser();
  await signInViaUi(browser.page, app.url, mail, MANAGER);
  await browser.page.waitForURL(`${app.url}/`);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});
afterEach(async () => {
  for (const page of browser.context.pages().slice(1)) await page.close();
});

async function signedIn(): Promise<Page> {
  return browser.context.newPage();
}

/** The save state next to the order number ("Saving…", "Saved", "Conflict"). */
function saveState(page: Page) {
  return page.locator('[data-phase]');
}

/** After a change: the change is picked up (pending or saving), then saved by autosave. */
async function autosaved(page: Page) {
  await expect
    .poll(() => saveState(page).getAttribute('data-phase'), { timeout: 5_000 })
    .toMatch(/pending|saving/);
  await expect.poll(() => saveState(page).getAttribute('data-phase'), { timeout: 10_000 }).toBe('saved');
}

async function pickStatus(page: Page, status: string) {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
}

/**
 * Notes how the page's first toast looks the first time it is painted: it should slide in (not yet
 * opaque), as the later ones do, even though its container loads with it (decision 034).
 */
async function watchFirstToast(page: Page) {
  await page.evaluate(() => {
    const look = () => {
      const toast = document.querySelector('.mantine-Notification-root');
      if (toast) document.body.dataset.firstToastOpacity = getComputedStyle(toast).opacity;
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

async function createOrder(page: Page, title: string): Promise<string> {
  await page.goto(`${app.url}/service-orders`);
  await watchFirstToast(page);
  await page.getByRole('link', { name: 'New service order' }).first().click();
  await page.waitForURL(/\/service-orders\/new$/);
  await page.getByLabel('Customer name').fill('Eva End-to-End');
  await page.getByLabel('Customer e-mail').fill('eva.e2e@example.no');
  await page.getByLabel('Phone').fill('+47 400 00 001');
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByLabel('Estimated cost').fill('1 250,50');
  await page.getByRole('button', { name: 'Create service order' }).click();
  await page.waitForURL(ORDER_PATH);
  await page.getByText('Saved successfully').waitFor();
  return page.url();
}

describe('service orders', () => {
  it('creates an order from the list, autosaves edits, and completes it', async () => {
    const page = await signedIn();
    const title = `E2E heater check ${Date.now()}`;
    const url = await createOrder(page, title);
    await page.getByRole('heading', { name: /^SO-\d{4}-\d{6}$/ }).waitFor();
    // The first toast of the page slid in: first painted still transparent.
    const firstOpacity = await page.locator('body').getAttribute('data-first-toast-opacity');
    expect(firstOpacity).not.toBeNull();
    expect(Number(firstOpacity)).toBeLessThan(1);
    // "1 250,50" typed in an English page still means 1250.50.
    expect(await page.getByLabel('Estimated cost').inputValue()).toBe('1,250.50');

    // Autosave: a change is saved without pressing anything, and survives a reload.
    await page.getByLabel('Description').fill('Igniter clicks but the burner does not light.');
    await autosaved(page);
    expect(await saveState(page).textContent()).toBe('Saved');
    await page.reload();
    await expect
      .poll(() => page.getByLabel('Description').inputValue())
      .toBe('Igniter clicks but the burner does not light.');

    // Through the statuses to completed, with completion notes.
    await pickStatus(page, 'In progress');
    await autosaved(page);
    await pickStatus(page, 'Completed');
    await page.getByLabel('Completion notes').fill('Replaced the igniter and tested three burn cycles.');
    await autosaved(page);

    await page.goto(url);
    await page.getByRole('heading', { name: /^SO-\d{4}-\d{6}$/ }).waitFor();
    const history = page.getByRole('region', { name: 'Status history' });
    await history.getByText('Completed').first().waitFor();
    expect(await page.getByLabel('Completion notes').inputValue()).toBe(
      'Replaced the igniter and tested three burn cycles.',
    );
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('Completed');
  });

  it('filters the list by status, keeps the filter in the URL, and exports it', async () => {
    const page = await signedIn();
    await page.goto(`${app.url}/service-orders`);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await page.waitForURL(/status=completed/);
    await page.keyboard.press('Escape');
    // The previous page stays on screen until the filtered one arrives.
    const statusColumn = page.getByRole('table').locator('tbody tr td:nth-child(5)');
    await expect
      .poll(async () => [...new Set(await statusColumn.allTextContents())], { timeout: 10_000 })
      .toEqual(['Completed']);

    // A reload shows the same filtered list.
    await page.reload();
    await page.getByText(/^Showing \d+ to \d+ of \d+ results$/).waitFor();
    expect(page.url()).toContain('status=completed');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Export to Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await download.path();
    expect((await stat(file)).size).toBeGreaterThan(0);
  });

  it('never loses a change when two tabs edit one order', async () => {
    const first = await signedIn();
    const url = await createOrder(first, `E2E two tabs ${Date.now()}`);
    const second = await browser.context.newPage();
    await second.goto(url);
    await second.getByRole('heading', { name: /^SO-\d{4}-\d{6}$/ }).waitFor();

    // The first tab saves a change; the second tab still holds the older version.
    await first.getByRole('textbox', { name: 'Serial number' }).fill('TAB-ONE-1');
    await autosaved(first);

    await second.getByLabel('Description').fill('Typed in the second tab');
    await expect
      .poll(() => saveState(second).getAttribute('data-phase'), { timeout: 10_000 })
      .toBe('conflict');
    await second.getByText('This order was changed somewhere else').waitFor();

    await second.getByRole('button', { name: 'Reload latest' }).click();
    await expect
      .poll(() => second.getByRole('textbox', { name: 'Serial number' }).inputValue())
      .toBe('TAB-ONE-1');
    expect(await second.getByLabel('Description').inputValue()).toBe('Typed in the second tab');
    await autosaved(second);

    // Both changes are on the server.
    await first.reload();
    await expect.poll(() => first.getByLabel('Description').inputValue()).toBe('Typed in the second tab');
    expect(await first.getByRole('textbox', { name: 'Serial number' }).inputValue()).toBe('TAB-ONE-1');
  });
});
