import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../packages/shared/src/customers.ts';
import type { ServiceOrder } from '../packages/shared/src/service-orders.ts';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { png } from '../apps/server/test/image-fixtures.ts';
import { apiOk } from './support/api.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { horizontalOverflow, seriousViolations } from './support/axe.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { gotoQuiet } from './support/quiet.ts';
import { signInViaUi } from './support/sign-in.ts';

/**
 * Issue 31 item 3, for the surfaces built after the route walk (every-route.e2e.ts): each opened
 * as a user opens it, at 1440 and 375 px, then judged as it is on the screen: no critical or serious
 * axe violation (WCAG 2.1 A/AA) and no page wider than the viewport. The customer merge preview, the
 * partner identity card (a logo, a refused e-mail), the alerts popover (an alert and an unread
 * message), the duplicate warning of a new customer, a booking's hand-over, the order's "Schedule…"
 * dialog, an API token shown once and the webhook endpoint form (empty, then refused).
 */

let mail: MailCatcher;
let app: RunningApp;
let browser: Browser;

const RUN = Date.now().toString(36).slice(-5);
const PHONE = '+47 913 31 031';
const SERIAL = `OS-31-${RUN}`.toUpperCase();
const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 800 },
];

interface Row {
  width: number;
  surface: string;
  critical: number;
  serious: number;
  overflow: number;
  rules: string;
}
const rows: Row[] = [];

const call = <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
  apiOk<T>(browser.page, app.url, method, path, body);

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  browser = await openBrowser();
  await signInViaUi(browser.page, app.url, mail, 'office@nordic.example.com');
  await browser.page.waitForURL(`${app.url}/`);
});
afterAll(async () => {
  for (const r of rows)
    console.log(
      `[figure] axe opened ${String(r.width).padStart(4)} ${r.surface.padEnd(40)} critical=${r.critical} serious=${r.serious} overflow=${r.overflow}px${r.rules ? ` ${r.rules}` : ''}`,
    );
  await browser?.close();
  await app?.stop();
  await mail?.stop();
});

/**
 * An alert for the bell: the customer of a new order adds a photo through their upload link, as
 * their phone would (verify, then upload); the upload makes a "New customer photos" alert.
 */
async function customerAddsPhoto(): Promise<void> {
  const order = await call<ServiceOrder>('POST', '/service-orders', {
    title: `Opened states ${RUN}`,
    customerName: 'Olga Opened',
    customerEmail: `olga.${RUN}@example.no`,
    customerPhone: PHONE,
    serialNumber: SERIAL,
  });
  const link = await call<{ url: string }>('POST', `/service-orders/${order.id}/upload-links`, {
    sendVia: 'none',
  });
  const token = link.url.split('/').pop()!;
  const verified = await fetch(`${app.url}/api/customer-upload/${token}/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: PHONE, serialNumber: SERIAL }),
  });
  expect(verified.status).toBe(200);
  const { session } = (await verified.json()) as { session: string };
  const form = new FormData();
  form.append('categories', 'serial_number');
  form.append('descriptions', '');
  form.append('files', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'plate.png');
  const uploaded = await fetch(`${app.url}/api/customer-upload/${token}/images`, {
    method: 'POST',
    headers: { 'x-upload-session': session },
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
}

/** The screen as it is now, after the state was opened: axe and the page's width. */
async function judge(surface: string): Promise<Row> {
  const { page } = browser;
  // Transitions (a dialog's fade, a hover colour) settle before axe reads the colours.
  await page.waitForTimeout(300);
  const findings = await seriousViolations(page);
  const row = {
    width: page.viewportSize()?.width ?? 0,
    surface,
    critical: findings.filter((f) => f.impact === 'critical').length,
    serious: findings.filter((f) => f.impact === 'serious').length,
    overflow: await horizontalOverflow(page),
    rules: findings.map((f) => `${f.id}(${f.targets.join(' | ')})`).join(' '),
  };
  rows.push(row);
  return row;
}

async function visit(path: string): Promise<void> {
  await gotoQuiet(browser.page, `${app.url}${path}`);
}

/** A dialog by its title, once it shows. */
async function dialogNamed(name: string | RegExp) {
  const dialog = browser.page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

/** One surface: how a user opens it; it ends judged (and, where it is a dialog, closed). */
interface Surface {
  name: string;
  open(width: number): Promise<void>;
}

describe('opened states of the newer surfaces, 1440 and 375 px', () => {
  it('no critical or serious axe violation, no sideways page scroll', { timeout: 600_000 }, async () => {
    const { page } = browser;
    await customerAddsPhoto();
    await expect
      .poll(async () => (await call<{ count: number }>('GET', '/alerts/unread-count')).count)
      .toBeGreaterThan(0);

    // A customer to merge into, and one whose phone the new customer repeats.
    const customers = await call<{ items: Customer[] }>('GET', '/customers?pageSize=50');
    const target = customers.items.find((c) => c.mergedIntoId === null && c.orderCount > 0)!;
    const withPhone = customers.items.find((c) => c.phone !== null && c.id !== target.id)!;
    const orders = await call<{ items: ServiceOrder[] }>('GET', '/service-orders?pageSize=50');
    const open = orders.items.find((o) => o.status === 'created') ?? orders.items[0]!;

    const surfaces: Surface[] = [
      {
        // The customer page's "Merge with…": the other record picked, the preview loaded.
        name: 'customer merge preview',
        async open() {
          await visit(`/customers/${target.id}`);
          const other = page.getByLabel('Other customer').first();
          await other.scrollIntoViewIfNeeded();
          await other.click();
          await page.getByRole('option').first().click();
          await page.getByRole('button', { name: 'Merge with…' }).click();
          const dialog = await dialogNamed('Merge customers');
          await dialog
            .getByText(/^(Choose the details to keep|Both records have the same details\.)$/)
            .waitFor();
          await judge(this.name);
          await page.keyboard.press('Escape');
        },
      },
      {
        // The partner's identity card on the settings page: a logo uploaded, then a refused e-mail.
        name: 'partner identity card (logo, error)',
        async open() {
          await visit('/pricing');
          const card = page.getByRole('heading', { name: 'Your company on customer pages and reports' });
          await card.scrollIntoViewIfNeeded();
          await page.getByRole('button', { name: /^(Upload|Replace) logo$/ }).waitFor();
          await page
            .locator('input[type="file"]')
            .first()
            .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png() });
          await page.getByRole('img', { name: /^Logo of / }).waitFor();
          await page.getByLabel('E-mail', { exact: true }).fill('not an address');
          await page.getByRole('button', { name: 'Save contact details' }).click();
          await page.locator('.mantine-TextInput-error').first().waitFor();
          await judge(this.name);
        },
      },
      {
        // The bell: at least one alert and one unread message in the popover.
        name: 'alerts popover',
        async open() {
          await visit('/');
          await page.getByRole('button', { name: /^Notifications/ }).click();
          await page.getByTestId('alert-item').first().waitFor();
          await page.getByTestId('unread-name').first().waitFor();
          await judge(this.name);
          await page.keyboard.press('Escape');
        },
      },
      {
        // A new customer with a phone another customer has: the warning under the form.
        name: 'new customer, duplicate phone',
        async open() {
          await visit('/customers');
          await page.getByRole('button', { name: 'New customer' }).click();
          const dialog = await dialogNamed('New customer');
          await dialog.getByRole('textbox', { name: /^Name/ }).fill('Dorthe Duplicate');
          await dialog.getByLabel('Phone').fill(withPhone.phone!);
          await dialog.getByText(/customers? ha(s|ve) this e-mail or phone/).waitFor();
          await judge(this.name);
          await page.keyboard.press('Escape');
        },
      },
      {
        // A booking's hand-over: the actual start and the charge it gives.
        name: 'rental hand-over dialog',
        async open() {
          await visit('/rentals/active?view=booked');
          await page
            .getByRole('button', { name: /^Hand over / })
            .first()
            .click();
          const dialog = await dialogNamed('Hand over the unit');
          await dialog.getByTestId('hand-over-total').waitFor();
          await judge(this.name);
          await page.keyboard.press('Escape');
        },
      },
      {
        // The order page's "Schedule…".
        name: 'order schedule dialog',
        async open() {
          await visit(`/service-orders/${open.id}`);
          await page.getByRole('button', { name: 'Schedule…' }).click();
          await page.getByRole('dialog').locator('form').waitFor();
          await judge(this.name);
          await page.keyboard.press('Escape');
        },
      },
      {
        // An API token: the form filled, then its secret shown once.
        name: 'API token form, then shown once',
        async open(width) {
          await visit('/api-tokens');
          await page.getByRole('button', { name: 'New token' }).click();
          let dialog = await dialogNamed('New API token');
          await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Opened states ${width}`);
          await dialog.getByRole('checkbox').first().check();
          await judge('API token form');
          await dialog.getByRole('button', { name: 'Create token' }).click();
          dialog = await dialogNamed('Your new API token');
          await dialog.getByRole('button', { name: 'Copy token' }).waitFor();
          await judge('API token shown once');
          await dialog.getByRole('button', { name: 'Done' }).click();
        },
      },
      {
        // A webhook endpoint: the empty form, then as refused (no address, no event).
        name: 'webhook endpoint form',
        async open() {
          await visit('/webhooks');
          await page.getByRole('button', { name: 'New endpoint' }).click();
          const dialog = await dialogNamed('New webhook endpoint');
          await judge('webhook endpoint form');
          await dialog.getByRole('button', { name: 'Add endpoint' }).click();
          await dialog.locator('[aria-invalid="true"]').first().waitFor();
          await judge('webhook endpoint form, refused');
          await page.keyboard.press('Escape');
        },
      },
    ];

    // Every surface is tried at each width, so one run reports them all.
    const broken: string[] = [];
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      for (const surface of surfaces) {
        try {
          await surface.open(size.width);
        } catch (error) {
          broken.push(
            `${size.width} ${surface.name}: could not open: ${(error as Error).message.split('\n')[0]}`,
          );
        }
      }
    }

    const failures = rows
      .filter((r) => r.critical + r.serious > 0 || r.overflow > 0)
      .map((r) => `${r.width} ${r.surface}: ${r.rules} overflow=${r.overflow}`);
    expect([...broken, ...failures]).toEqual([]);
  });
});
