import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoShop, type DemoShop } from '@service-portal/demo-shop/server';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { horizontalOverflow, seriousViolations } from './support/axe.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';

// Issue 13: sync from the screen with visible progress, search a product, open it, open a serial
// number's history from an order; axe and sideways scroll on the new screens at 375 and 1440.
let mail: MailCatcher;
let shop: DemoShop;
let app: RunningApp;
let office: Browser;

const SHOP = 'nordic-sanitary-demo.myshopify.com';

/**
 * Serious axe findings of these screens: not the shared theme's colour contrast (fixed elsewhere)
 * and not the top bar's unread badge (the layout's, `aria-haspopup` on a plain div: reported).
 */
async function ownViolations(page: Page) {
  const found = (await seriousViolations(page)).filter((v) => v.id !== 'color-contrast');
  const own = [];
  for (const v of found) {
    const layoutOnly = await Promise.all(
      v.targets.map((t) =>
        page
          .locator(t)
          .first()
          .evaluate((e) => e.closest('[data-testid="unread-badge"]') !== null),
      ),
    );
    if (!layoutOnly.every(Boolean)) own.push(v);
  }
  return own;
}

async function checkScreen(page: Page, url: string, ready: (p: Page) => Promise<unknown>) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url);
    await ready(page);
    const found = await ownViolations(page);
    const html = await Promise.all(
      found
        .flatMap((v) => v.targets)
        .map((t) =>
          page
            .locator(t)
            .first()
            .evaluate((e) => e.outerHTML.slice(0, 300)),
        ),
    );
    expect(found, `${url} at ${width}: ${html.join(' | ')}`).toEqual([]);
    expect(await horizontalOverflow(page), `${url} at ${width}`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

beforeAll(async () => {
  mail = new MailCatcher();
  const creds = {
    apiKey: randomBytes(16).toString('hex'),
    apiSecret: `shpss_${randomBytes(16).toString('hex')}`,
    adminToken: `shpat_${randomBytes(16).toString('hex')}`,
  };
  shop = await startDemoShop({ shop: SHOP, ...creds, products: 120 });
  app = await startApp(await mail.start(), {
    SHOPIFY_SHOP: SHOP,
    SHOPIFY_API_BASE: shop.url,
    SHOPIFY_ADMIN_TOKEN: creds.adminToken,
    SHOPIFY_API_KEY: creds.apiKey,
    SHOPIFY_API_SECRET: creds.apiSecret,
  });
  office = await openBrowser();
  office.page.setDefaultTimeout(20_000);
  await signInViaUi(office.page, app.url, mail, 'office@nordic.example.com');
  await office.page.waitForURL(`${app.url}/`);
}, 180_000);
afterAll(async () => {
  await office?.close();
  await app?.stop();
  await shop?.close();
  await mail?.stop();
});

describe('products and the catalogue sync', { timeout: 180_000 }, () => {
  it('syncs from the screen with visible progress, then lists, searches and opens a product', async () => {
    const page = office.page;
    await page.goto(`${app.url}/products/sync`);
    // The first start queued a full sync of the empty catalogue: wait until it is done.
    await expect
      .poll(() => page.getByTestId('last-success').textContent(), { timeout: 60_000 })
      .not.toBe('Never');
    await expect
      .poll(() => page.getByRole('button', { name: 'Full sync' }).isEnabled(), { timeout: 30_000 })
      .toBe(true);

    // Every shop answer waits a little, so the run is slow enough to watch.
    shop.control.setFaults({ delayMs: 400 });
    await page.getByRole('button', { name: 'Full sync' }).click();
    await expect(page.getByTestId('sync-progress').waitFor({ timeout: 15_000 })).resolves.toBeUndefined();
    expect(await page.getByRole('progressbar', { name: 'Sync progress' }).count()).toBe(1);
    shop.control.clearFaults();
    await page.getByTestId('sync-progress').waitFor({ state: 'detached', timeout: 90_000 });
    // The history reloads once the run ends: a moment after the progress bar goes.
    await expect
      .poll(() => page.getByText('Succeeded').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);

    const product = shop.control.products()[0]!;
    await page.goto(`${app.url}/products`);
    await page.getByTestId('product-card').first().waitFor();
    await page.getByLabel('Search products').fill(product.variants[0]!.sku);
    await expect.poll(() => page.getByTestId('product-card').count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('link', { name: product.title }).click();
    await page.getByRole('heading', { name: product.title, level: 1 }).waitFor();
    expect(await page.getByText(product.variants[0]!.sku).count()).toBeGreaterThan(0);
    // The picture comes from the demo shop (the CSP allows its origin) and loads.
    const loaded = await page
      .getByRole('img', { name: product.imageAlt ?? product.title })
      .first()
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(loaded).toBe(true);
  });

  it("opens a serial number's service history from an order", async () => {
    const page = office.page;
    await page.goto(`${app.url}/service-orders?search=CT-`);
    await page.getByRole('link', { name: /^SO-/ }).first().click();
    const link = page.getByRole('link', { name: 'Service history' });
    await link.waitFor();
    await link.click();
    await page.waitForURL(/\/serial-numbers\//);
    await page.getByTestId('serial-timeline').waitFor();
    expect(await page.getByText(/Order created/).count()).toBeGreaterThan(0);
  });

  it('has no serious axe findings and no sideways scroll at 375 and 1440', async () => {
    const page = office.page;
    await checkScreen(page, `${app.url}/products`, (p) => p.getByTestId('paged-list').waitFor());
    await checkScreen(page, `${app.url}/products/sync`, (p) => p.getByTestId('last-success').waitFor());
    const first = await page.evaluate(async () => {
      const token = window.localStorage.getItem('authToken');
      const res = await fetch('/api/products?pageSize=1', { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { items: { id: string }[] }).items[0]!.id;
    });
    await checkScreen(page, `${app.url}/products/${first}`, (p) => p.getByText('Variants').waitFor());
    await checkScreen(page, `${app.url}/toilets/${first}`, (p) =>
      p.getByRole('textbox', { name: 'Serial number' }).waitFor(),
    );
    await checkScreen(page, `${app.url}/serial-numbers/CT-1042-B`, (p) =>
      p.getByRole('heading', { name: /Serial number/ }).waitFor(),
    );
  });
});
