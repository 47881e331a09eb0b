import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpsJpeg } from '../apps/server/test/image-fixtures.ts';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { horizontalOverflow, seriousViolations } from './support/axe.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';

let mail: MailCatcher;
let app: RunningApp;
let browser: Browser;
let files: string;

// A fresh server with the demo rentals (units in every state, two overdue rentals at Nordic).
beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  browser = await openBrowser();
  await signInViaUi(browser.page, app.url, mail, 'office@nordic.example.com');
  await browser.page.waitForURL(`${app.url}/`);
  files = mkdtempSync(path.join(tmpdir(), 'sp-e2e-rental-photos-'));
  await writeFile(path.join(files, 'door.jpg'), await gpsJpeg());
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

const AVAILABLE = '/rentals/products?availability=available&size=48&view=table';

describe('rentals', () => {
  it('rents a unit out (it leaves the available list) and returns an overdue one with its late fee', async () => {
    const { page } = browser;
    await page.goto(`${app.url}${AVAILABLE}`);
    await page.getByRole('cell', { name: 'NS-RT-0602' }).waitFor();

    await page.goto(`${app.url}/rentals/active`);
    await page.getByRole('button', { name: 'New rental' }).click();
    const dialog = page.getByRole('dialog', { name: 'New rental' });
    await dialog.getByRole('combobox', { name: /^Unit/ }).fill('NS-RT-0602');
    await page.getByRole('option', { name: /NS-RT-0602/ }).click();
    await dialog.locator('label', { hasText: 'New customer' }).click();
    await dialog.getByRole('textbox', { name: /^Customer name/ }).fill('Sommerfest Ola');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('sommerfest.e2e@example.no');
    await dialog.getByRole('button', { name: 'Rent out' }).click();
    await page.getByText('Rental created.').waitFor();
    await page.getByRole('cell', { name: 'Sommerfest Ola' }).waitFor();

    await page.goto(`${app.url}${AVAILABLE}`);
    await page.getByRole('cell', { name: 'NS-RT-0601' }).waitFor();
    expect(await page.getByRole('cell', { name: 'NS-RT-0602' }).count()).toBe(0);

    // The demo's Building site cabin NS-RT-0201 was due 5 days ago (late fee NOK 250.00 a day).
    await page.goto(`${app.url}/rentals/active?view=overdue`);
    await page.getByRole('button', { name: 'Return Building site cabin' }).click();
    const ret = page.getByRole('dialog', { name: 'Return the unit' });
    await ret.getByTestId('late-fee').waitFor();
    expect((await ret.getByTestId('late-fee').textContent())?.replace(/\s/g, ' ')).toContain(
      '5 days late × NOK 250.00 = NOK 1,250.00',
    );
    const total = await ret.getByTestId('return-total').textContent();
    // A photo of the unit as it came back goes with the return.
    await ret.getByTestId('image-file-input').setInputFiles(path.join(files, 'door.jpg'));
    await ret.getByText('door.jpg').waitFor();
    await ret.getByRole('button', { name: 'Confirm return' }).click();
    await page.getByText('The unit is returned.').waitFor();

    await page.goto(`${app.url}/rentals/all?status=returned&q=NS-RT-0201`);
    const row = page.getByRole('row', { name: /NS-RT-0201/ }).first();
    await row.waitFor();
    expect((await row.textContent())?.replace(/\s/g, ' ')).toContain(
      total!.replace(/\s/g, ' ').replace('Total: ', ''),
    );
    // Its photo: a thumbnail the browser can show, opening the full picture.
    await row.getByRole('button', { name: 'Photos Building site cabin' }).click();
    const shown = page.getByTestId('rental-photos').getByRole('link', { name: 'Open photo 1' });
    await shown.waitFor();
    const thumb = shown.locator('img');
    await expect
      .poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await shown.getAttribute('href')).toMatch(/\/api\/images\/[0-9a-f-]+\/display\?/);
    await page.keyboard.press('Escape');
  });

  it('has no serious accessibility violation and no sideways page scroll on the rental screens', async () => {
    const { page } = browser;
    const found: Record<string, unknown> = {};
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/rentals', '/rentals/active', '/rentals/all', '/rentals/products']) {
        await page.goto(`${app.url}${path}`);
        await page.getByRole('heading', { name: 'Rental Toilets', level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        // Theme colours are being fixed elsewhere (COMMON-BRIEF): contrast is not this screen's own.
        // The header's search box has its own issue (18, aria-expanded): only the rental screen counts.
        const serious = [];
        for (const v of await seriousViolations(page)) {
          if (v.id === 'color-contrast') continue;
          const inHeader = await Promise.all(
            v.targets.map((t) =>
              page
                .locator(t)
                .first()
                .evaluate((el) => el.closest('header') !== null),
            ),
          );
          if (!inHeader.every(Boolean)) serious.push(v);
        }
        const overflow = await horizontalOverflow(page);
        if (serious.length > 0 || overflow > 0) found[`${path} @${width}`] = { serious, overflow };
      }
    }
    expect(found).toEqual({});
  });

  it('hands a future booking over from its booked start, shows the charge, and undoes it', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    // The demo's Accessible toilet unit NS-RT-0302 is booked from 10 days ahead (issue 31).
    await page.goto(`${app.url}/rentals/active?view=booked`);
    await page.getByRole('button', { name: 'Hand over Accessible toilet unit NS-RT-0302' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hand over the unit' });
    const start = dialog.getByLabel(/Actual start/);
    const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    expect(await start.inputValue()).not.toBe(today);
    expect((await start.inputValue()) > today).toBe(true);
    const charges = dialog.getByTestId('hand-over-charges');
    await charges.getByTestId('charge-days').waitFor();
    expect((await charges.getByTestId('charge-days').textContent())?.replace(/\s/g, ' ')).toMatch(
      /^4 days × NOK .* a day = NOK /,
    );
    await dialog.getByRole('button', { name: 'Confirm hand-over' }).click();
    await page.getByText('The booking is now a rental.').waitFor();
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText('The hand-over is undone: the booking is back.').waitFor();
    await page.getByRole('button', { name: 'Hand over Accessible toilet unit NS-RT-0302' }).waitFor();
  });

  it('cuts no figure, badge or Return button at 375 and 1440 px, in English and Spanish', async () => {
    const { page } = browser;
    const cut: Record<string, string[]> = {};
    for (const language of ['en', 'es']) {
      await page.evaluate((l) => window.localStorage.setItem('i18nextLng', l), language);
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of ['/rentals', '/rentals/active?view=overdue', '/rentals/all']) {
          await page.goto(`${app.url}${path}`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await page.waitForLoadState('networkidle');
          const clipped = await page.evaluate(() =>
            [
              ...document.querySelectorAll<HTMLElement>(
                '[data-testid="revenue"], .mantine-Badge-label, .mantine-Badge-root, .mantine-Button-label, .mantine-Button-root',
              ),
            ]
              .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
              .map((el) => el.textContent ?? ''),
          );
          if (clipped.length > 0) cut[`${path} @${width} ${language}`] = clipped;
        }
      }
    }
    await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'en'));
    expect(cut).toEqual({});
  });
});
