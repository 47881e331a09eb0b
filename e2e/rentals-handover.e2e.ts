import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentalCharge, type Rental } from '../packages/shared/src/rentals.ts';
import { addDays, todayIn } from '../packages/shared/src/zoned-days.ts';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { apiOk } from './support/api.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { seriousViolations } from './support/axe.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';

// Issue 31 item 1 and 8, walked: handing over a future booking asks for the actual start (the
// booked start by default), shows the charge that start gives, and can be undone; after each step
// the rental as the server keeps it is checked through the API.

let mail: MailCatcher;
let app: RunningApp;
let browser: Browser;

const UNIT = 'NS-RT-0302';
const money = (minor: number) =>
  `NOK ${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100)}`;

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  browser = await openBrowser({ width: 1440, height: 900 });
  await signInViaUi(browser.page, app.url, mail, 'office@nordic.example.com');
  await browser.page.waitForURL(`${app.url}/`);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

/** The rentals and bookings of the unit, as the server has them. */
async function unitRentals(): Promise<Rental[]> {
  const list = await apiOk<{ items: Rental[] }>(
    browser.page,
    app.url,
    'GET',
    `/rentals?search=${UNIT}&pageSize=50`,
  );
  return list.items.filter((r) => r.serialNumber === UNIT);
}
/** A figure as it reads (the money format puts a no-break space after the currency). */
const text = async (locator: { textContent(): Promise<string | null> }) =>
  ((await locator.textContent()) ?? '').replace(/\s/g, ' ');
const rental = (id: string) => apiOk<Rental>(browser.page, app.url, 'GET', `/rentals/${id}`);

describe('hand-over of a future booking', () => {
  it('asks for the actual start, shows its charge, hands over from that day, and undoes it', async () => {
    const { page } = browser;
    const today = todayIn('Europe/Oslo');
    const [booking] = (await unitRentals()).filter((r) => r.status === 'booked');
    expect(booking, `the demo books ${UNIT} ahead`).toBeDefined();
    expect(booking!.startDate > today).toBe(true);
    const charge = (start: string) =>
      rentalCharge({
        dailyMinor: booking!.dailyRate,
        weeklyMinor: booking!.weeklyRate,
        lateFeePerDayMinor: booking!.lateFeePerDay,
        pickup: start,
        returned: booking!.dueDate,
        due: booking!.dueDate,
        timeZone: 'UTC',
      });

    await page.goto(`${app.url}/rentals/active?view=booked`);
    await page.getByRole('button', { name: `Hand over Accessible toilet unit ${UNIT}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Hand over the unit' });
    const start = dialog.getByLabel(/Actual start/);
    // Default: the booked start, not today (the defect: the rental began today, charged 24 days).
    expect(await start.inputValue()).toBe(booking!.startDate);
    const total = dialog.getByTestId('hand-over-total');
    expect(await text(total)).toBe(`Total: ${money(charge(booking!.startDate).totalMinor)}`);
    expect(await seriousViolations(page)).toEqual([]);

    // A start after the due date is refused in words and nothing is sent.
    await start.fill(addDays(booking!.dueDate, 1));
    await dialog.getByText(/^The rental cannot start after its due date /).waitFor();
    expect(await dialog.getByTestId('hand-over-charges').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Confirm hand-over' }).click();
    expect((await rental(booking!.id)).status).toBe('booked');

    // The unit is collected a day after the booked start: one day less is charged.
    const actual = addDays(booking!.startDate, 1);
    await start.fill(actual);
    await expect.poll(() => text(total)).toBe(`Total: ${money(charge(actual).totalMinor)}`);
    expect(charge(actual).days).toBe(charge(booking!.startDate).days - 1);
    await dialog.getByRole('button', { name: 'Confirm hand-over' }).click();
    await page.getByText('The booking is now a rental.').waitFor();

    const handed = await rental(booking!.id);
    expect([handed.kind, handed.status, handed.startDate, handed.dueDate]).toEqual([
      'rental',
      'active',
      actual,
      booking!.dueDate,
    ]);
    expect(handed.handOverUndoUntil).not.toBeNull();

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByText('The hand-over is undone: the booking is back.').waitFor();
    const back = await rental(booking!.id);
    expect([back.kind, back.status, back.startDate, back.dueDate, back.handOverUndoUntil]).toEqual([
      'booking',
      'booked',
      booking!.startDate,
      booking!.dueDate,
      null,
    ]);
    // The list offers the hand-over again.
    await page.getByRole('button', { name: `Hand over Accessible toilet unit ${UNIT}` }).waitFor();
  });
});
