import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceOrder } from '../packages/shared/src/service-orders.ts';
import { addDays, mondayOf, todayIn } from '../packages/shared/src/zoned-days.ts';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { apiOk } from './support/api.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { seriousViolations } from './support/axe.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';

// Issue 31 item 8, walked: cancelling orders from the list shows what will be cancelled, asks to
// confirm, and "Undo" puts each order back to the status it had. After each step the orders are
// read back through the API.

let mail: MailCatcher;
let app: RunningApp;
let browser: Browser;

const RUN = Date.now().toString(36).slice(-5);
/** A word only this run's orders have in their titles: the list searched by it shows them alone. */
const MARK = `Bulkcancel${RUN}`;

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  browser = await openBrowser({ width: 1440, height: 900 });
  await signInViaUi(browser.page, app.url, mail, 'manager@nordic.example.com');
  await browser.page.waitForURL(`${app.url}/`);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

const call = <T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
  apiOk<T>(page, app.url, method, path, body);

async function createOrder(page: Page, title: string): Promise<ServiceOrder> {
  return call<ServiceOrder>(page, 'POST', '/service-orders', {
    title,
    customerName: 'Bente Bulk',
    customerEmail: 'bente.bulk@example.no',
    customerAddress: 'Bulkveien 1, 0150 Oslo',
    estimatedMinutes: 60,
  });
}

/** Status, technician and date of each order, as the server has them. */
const states = (page: Page, orders: ServiceOrder[]) =>
  Promise.all(
    orders.map(async (o) => {
      const now = await call<ServiceOrder>(page, 'GET', `/service-orders/${o.id}`);
      return [now.orderNumber, now.status, now.assignedTechnicianId, now.scheduledDate];
    }),
  );

describe('bulk cancel from the order list', () => {
  it('previews the orders, cancels them on confirm, and Undo puts each status back', async () => {
    const { page } = browser;
    // Three orders in three statuses: created, scheduled (with a technician and a day), in progress.
    const created = await createOrder(page, `${MARK} new boiler check`);
    const scheduled = await createOrder(page, `${MARK} planned service`);
    const started = await createOrder(page, `${MARK} leak under way`);
    const board = await call<{ technicians: { id: string; cells: { date: string; off: boolean }[] }[] }>(
      page,
      'GET',
      `/schedule/board?from=${addDays(mondayOf(todayIn('Europe/Oslo')), 7)}&days=7`,
    );
    const open = board.technicians
      .flatMap((tech) => tech.cells.map((cell) => ({ tech: tech.id, ...cell })))
      .find((cell) => !cell.off)!;
    await call(page, 'POST', `/schedule/orders/${scheduled.id}/assignment`, {
      technicianId: open.tech,
      date: open.date,
      start: '09:00',
      version: scheduled.version,
    });
    await call(page, 'POST', '/service-orders/bulk-update-status', {
      orderIds: [started.id],
      status: 'in_progress',
    });
    const orders = [created, scheduled, started];
    const before = await states(page, orders);
    expect(before.map((s) => s[1])).toEqual(['created', 'scheduled', 'in_progress']);

    await page.goto(`${app.url}/service-orders?q=${MARK}`);
    for (const o of orders) await page.getByRole('link', { name: o.orderNumber }).first().waitFor();
    expect(await page.getByRole('checkbox', { name: /^Select SO-/ }).count()).toBe(3);
    await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('Selected: 3').waitFor();

    // First "Keep them": the preview closes and nothing changes.
    await bar.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('menuitem', { name: 'Cancelled' }).click();
    let dialog = page.getByRole('dialog', { name: 'Cancel 3 orders?' });
    await dialog.getByText('These 3 orders will be cancelled:').waitFor();
    const preview = await dialog.getByRole('listitem').allTextContents();
    expect(preview.map((text) => text.replace(/\s+/g, ' ').trim()).sort()).toEqual(
      orders.map((o) => `${o.orderNumber} ${o.title}`).sort(),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep them' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await states(page, orders)).toEqual(before);

    // Then confirm: all three are cancelled.
    await bar.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('menuitem', { name: 'Cancelled' }).click();
    dialog = page.getByRole('dialog', { name: 'Cancel 3 orders?' });
    await dialog.getByRole('button', { name: 'Cancel the orders' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const notice = page
      .locator('.mantine-Notification-root')
      .filter({ has: page.getByRole('button', { name: 'Undo' }) });
    await notice.waitFor();
    expect((await states(page, orders)).map((s) => s[1])).toEqual(['cancelled', 'cancelled', 'cancelled']);

    // Undo: each order back to its own status, the scheduled one still with its technician and day.
    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Undone: 3 orders are back as they were.').waitFor();
    expect(await states(page, orders)).toEqual(before);
    await expect
      .poll(async () => page.getByRole('cell', { name: 'Cancelled', exact: true }).count(), {
        timeout: 10_000,
      })
      .toBe(0);
  });
});
