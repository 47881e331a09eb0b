import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';

let mail: MailCatcher;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
});
afterAll(async () => {
  await app?.stop();
  await mail?.stop();
});
afterEach(async () => browser?.close());

describe('sign-in and the shell', () => {
  beforeEach(async () => {
    browser = await openBrowser();
  });

  it('signs in with the e-mailed code, shows the shell, and signs out', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/service-orders`);
    await page.waitForURL(/\/login/);
    await signInViaUi(page, app.url, mail, 'manager@nordic.example.com');
    // Back where the visitor was going, inside the shell.
    await page.waitForURL(/\/service-orders$/);
    await expect
      .poll(() => page.getByRole('navigation').getByRole('link', { name: 'Service Orders' }).count())
      .toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('Nordic Service AS').first().waitFor();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/login/);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(token).toBeNull();
    // The revoked token no longer opens the app.
    await page.goto(`${app.url}/`);
    await page.waitForURL(/\/login/);
  });

  it('shows a wrong code as the catalogue says', async () => {
    const { page } = browser;
    await page.goto(`${app.url}/login`);
    // An unknown e-mail gets the same answer as a known one, so the code step opens all the same.
    await page.getByLabel('E-mail address').fill('somebody@unknown.example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('One-time code').fill('000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Invalid email or OTP code. Please try again.').waitFor();
  });

  it('gives a technician Access Denied on /pricing and /warehouse-locations, and no Administration', async () => {
    const { page } = browser;
    await signInViaUi(page, app.url, mail, 'tech@nordic.example.com');
    await page.waitForURL(`${app.url}/`);
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Service Orders' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Pricing' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    for (const path of ['/pricing', '/warehouse-locations', '/admin']) {
      await page.goto(`${app.url}${path}`);
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await page.getByText("You don't have permission to access this page.").waitFor();
    }
  });

  it('shows Administration only to the global administrator', async () => {
    const { page } = browser;
    await signInViaUi(page, app.url, mail, 'admin@example.com');
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('navigation').getByRole('link', { name: 'Administration' }).waitFor();
    await page.goto(`${app.url}/admin`);
    expect(await page.getByRole('heading', { name: 'Access Denied' }).count()).toBe(0);
  });

  it('tells a user without a partner that they are not properly configured', async () => {
    const { page } = browser;
    await signInViaUi(page, app.url, mail, 'nopartner@example.com');
    await page.getByText('User not properly configured.').waitFor();
  });

  it('keeps the chosen language across a reload', async () => {
    const { page } = browser;
    await signInViaUi(page, app.url, mail, 'office@nordic.example.com');
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Norsk' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Serviceordrer' }).waitFor();
    await page.reload();
    await page.getByRole('navigation').getByRole('link', { name: 'Serviceordrer' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nb');
  });
});

describe('on a phone (375 px)', () => {
  beforeEach(async () => {
    browser = await openBrowser({ width: 375, height: 812 });
  });

  it('opens the menu as a drawer and closes it after navigating', async () => {
    const { page } = browser;
    await signInViaUi(page, app.url, mail, 'manager@fjord.example.com');
    await page.waitForURL(`${app.url}/`);
    const link = page.getByRole('navigation').getByRole('link', { name: 'Customers' });
    expect(await link.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await link.waitFor({ state: 'visible' });
    await link.click();
    await page.waitForURL(/\/customers$/);
    await link.waitFor({ state: 'hidden' });
    // Nothing spills sideways at phone width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
