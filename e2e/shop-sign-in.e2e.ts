import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { horizontalOverflow, seriousViolations, type AxeFinding } from './support/axe.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { scrollToPanel } from './support/scroll.ts';

// Shop sign-in in Chromium against the built server as `npm start` runs it: no shop configured,
// so the built-in demo shop (its authorize page, token endpoint and session-token minter) is used.

let mail: MailCatcher;
let app: RunningApp;
let browser: Browser | undefined;
let shopUrl: string;

// The shared theme's colour contrast is being fixed elsewhere (common brief): not this screen's own.
const own = (findings: AxeFinding[]) => findings.filter((f) => f.id !== 'color-contrast');

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  const login = (await (await fetch(`${app.url}/api/auth/login?returnUrl=%2F`)).json()) as {
    authorizationUrl: string;
  };
  shopUrl = new URL(login.authorizationUrl).origin;
});
afterAll(async () => {
  await app?.stop();
  await mail?.stop();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

describe('shop sign-in', () => {
  it('signs in with Shopify from /login through the demo shop authorize page to the dashboard', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${app.url}/login`);
    const button = page.getByRole('button', { name: 'Sign in with Shopify' });
    await button.waitFor();
    expect(own(await seriousViolations(page))).toEqual([]);

    await button.click();
    await page.waitForURL(/\/admin\/oauth\/authorize/);
    // The shop's own page: the demo user picks who they are signed in to the shop as, and approves.
    await page.getByLabel(/office@nordic\.example\.com/).check();
    await page.getByRole('button', { name: 'Install app' }).click();
    await page.waitForURL(`${app.url}/`, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authMethod'))).toBe('shopify');
    expect(await page.evaluate(() => localStorage.getItem('oauthState'))).toBeNull();
  });

  it('shows the failure state on /auth/callback without a state of this browser, until sent to /login', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${app.url}/auth/callback?code=x&state=y&shop=nordic-sanitary-demo.myshopify.com`);
    await page.getByText('Authentication Failed').waitFor();
    expect(own(await seriousViolations(page))).toEqual([]);
    // The reason stays until the user goes back (issue 31: it vanished after 3 s).
    await page.getByRole('button', { name: 'Back to sign-in' }).click();
    await page.waitForURL(/\/login$/, { timeout: 10_000 });
  });

  it('opened from the shop admin with a session token, signs in by itself and orders parts from the shop', async () => {
    const { token } = (await (
      await fetch(`${shopUrl}/_control/session-token?email=manager%40nordic.example.com`)
    ).json()) as { token: string };
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${app.url}/spare-parts?id_token=${encodeURIComponent(token)}`);
    await page.waitForURL(`${app.url}/spare-parts`, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Spare Parts List' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authMethod'))).toBe('shopify');

    // Per order in the worklist: one shop order, shown with its state once made.
    const order = page.getByRole('button', { name: /^Order the parts of SO-/ }).first();
    await order.waitFor();
    const orderNumber = (await order.getAttribute('aria-label'))?.match(/SO-\d{4}-\d+/)?.[0];
    await order.click();
    // Asked first, with what will be ordered (issue 31 item 8); nothing is sent before the answer.
    const confirm = page.getByRole('dialog', { name: `Order the parts of ${orderNumber}?` });
    await confirm.getByText('Total').waitFor({ timeout: 30_000 });
    expect(own(await seriousViolations(page))).toEqual([]);
    await confirm.getByRole('button', { name: 'Order these parts' }).click();
    await page.getByText('Ordered, payment pending').first().waitFor({ timeout: 30_000 });
    const drafts = (await (await fetch(`${shopUrl}/_control/draft-orders`)).json()) as {
      draftOrders: { tags: string[]; status: string }[];
    };
    expect(drafts.draftOrders).toHaveLength(1);
    expect(drafts.draftOrders[0]!.status).toBe('COMPLETED');

    // On a phone the worklist has no sideways scroll; the order page shows the same shop order.
    await page.setViewportSize({ width: 375, height: 800 });
    // Once laid out again: for a frame or two after the window shrinks, the 1440 px layout is still
    // there (screens that measure their width re-render on the change).
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await page.getByRole('link', { name: orderNumber! }).first().click();
    await page.getByRole('heading', { name: /^SO-\d{4}-\d{6}$/ }).waitFor({ timeout: 30_000 });
    await scrollToPanel(page, 'Shop order');
    await page.getByText('Ordered, payment pending').first().waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it('a global administrator sees and removes shop sign-in links at 375 px', async () => {
    const { token } = (await (
      await fetch(`${shopUrl}/_control/session-token?email=admin%40example.com`)
    ).json()) as { token: string };
    browser = await openBrowser({ width: 375, height: 800 });
    const { page } = browser;
    await page.goto(`${app.url}/admin/shop-links?id_token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Shop sign-in links' }).waitFor({ timeout: 30_000 });
    // Linked by verified e-mail by the sign-ins above (and this one).
    await page.getByText('office@nordic.example.com').first().waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    // This screen's own findings: the shared top bar's (acting-partner and notification popovers)
    // are the layout's, reported to the lead.
    const inMain = async (target: string) =>
      page.evaluate((sel) => document.querySelector(sel)?.closest('main') !== null, target);
    const found = [];
    for (const f of own(await seriousViolations(page))) {
      if ((await Promise.all(f.targets.map(inMain))).some(Boolean)) found.push(f);
    }
    expect(found).toEqual([]);
    await page
      .getByRole('button', { name: /Remove the link of shop user \d+ \(office@nordic\.example\.com\)/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Link removed').waitFor();
  });
});
