import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';
import { scrollToPanel } from './support/scroll.ts';

let mail: MailCatcher;
let app: RunningApp;
let browser: Browser;

// One sign-in for the file (one code per e-mail a minute); a fresh server, so the pricing is ours.
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

async function createOrder(page: Page, title: string): Promise<void> {
  await page.goto(`${app.url}/service-orders/new`);
  await page.getByLabel('Customer name').fill('Wenche Worklog');
  await page.getByLabel('Customer e-mail').fill('wenche.e2e@example.no');
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('button', { name: 'Create service order' }).click();
  await page.waitForURL(/\/service-orders\/[0-9a-f-]{36}$/);
}

describe('pricing, work logs and order totals', () => {
  it('prices 15-minute round-up time and a fixed category, logs time with the timer, and totals the order', async () => {
    const { page } = browser;

    // Basic settings: NOK 1,000.00 an hour, time rounded up to 15 minutes.
    await page.goto(`${app.url}/pricing`);
    await page.getByRole('heading', { name: 'Pricing', exact: true, level: 1 }).waitFor();
    const basic = page.getByRole('form', { name: 'Basic Settings' });
    await basic.getByLabel('Default hourly rate').fill('1000');
    await basic.getByLabel('Currency').selectOption('NOK');
    await basic.getByLabel('Time rounding interval').selectOption('15');
    await basic.getByLabel('Rounding direction').selectOption('up');
    await basic.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Pricing configuration saved successfully').waitFor();

    // Category pricing: hygienic measures at a fixed NOK 499.00 (the demo data prices some others).
    await page.getByRole('tab', { name: 'Category Pricing' }).click();
    const categories = page.getByRole('form', { name: 'Category Pricing' });
    await categories.getByLabel('Category').selectOption('hygienic_measures');
    await categories.getByLabel('Pricing type').selectOption('fixed');
    await categories.getByLabel('Price', { exact: false }).fill('499');
    await categories.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Saved successfully').first().waitFor();
    await page.getByRole('cell', { name: 'NOK 499.00' }).waitFor();

    // An order; a service log timed with the timer (about 2 s: billed 15 min, 15/60 × 1 000 = 250.00).
    await createOrder(page, `E2E work log ${Date.now()}`);
    const panel = await scrollToPanel(page, 'Work log');
    await panel.getByRole('button', { name: 'Add work log' }).click();
    const form = panel.getByRole('form', { name: 'Add work log' });
    await form.getByLabel('Category').selectOption('service_log');
    await form.getByLabel('Work description').fill('Replaced the ignition module');
    await form.getByRole('button', { name: 'Add work log' }).click();
    await panel.getByRole('button', { name: 'Start' }).click();
    await panel.getByText('Timer running').waitFor();
    // The clock ticks in the browser from the server's timerStartedAt.
    await expect
      .poll(() => panel.getByRole('timer').textContent(), { timeout: 5_000 })
      .toMatch(/^0:00:0[2-9]$/);
    // The timer is server state: a reload shows it still running.
    await page.reload();
    await scrollToPanel(page, 'Work log');
    await panel.getByText('Timer running').waitFor();
    await panel.getByRole('button', { name: 'Stop' }).click();
    await panel.getByRole('button', { name: 'Start' }).waitFor();
    const tracked = await panel.getByRole('timer').textContent();
    expect(tracked).toMatch(/^0:00:\d\d$/);
    await expect
      .poll(() => panel.getByTestId('work-log-estimate').textContent())
      .toMatch(/^Estimate: NOK\s250\.00 · 15 min billed$/);

    await panel.getByRole('button', { name: 'Complete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/billed 15 min, cost NOK\s250\.00/).waitFor();
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await panel
      .getByTestId('work-log-cost')
      .getByText(/^Cost: NOK\s250\.00 · 15 min billed$/)
      .waitFor();

    // Hygienic measures with a manual 5 minutes: the fixed price whatever the time.
    await panel.getByRole('button', { name: 'Add work log' }).click();
    await form.getByLabel('Category').selectOption('hygienic_measures');
    await form.getByLabel('Manual duration (minutes)').fill('5');
    await form.getByRole('button', { name: 'Add work log' }).click();
    await panel.getByText('Open', { exact: true }).waitFor();
    // Open: estimate apart from the total (250.00 + 0 parts = 250.00; estimate 499.00).
    const totals = await scrollToPanel(page, 'Totals');
    await expect.poll(() => totals.getByTestId('total-NOK').textContent()).toMatch(/^NOK\s250\.00$/);
    await totals
      .getByTestId('totals-estimate')
      .getByText(/NOK\s499\.00/)
      .waitFor();
    await panel.getByRole('button', { name: 'Complete' }).click();
    await dialog.getByText(/cost NOK\s499\.00/).waitFor();
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => panel.getByTestId('work-log-cost').count()).toBe(2);

    // Hand calculation: 250.00 + 499.00 = 749.00 labour, no parts.
    await expect.poll(() => totals.getByTestId('total-NOK').textContent()).toMatch(/^NOK\s749\.00$/);
    expect(await totals.getByRole('row', { name: /Labour/ }).textContent()).toMatch(/NOK\s749\.00/);
    expect(await totals.getByRole('row', { name: /Parts/ }).textContent()).toMatch(/NOK\s0\.00/);
    expect(await totals.getByTestId('totals-estimate').count()).toBe(0);
  });
});
