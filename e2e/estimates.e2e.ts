import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';
import { scrollToPanel } from './support/scroll.ts';

// Issue 27: staff send an estimate, the customer approves it through the status link on a phone,
// staff see the approval and the notification badge; a signed report's PDF downloads; a technician
// collects the customer's signature drawn with a finger on a phone.
let mail: MailCatcher;
let app: RunningApp;
let staff: Browser;
let token: string | null;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${app.url}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  staff = await openBrowser();
  await signInViaUi(staff.page, app.url, mail, 'manager@nordic.example.com');
  await staff.page.waitForURL(`${app.url}/`);
  token = await staff.page.evaluate(() => localStorage.getItem('authToken'));
});
afterAll(async () => {
  await staff?.close();
  await app?.stop();
  await mail?.stop();
});

describe('estimates and the signed report', () => {
  it('staff send an estimate; on a 375 px phone the customer approves it; staff see it approved', async () => {
    const created = await api('/service-orders', {
      method: 'POST',
      body: JSON.stringify({
        title: 'Heat pump leaks',
        serviceType: 'repair',
        priority: 'normal',
        customerName: 'Eva Estimate',
        customerEmail: 'eva.estimate@example.no',
        customerPhone: '+47 913 00 222',
        serialNumber: 'HP-2026-555',
      }),
    });
    expect(created.status).toBe(201);
    const order = (await created.json()) as { id: string };

    const { page } = staff;
    await page.goto(`${app.url}/service-orders/${order.id}`);
    const panel = await scrollToPanel(page, 'Estimates');
    await panel.getByRole('button', { name: 'New estimate' }).click();
    await panel.getByRole('button', { name: 'Add line' }).click();
    await panel.getByLabel('Description').fill('Compressor valve');
    await panel.getByLabel('Unit price').fill('450');
    await panel.getByLabel('Labour (minutes)').fill('60');
    await panel.getByText('Total incl. VAT').first().waitFor();
    await panel.getByRole('button', { name: 'Save draft' }).click();
    await panel.getByText('Version 1').waitFor();
    await panel.getByRole('button', { name: 'Send by SMS' }).click();
    await panel.getByText(/Sent .* by SMS/).waitFor();

    const comms = (await (await api(`/service-orders/${order.id}/communications`)).json()) as {
      message: string;
    }[];
    const link = comms
      .map((c) => /https?:\/\/\S+\/customer-upload\/[A-Za-z0-9_-]+/.exec(c.message)?.[0])
      .find(Boolean);
    expect(link).toBeTruthy();

    const phone = await openBrowser({ width: 375, height: 740 });
    try {
      const p = phone.page;
      await p.goto(link!);
      await p.getByRole('heading', { name: 'Service Information' }).waitFor();
      await p.getByRole('button', { name: 'See the status of my order' }).click();
      await p.getByLabel('Phone number').fill('913 00 222');
      await p.getByLabel('Serial number').fill('HP-2026-555');
      await p.getByRole('button', { name: 'Verify' }).click();
      await p.getByRole('heading', { name: /Your estimate \(version 1\)/ }).waitFor();
      await p.getByText('Compressor valve').waitFor();
      await p.getByLabel('Your full name').fill('Eva Estimate');
      await p.getByRole('button', { name: 'Approve estimate' }).click();
      await p.getByText(/Approved by Eva Estimate/).waitFor();
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }

    await page.reload();
    const after = await scrollToPanel(page, 'Estimates');
    await after.getByText(/Approved by Eva Estimate/).waitFor();
    await page.getByRole('button', { name: /Notifications: \d+ unread/ }).waitFor();
  });

  it('a signed report downloads as a PDF with the token, not a bare link', async () => {
    const created = await api('/service-orders', {
      method: 'POST',
      body: JSON.stringify({
        title: 'Boiler service',
        serviceType: 'maintenance',
        priority: 'normal',
        customerName: 'Sig Signer',
        customerEmail: 'sig.signer@example.no',
      }),
    });
    const order = (await created.json()) as { id: string };
    const { page } = staff;
    await page.goto(`${app.url}/service-orders/${order.id}/report`);
    await page.getByRole('button', { name: 'Sign by typing the name instead' }).click();
    await page.getByLabel(/Printed name/).fill('Sig Signer');
    await page.getByRole('button', { name: 'Sign the report' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/service-report\.pdf$/);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a technician collects the signature with a finger on a 375 px phone', async () => {
    const created = await api('/service-orders', {
      method: 'POST',
      body: JSON.stringify({
        title: 'Toilet fan replaced',
        serviceType: 'repair',
        priority: 'normal',
        customerName: 'Tina Touch',
        customerEmail: 'tina.touch@example.no',
      }),
    });
    expect(created.status).toBe(201);
    const order = (await created.json()) as { id: string };
    const phone = await openBrowser({ width: 375, height: 740, hasTouch: true });
    try {
      const p = phone.page;
      await signInViaUi(p, app.url, mail, 'tech@nordic.example.com');
      await p.waitForURL(`${app.url}/`);
      await p.goto(`${app.url}/service-orders/${order.id}/report`);
      const pad = p.getByTestId('signature-pad');
      await pad.scrollIntoViewIfNeeded();
      const box = await pad.boundingBox();
      if (box === null) throw new Error('the signature pad is not on screen');
      // A finger's stroke, as the phone's touch screen sends it (Chromium makes pointer events of it).
      const cdp = await phone.context.newCDPSession(p);
      const at = (i: number) => ({
        x: box.x + 20 + i * ((box.width - 40) / 12),
        y: box.y + box.height / 2 + (i % 2 === 0 ? -20 : 20),
      });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
      for (let i = 1; i <= 12; i++)
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(i)] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await p.getByLabel(/Printed name/).fill('Tina Touch');
      await p.getByRole('button', { name: 'Sign the report' }).click();
      await p.getByText('Signed by Tina Touch').waitFor();
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
    const report = (await (await api(`/service-orders/${order.id}/report`)).json()) as {
      signed: boolean;
      signatureKind: string | null;
      signerName: string | null;
    };
    expect(report).toMatchObject({ signed: true, signatureKind: 'drawn', signerName: 'Tina Touch' });
  });
});
