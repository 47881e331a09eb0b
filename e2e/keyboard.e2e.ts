import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';

/**
 * Issue 18: the whole way from signing in to changing an order's status with the keyboard alone
 * (Tab, Shift+Tab, Enter, arrows, typing; no clicks), with a skip link, and with focus on the
 * new screen's heading after every navigation (decision 028).
 */
let mail: MailCatcher;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

/** What has focus: tag, role and accessible name as far as a test needs it. */
function focused(page: Page): Promise<{ tag: string; role: string; name: string; text: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', role: '', name: '', text: '' };
    const input = el as HTMLInputElement;
    const labelledBy = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      input.labels?.[0]?.textContent ??
      el.textContent ??
      '';
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role') ?? '',
      name: name.replace(/\s+/g, ' ').trim(),
      text: (el.textContent ?? '').trim(),
    };
  });
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches; fails after `max` presses. */
async function tabTo(page: Page, name: RegExp, { back = false, max = 150 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (name.test((await focused(page)).name)) return;
  }
  throw new Error(`no focusable element named ${String(name)} within ${max} presses`);
}

/** After a navigation the new screen's h1 has focus (and the page starts at its top). */
async function headingHasFocus(page: Page, heading: RegExp): Promise<void> {
  await expect
    .poll(async () => {
      const f = await focused(page);
      return f.tag === 'h1' && heading.test(f.text);
    })
    .toBe(true);
}

it(
  'signs in, creates an order and changes its status with the keyboard alone',
  { timeout: 120_000 },
  async () => {
    const { page } = browser;
    const email = 'office@nordic.example.com';
    await page.goto(`${app.url}/login`);

    // Sign in.
    await tabTo(page, /^E-mail address/);
    await page.keyboard.type(email);
    const before = mail.messages.length;
    await page.keyboard.press('Enter');
    const message = await mail.waitFor(email, 10_000, before);
    const code = /code is (\d{6})/.exec(message.text)?.[1] ?? '';
    await expect
      .poll(async () => (await focused(page)).name)
      .toMatch(/One-time code|E-mail address|Send code/);
    if (!/One-time code/.test((await focused(page)).name)) await tabTo(page, /^One-time code/);
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The first Tab reaches the skip link; it is visible then, and Enter puts focus on the heading.
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Skip to main content');
    const box = await page.locator('.sp-skip-link').boundingBox();
    expect(box !== null && box.y >= 0 && box.height > 0).toBe(true);
    await page.keyboard.press('Enter');
    await headingHasFocus(page, /Dashboard/);

    // To the order list through the menu (back past the top bar), then the new-order screen.
    await tabTo(page, /^Service Orders$/, { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/service-orders$/);
    await headingHasFocus(page, /Service Orders/);
    await tabTo(page, /^New service order$/i);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/service-orders\/new$/);
    await headingHasFocus(page, /New service order/i);

    // Fill the required fields and create the order.
    const title = `Keyboard order ${Date.now()}`;
    for (const [field, value] of [
      [/^Customer name/, 'Kim Keyboard'],
      [/^Customer e-mail/, 'kim.keyboard@example.no'],
      [/^Title/, title],
    ] as const) {
      await tabTo(page, field);
      await page.keyboard.type(value);
    }
    await tabTo(page, /^Create service order$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/service-orders\/[0-9a-f-]{36}$/);
    await headingHasFocus(page, /SO-\d{4}-\d{6}|Kim Keyboard|Keyboard order/);
    // The new order opens at its top, not where the form was scrolled to.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Change the status: open the list with the arrow key, move to "In progress", Enter.
    await tabTo(page, /^Status/);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('listbox').waitFor();
    const seen: string[] = [];
    for (let i = 0; i < 10; i++) {
      const chosen = await page
        .locator('[data-combobox-selected]')
        .textContent({ timeout: 500 })
        .catch(() => null);
      seen.push(String(chosen));
      if (/^in progress$/i.test(chosen?.trim() ?? '')) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    const status = page.getByRole('combobox', { name: 'Status' });
    await expect.poll(() => status.inputValue(), { message: seen.join(' > ') }).toMatch(/^in progress$/i);
    // Autosave picks the change up and saves it.
    await expect
      .poll(() => page.locator('[data-phase]').getAttribute('data-phase'), { timeout: 5_000 })
      .toMatch(/pending|saving/);
    await expect
      .poll(() => page.locator('[data-phase]').getAttribute('data-phase'), { timeout: 15_000 })
      .toBe('saved');
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Status' }).inputValue())
      .toMatch(/^in progress$/i);
  },
);
