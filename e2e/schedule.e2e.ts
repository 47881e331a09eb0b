import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, mondayOf, todayIn } from '../packages/shared/src/zoned-days.ts';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { horizontalOverflow, seriousViolations } from './support/axe.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';

// Issue 25: the dispatch board dragged with the mouse at 1440 px, its keyboard path (the
// Schedule… dialog), and the technician's day at 375 px; axe on both screens.

let mail: MailCatcher;
let app: RunningApp;
let manager: Browser;

const RUN = Date.now().toString(36).slice(-5);
// A postcode no demo order has: the list filtered by it shows this run's orders only.
const POSTCODE = '9799';
const ZONE = 'Europe/Oslo';
const today = todayIn(ZONE);
/** A Tuesday next week: a working day for the demo technicians, never in the past. */
const nextTuesday = addDays(mondayOf(today), 8);

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  manager = await openBrowser({ width: 1440, height: 900 });
  await signInViaUi(manager.page, app.url, mail, 'manager@nordic.example.com');
  await manager.page.waitForURL(`${app.url}/`);
});
afterAll(async () => {
  await manager?.close();
  await app?.stop();
  await mail?.stop();
});

async function createOrder(page: Page, title: string): Promise<void> {
  await page.goto(`${app.url}/service-orders/new`);
  await page.getByLabel('Customer name').fill('Per Planlegging');
  await page.getByLabel('Customer e-mail').fill('per.plan@example.no');
  await page.getByLabel('Address').fill(`Planveien 3, ${POSTCODE} Planby`);
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByLabel(/^Estimated duration/).fill('90');
  await page.getByRole('button', { name: 'Create service order' }).click();
  await page.waitForURL(/\/service-orders\/[0-9a-f-]{36}$/);
}

/** The board for next week, its list filtered to this run's postcode. */
async function openBoard(page: Page): Promise<void> {
  await page.goto(`${app.url}/schedule?view=week&date=${nextTuesday}`);
  await page.getByRole('table', { name: 'Technicians and days' }).waitFor();
  await page.getByLabel('Postcode starts with').fill(POSTCODE);
  // The filter applies after a pause in typing: wait for the list to hold this run's orders only
  // (another test's order of this run may still wait there if that test failed).
  const list = page.getByRole('region', { name: /Unscheduled/ });
  await expect
    .poll(() => list.locator('[data-card]').filter({ hasNotText: RUN }).count(), { timeout: 10_000 })
    .toBe(0);
}

/** The first technician's cell on a day that is open for work (not off, active, with hours). */
function firstCell(page: Page, date: string) {
  return page.locator(`td[data-cell$=":${date}"]:not([data-closed])`).first();
}

describe('dispatch board', () => {
  it('drags a card from the list onto a technician-day with the mouse at 1440 px', async () => {
    const { page } = manager;
    const title = `E2E drag ${RUN}`;
    await createOrder(page, title);
    await openBoard(page);
    const list = page.getByRole('region', { name: /Unscheduled/ });
    const card = list.locator('[data-card]').filter({ hasText: title });
    await card.waitFor();
    const target = firstCell(page, nextTuesday);
    await target.scrollIntoViewIfNeeded();
    const cellId = await target.getAttribute('data-cell');
    const scroller = page.getByTestId('schedule-board-scroller');
    const scrolledBefore = await scroller.evaluate((element) => element.scrollLeft);

    const from = await card.boundingBox();
    const to = await target.boundingBox();
    if (from === null || to === null) throw new Error('card or cell not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + 10);
    await page.mouse.down();
    // dnd-kit starts after 6 px, then follows the pointer: move in steps.
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();

    // Carried in from the list, the card crossed the board's edge: that must not scroll the board
    // (it once did, further the slower the move, and the card landed on the next day).
    expect(await scroller.evaluate((element) => element.scrollLeft)).toBe(scrolledBefore);
    await target.getByText(title).waitFor();
    await expect.poll(() => list.getByText(title).count()).toBe(0);
    // The server accepted it: the board offers to tell the customer.
    await page.getByRole('status').filter({ hasText: 'is planned for' }).waitFor();
    await page.reload();
    await page.getByRole('table', { name: 'Technicians and days' }).waitFor();
    await page.locator(`td[data-cell="${cellId}"]`).getByText(title).waitFor();

    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it('schedules through the Schedule… dialog with the keyboard alone', async () => {
    const { page } = manager;
    const title = `E2E keyboard ${RUN}`;
    await createOrder(page, title);
    await openBoard(page);
    const list = page.getByRole('region', { name: /Unscheduled/ });
    const open = list.getByRole('button', { name: new RegExp(`^Schedule SO-\\S+ ${title}`) });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Schedule order' });
    await dialog.waitFor();
    expect(await dialog.getByText("Takes 1 h 30 min of the technician's day.").count()).toBe(1);
    // A technician who works that day (the board marks the others' cells closed): the select's
    // options in order, walked with the arrow key as a keyboard user would.
    const working = (await firstCell(page, nextTuesday).getAttribute('data-cell'))?.split(':')[0];
    const select = dialog.getByLabel(/^Technician/);
    const values = await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    await select.focus();
    for (let step = 0; step < values.indexOf(working ?? ''); step += 1)
      await page.keyboard.press('ArrowDown');
    expect(await select.inputValue()).toBe(working);
    await dialog.getByLabel(/^Date/).fill(nextTuesday);
    await dialog.getByLabel(/^Start time/).fill('10:15');
    await dialog.getByLabel(/^Start time/).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Technicians and days' }).getByText(title).waitFor();
    await page.getByText('10:15 · SO-').first().waitFor();
  });
});

describe("the technician's day", () => {
  it('shows the day at 375 px without sideways scroll, with a map link and a call button', async () => {
    const phone = await openBrowser({ width: 375, height: 740 });
    try {
      await signInViaUi(phone.page, app.url, mail, 'tech@nordic.example.com');
      await phone.page.waitForURL(`${app.url}/`);
      // The menu offers "My day" to a user with a technician record.
      await phone.page.goto(`${app.url}/my-day`);
      await phone.page.getByRole('heading', { name: 'My day', level: 1 }).waitFor();
      await phone.page.getByText('Tomorrow', { exact: true }).click();
      await phone.page.getByText('Today', { exact: true }).click();
      const orders = phone.page.locator('article');
      await expect
        .poll(
          async () =>
            (await orders.count()) > 0 ||
            (await phone.page.getByText('No orders are planned for you this day.').count()) > 0,
          { timeout: 10_000 },
        )
        .toBe(true);
      if ((await orders.count()) > 0) {
        const first = orders.first();
        const map = first.getByRole('link', { name: /^Open .* on the map$/ });
        if ((await map.count()) > 0) {
          expect(await map.getAttribute('href')).toMatch(
            /^https:\/\/www\.openstreetmap\.org\/search\?query=/,
          );
        }
        await first.getByRole('button', { name: 'Checkpoints, parts, photos and work log' }).click();
        await first.getByText('Parts', { exact: true }).waitFor();
        // The photos and work log (other features' panels) and the frame show spinners named with
        // aria-label while they load, which axe flags (aria-prohibited-attr): wait until none is left.
        await expect
          .poll(() => phone.page.locator('.mantine-Loader-root, .m_b34414df').count(), { timeout: 10_000 })
          .toBe(0);
      }
      expect(await horizontalOverflow(phone.page)).toBe(0);
      expect(await seriousViolations(phone.page)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
