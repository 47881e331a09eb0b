import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { gpsJpeg, png } from '../apps/server/test/image-fixtures.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';
import { scrollToPanel } from './support/scroll.ts';

let mail: MailCatcher;
let app: RunningApp;
let staff: Browser;
let files: string;

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  staff = await openBrowser();
  await signInViaUi(staff.page, app.url, mail, 'manager@nordic.example.com');
  await staff.page.waitForURL(`${app.url}/`);
  files = mkdtempSync(path.join(tmpdir(), 'sp-e2e-photos-'));
  await writeFile(path.join(files, 'front.jpg'), await gpsJpeg());
  await writeFile(path.join(files, 'plate.png'), await png());
  copyFileSync(
    path.resolve(import.meta.dirname, '../apps/server/test/fixtures/sample-gps.heic'),
    path.join(files, 'IMG_0001.HEIC'),
  );
});
afterAll(async () => {
  await staff?.close();
  await app?.stop();
  await mail?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

describe('customer image upload', () => {
  it('staff create a link; on a 375 px phone the customer verifies and uploads three photos (one HEIC); staff see them', async () => {
    const { page } = staff;
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const created = await fetch(`${app.url}/api/service-orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Toilet fan makes noise',
        serviceType: 'repair',
        priority: 'normal',
        customerName: 'Per Photo',
        customerEmail: 'per.photo@example.no',
        customerPhone: '+47 913 00 111',
        serialNumber: 'CT-2026-777',
      }),
    });
    expect(created.status).toBe(201);
    const order = (await created.json()) as { id: string };

    await page.goto(`${app.url}/service-orders/${order.id}`);
    const panel = await scrollToPanel(page, 'Customer upload links');
    await panel.getByText("Don't send (copy the link)").click();
    await panel.getByRole('button', { name: 'Create link' }).click();
    const link = await panel.getByRole('textbox', { name: 'New link' }).inputValue();
    expect(link).toMatch(/\/customer-upload\/[A-Za-z0-9_-]{32}$/);

    const phone = await openBrowser({ width: 375, height: 740 });
    try {
      const p = phone.page;
      await p.goto(link);
      await p.getByRole('heading', { name: 'Service Information' }).waitFor();
      await p.getByText('Toilet fan makes noise').waitFor();
      await p.getByRole('button', { name: 'Continue' }).click();
      await p.getByLabel('Phone number').fill('913 00 111');
      await p.getByLabel('Serial number').fill('ct-2026-777');
      await p.getByRole('button', { name: 'Verify' }).click();
      await p.getByRole('heading', { name: 'Upload Service Images' }).waitFor();
      await p
        .getByTestId('image-file-input')
        .setInputFiles(['front.jpg', 'plate.png', 'IMG_0001.HEIC'].map((f) => path.join(files, f)));
      await p.getByText('3 photos', { exact: false }).waitFor();
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await p.getByRole('button', { name: 'Upload', exact: true }).click();
      await p.getByRole('heading', { name: 'Upload Complete' }).waitFor({ timeout: 30_000 });
      await p.getByText('Upload successful').waitFor();
      await p.getByText('We received 3 photos. Thank you!').waitFor();
      // Issue 31: the last buttons show their whole label at 375 px (they were cut to "Upload mo…").
      const cut = await p
        .locator('button')
        .filter({ hasText: /Upload more photos|See the status of my order/ })
        .evaluateAll((buttons) =>
          buttons
            .filter((b) => {
              const label = b.querySelector('.mantine-Button-label') ?? b;
              return (
                label.scrollWidth > label.clientWidth + 1 || b.getBoundingClientRect().right > innerWidth
              );
            })
            .map((b) => b.textContent),
        );
      expect(cut).toEqual([]);
    } finally {
      await phone.close();
    }

    await page.reload();
    const gallery = await scrollToPanel(page, 'Photos');
    await gallery.getByText('3 photos').waitFor();
    const thumbs = gallery.getByRole('button', { name: /^Open photo/ });
    expect(await thumbs.count()).toBe(3);
    // The thumbnails really load (signed URLs, JPEG even for the HEIC); they load lazily, so scroll.
    await gallery.scrollIntoViewIfNeeded();
    const src = await gallery.locator('img').first().getAttribute('src');
    const thumb = await page.request.get(`${app.url}${src}`);
    expect(thumb.status()).toBe(200);
    expect(thumb.headers()['content-type']).toBe('image/jpeg');
    await expect
      .poll(() =>
        gallery
          .locator('img')
          .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(3);
  });
});
