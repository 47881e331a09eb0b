import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Communication } from '../packages/shared/src/communications.ts';
import type { PricingConfig } from '../packages/shared/src/pricing.ts';
import type { ServiceOrder } from '../packages/shared/src/service-orders.ts';
import { addDays, mondayOf, todayIn } from '../packages/shared/src/zoned-days.ts';
import { FakeTwilio } from '../apps/server/test/fake-twilio.ts';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { api, apiOk } from './support/api.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { scrollToPanel } from './support/scroll.ts';
import { signInViaUi } from './support/sign-in.ts';

// Issue 25's rules walked in Chromium: a drop on a day the partner has closed is refused and says
// why; two dispatchers move one order and the loser sees where it is; "Tell the customer" sends
// the date by e-mail (board) and SMS (order page) and it lands in the order's communications.

let mail: MailCatcher;
let sms: FakeTwilio;
let app: RunningApp;
/** A ServiceManager and an Administrator of Nordic: two dispatchers in two browser contexts. */
let manager: Browser;
let office: Browser;

const RUN = Date.now().toString(36).slice(-5);
const ZONE = 'Europe/Oslo';
let nextTuesday = '';
let nextWednesday = '';

beforeAll(async () => {
  const today = todayIn(ZONE);
  // Next week's Tuesday and Wednesday: never in the past, working days of the demo technicians.
  nextTuesday = addDays(mondayOf(today), 8);
  nextWednesday = addDays(mondayOf(today), 9);
  mail = new MailCatcher();
  sms = new FakeTwilio();
  const smtpUrl = await mail.start();
  app = await startApp(smtpUrl, {
    SMS_API_BASE_URL: await sms.start(),
    TWILIO_ACCOUNT_SID: sms.accountSid,
    TWILIO_AUTH_TOKEN: sms.authToken,
    SMS_FROM: sms.from,
  });
  manager = await openBrowser({ width: 1440, height: 900 });
  office = await openBrowser({ width: 1440, height: 900 });
  await signInViaUi(manager.page, app.url, mail, 'manager@nordic.example.com');
  await manager.page.waitForURL(`${app.url}/`);
  await signInViaUi(office.page, app.url, mail, 'office@nordic.example.com');
  await office.page.waitForURL(`${app.url}/`);
});
afterAll(async () => {
  await manager?.close();
  await office?.close();
  await app?.stop();
  await sms?.stop();
  await mail?.stop();
});

/** An open order of this run, unscheduled, with a postcode of its own (the list filters by it). */
async function createOrder(
  page: Page,
  title: string,
  postcode: string,
  contact: { email: string; phone?: string },
): Promise<ServiceOrder> {
  return apiOk<ServiceOrder>(page, app.url, 'POST', '/service-orders', {
    title,
    customerName: 'Per Planlegging',
    customerEmail: contact.email,
    customerPhone: contact.phone ?? '',
    customerAddress: `Planveien 3, ${postcode} Planby`,
    estimatedMinutes: 90,
  });
}

const order = (page: Page, id: string) => apiOk<ServiceOrder>(page, app.url, 'GET', `/service-orders/${id}`);

/** Next week on the board, its list filtered to one postcode (this test's order alone). */
async function openBoard(page: Page, postcode: string, title: string): Promise<Locator> {
  await page.goto(`${app.url}/schedule?view=week&date=${nextTuesday}`);
  await page.getByRole('table', { name: 'Technicians and days' }).waitFor();
  await page.getByLabel('Postcode starts with').fill(postcode);
  const list = page.getByRole('region', { name: /Unscheduled/ });
  // The filter applies after a pause in typing: wait until the list holds this order alone.
  await expect
    .poll(async () => (await list.locator('[data-card]').allTextContents()).map((t) => t.includes(title)), {
      timeout: 10_000,
    })
    .toEqual([true]);
  return list.locator('[data-card]').filter({ hasText: title });
}

/** Open cells (not off, active, with hours) on a day, in the board's row order. */
const openCells = (page: Page, date: string) => page.locator(`td[data-cell$=":${date}"]:not([data-closed])`);

/**
 * Drags `card` onto `target` with the mouse, as a dispatcher does (dnd-kit starts after 6 px). On
 * the way in from the list the pointer crosses the board's edge, which scrolls it a little: like a
 * person watching the highlighted cell, the pointer follows the target until it holds still.
 */
async function drag(page: Page, card: Locator, target: Locator): Promise<void> {
  // Both on one screen, as a person drags (the page does not scroll under the pointer).
  const from = await card.boundingBox();
  const viewport = page.viewportSize();
  const box = await target.boundingBox();
  if (from === null || box === null || viewport === null) throw new Error('card or cell not shown');
  if (from.y < 0 || box.y < 0 || box.y + 40 > viewport.height) throw new Error('card or cell off screen');
  await page.mouse.move(from.x + from.width / 2, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 5 });
  let at = '';
  for (let tries = 0; tries < 10; tries += 1) {
    const to = await target.boundingBox();
    if (to === null) throw new Error('cell not on screen');
    const point = { x: to.x + to.width / 2, y: to.y + Math.min(to.height / 2, 40) };
    const here = `${Math.round(point.x)},${Math.round(point.y)}`;
    if (here === at) break;
    await page.mouse.move(point.x, point.y, { steps: tries === 0 ? 15 : 3 });
    await page.waitForTimeout(150);
    at = here;
  }
  await page.mouse.up();
}

/** An RFC 2047 encoded header (`=?UTF-8?Q?…?=` words) as the reader sees it. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) =>
    Buffer.from(
      text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

/** The red notice the board shows for a refused move, by its words. */
const refusal = (page: Page, words: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: 'The order was not moved' }).filter({
    hasText: words,
  });

describe('a day the partner has closed', () => {
  it('refuses a drop on it: the card goes back to the list, the board says why, nothing is stored', async () => {
    const { page } = office;
    const title = `E2E closed ${RUN}`;
    const created = await createOrder(page, title, '9791', { email: 'per.closed@example.no' });

    // The partner stops working Wednesdays (Pricing → Basic settings, through its API).
    const pricing = await apiOk<PricingConfig>(page, app.url, 'GET', '/pricing');
    const closedWednesdays = [true, true, false, true, true, false, false];
    const saved = await apiOk<PricingConfig>(page, app.url, 'PUT', '/pricing', {
      ...pricing,
      workingDays: closedWednesdays,
    });
    expect(saved.workingDays).toEqual(closedWednesdays);

    const card = await openBoard(page, '9791', title);
    // The board marks the day closed: its column heading and every technician's cell.
    const wednesdayCells = page.locator(`td[data-cell$=":${nextWednesday}"]`);
    expect(await wednesdayCells.count()).toBeGreaterThan(0);
    expect(await page.locator(`td[data-cell$=":${nextWednesday}"]:not([data-closed])`).count()).toBe(0);
    const target = wednesdayCells.first();
    await drag(page, card, target);

    await refusal(page, 'You do not work that day (see the working days in Pricing).').waitFor();
    // Back where it was: on the list, not in the cell; and the server has no date for it.
    await card.waitFor();
    expect(await target.getByText(title).count()).toBe(0);
    const stored = await order(page, created.id);
    expect([stored.scheduledDate, stored.assignedTechnicianId, stored.version]).toEqual([
      null,
      null,
      created.version,
    ]);
    // The server holds the same rule for a client that does not know: 409 partner_closed.
    const technicianId = (await target.getAttribute('data-cell'))!.split(':')[0];
    const direct = await api<{ code: string }>(
      page,
      app.url,
      'POST',
      `/schedule/orders/${created.id}/assignment`,
      {
        technicianId,
        date: nextWednesday,
        start: null,
        version: created.version,
      },
    );
    expect([direct.status, direct.body.code]).toEqual([409, 'partner_closed']);
  });

  it("refuses it from the order page's Schedule… dialog with the server's reason", async () => {
    const { page } = office;
    const title = `E2E closed dialog ${RUN}`;
    const created = await createOrder(page, title, '9792', { email: 'per.closed2@example.no' });
    // An open technician of next Tuesday, as the board knows them.
    await openBoard(page, '9792', title);
    const technicianId = (await openCells(page, nextTuesday).first().getAttribute('data-cell'))!.split(
      ':',
    )[0]!;

    await page.goto(`${app.url}/service-orders/${created.id}`);
    await page.getByRole('button', { name: 'Schedule…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule order' });
    await dialog.getByLabel(/^Technician/).selectOption(technicianId);
    await dialog.getByLabel(/^Date/).fill(nextWednesday);
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    // The server refused (the dialog does not know the partner's days): its code, in words.
    await dialog.getByText('You do not work that day (see the working days in Pricing).').waitFor();
    const stored = await order(page, created.id);
    expect([stored.scheduledDate, stored.version]).toEqual([null, created.version]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('two dispatchers move the same order', () => {
  it('one wins; the other sees why and the card where the server has it', async () => {
    const title = `E2E race ${RUN}`;
    const created = await createOrder(manager.page, title, '9793', { email: 'per.race@example.no' });
    const first = await openBoard(manager.page, '9793', title);
    const second = await openBoard(office.page, '9793', title);
    // The second board has not heard of the first move yet (it polls every few seconds): hold its
    // change poll at "nothing changed" so the race is the same on every run.
    await office.page.route('**/api/schedule/changes?**', async (route) => {
      const since = new URL(route.request().url()).searchParams.get('since') ?? '';
      await route.fulfill({ json: { cursor: since, changed: false } });
    });

    const winnerCell = openCells(manager.page, nextTuesday).nth(0);
    const winnerId = (await winnerCell.getAttribute('data-cell'))!;
    await drag(manager.page, first, winnerCell);
    await winnerCell.getByText(title).waitFor();
    await manager.page.getByRole('status').filter({ hasText: 'is planned for' }).waitFor();

    // The second dispatcher drops it on Thursday a moment later (a cell in view).
    const loserCell = openCells(office.page, addDays(nextTuesday, 2)).nth(0);
    const loserId = (await loserCell.getAttribute('data-cell'))!;
    expect(loserId).not.toBe(winnerId);
    await drag(office.page, second, loserCell);

    const [winnerTechnician] = winnerId.split(':');
    const stored = await order(manager.page, created.id);
    expect([stored.assignedTechnicianId, stored.scheduledDate]).toEqual([winnerTechnician, nextTuesday]);
    const technicianName = (
      await apiOk<{ firstName: string }>(manager.page, app.url, 'GET', `/technicians/${winnerTechnician}`)
    ).firstName;
    await refusal(
      office.page,
      new RegExp(`Someone else moved ${stored.orderNumber} first\\. It is now with ${technicianName}.* on `),
    ).waitFor();
    // The loser's board shows the card where the server has it: in the winner's cell.
    await office.page.locator(`td[data-cell="${winnerId}"]`).getByText(title).waitFor();
    expect(await office.page.locator(`td[data-cell="${loserId}"]`).getByText(title).count()).toBe(0);
    expect(
      await office.page
        .getByRole('region', { name: /Unscheduled/ })
        .getByText(title)
        .count(),
    ).toBe(0);
    await office.page.unroute('**/api/schedule/changes?**');
  });
});

describe('tell the customer', () => {
  it('e-mails the date after a drag on the board; the mail arrives and the order logs it', async () => {
    const { page } = manager;
    const title = `E2E tell mail ${RUN}`;
    const email = `per.tell.${RUN}@example.no`;
    const created = await createOrder(page, title, '9794', { email });
    const card = await openBoard(page, '9794', title);
    const cell = openCells(page, nextTuesday).first();
    await drag(page, card, cell);
    await cell.getByText(title).waitFor();
    const prompt = page.getByRole('status').filter({ hasText: `${created.orderNumber} is planned for` });
    await prompt.waitFor();

    const before = mail.messages.length;
    await prompt.getByRole('button', { name: 'E-mail' }).click();
    await prompt.getByText('The customer has been told.').waitFor();

    // The customer has no phone: a domestic (Norwegian) customer, told in Norwegian.
    const day = `${nextTuesday.slice(8, 10)}.${nextTuesday.slice(5, 7)}.${nextTuesday.slice(0, 4)}`;
    const caught = await mail.waitFor(email, 15_000, before);
    const subject = `Servicebesøk ${day} (${created.orderNumber})`;
    // The subject travels MIME-encoded (ø): decoded, it is the template's.
    expect(decodeHeader(caught.subject)).toBe(subject);
    // The catcher keeps the body's UTF-8 bytes as Latin-1 characters: read them as UTF-8.
    expect(Buffer.from(caught.text, 'latin1').toString('utf8')).toContain(
      `kommer ${day} i løpet av dagen for oppdrag ${created.orderNumber}`,
    );

    // Logged on the order: an outbound e-mail with that subject, sent.
    await expect
      .poll(
        async () =>
          (
            await apiOk<Communication[]>(page, app.url, 'GET', `/service-orders/${created.id}/communications`)
          ).map((c) => [c.method, c.direction, c.subject, c.deliveryStatus]),
        { timeout: 15_000 },
      )
      .toContainEqual(['email', 'outbound', subject, 'sent']);
    await page.goto(`${app.url}/service-orders/${created.id}`);
    await scrollToPanel(page, 'Communications');
    const conversation = page.locator('#conversation');
    await conversation.getByText(subject).first().waitFor();
  });

  it("sends an SMS after scheduling from the order page's Schedule… dialog", async () => {
    const { page } = manager;
    const title = `E2E tell sms ${RUN}`;
    const created = await createOrder(page, title, '9795', {
      email: `per.sms.${RUN}@example.no`,
      phone: '+47 412 34 567',
    });
    await openBoard(page, '9795', title);
    const technicianId = (await openCells(page, nextTuesday).first().getAttribute('data-cell'))!.split(
      ':',
    )[0]!;

    await page.goto(`${app.url}/service-orders/${created.id}`);
    await page.getByRole('button', { name: 'Schedule…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule order' });
    await dialog.getByLabel(/^Technician/).selectOption(technicianId);
    await dialog.getByLabel(/^Date/).fill(nextTuesday);
    await dialog.getByLabel(/^Start time/).fill('13:30');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const stored = await order(page, created.id);
    expect([stored.assignedTechnicianId, stored.scheduledDate, stored.scheduledStart]).toEqual([
      technicianId,
      nextTuesday,
      '13:30',
    ]);

    const prompt = page.getByRole('status').filter({ hasText: `${created.orderNumber} is planned for` });
    await prompt.getByRole('button', { name: 'SMS' }).click();
    await prompt.getByText('The customer has been told.').waitFor();

    const day = `${nextTuesday.slice(8, 10)}.${nextTuesday.slice(5, 7)}.${nextTuesday.slice(0, 4)}`;
    await expect
      .poll(() => sms.messages.filter((m) => m.body.includes(created.orderNumber)).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const sent = sms.messages.find((m) => m.body.includes(created.orderNumber))!;
    expect(sent.to).toBe('+4741234567');
    expect(sent.body).toContain(`kommer ${day} kl. 13:30 for oppdrag ${created.orderNumber}`);
    await expect
      .poll(
        async () =>
          (
            await apiOk<Communication[]>(page, app.url, 'GET', `/service-orders/${created.id}/communications`)
          ).map((c) => [c.method, c.direction, c.message, c.deliveryStatus]),
        { timeout: 15_000 },
      )
      .toContainEqual(['sms', 'outbound', sent.body, 'sent']);
    await scrollToPanel(page, 'Communications');
    const conversation = page.locator('#conversation');
    await conversation.getByText(`kl. 13:30 for oppdrag ${created.orderNumber}`).first().waitFor();
  });
});
