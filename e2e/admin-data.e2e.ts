import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { signInViaUi } from './support/sign-in.ts';

let mail: MailCatcher;
let app: RunningApp;
/** Signed in once as a Nordic ServiceManager (one code per e-mail a minute); tests open tabs in it. */
let manager: Browser;
/** Browsers a single test opens for another user. */
let others: Browser[] = [];

const ORDER_PATH = /\/service-orders\/[0-9a-f-]{36}$/;
// Unique per run, so a failed run's leftovers never match (each run has a fresh server anyway).
const RUN = Date.now().toString(36).slice(-5);

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
  manager = await openBrowser();
  await signInViaUi(manager.page, app.url, mail, 'manager@nordic.example.com');
  await manager.page.waitForURL(`${app.url}/`);
});
afterAll(async () => {
  await manager?.close();
  await app?.stop();
  await mail?.stop();
});
afterEach(async () => {
  for (const page of manager.context.pages().slice(1)) await page.close();
  for (const browser of others) await browser.close();
  others = [];
});

async function signedInBrowser(email: string): Promise<Browser> {
  const browser = await openBrowser();
  others.push(browser);
  await signInViaUi(browser.page, app.url, mail, email);
  await browser.page.waitForURL(`${app.url}/`);
  return browser;
}

async function managerTab(): Promise<Page> {
  const page = await manager.context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** The save state next to the order number ("Saving…", "Saved", "Conflict"). */
function saveState(page: Page) {
  return page.locator('[data-phase]');
}

async function autosaved(page: Page) {
  await expect
    .poll(() => saveState(page).getAttribute('data-phase'), { timeout: 5_000 })
    .toMatch(/pending|saving/);
  await expect.poll(() => saveState(page).getAttribute('data-phase'), { timeout: 10_000 }).toBe('saved');
}

/** Opens the `nth` in-progress demo order from the list and returns its address. */
async function openExistingOrder(page: Page, nth: number): Promise<string> {
  await page.goto(`${app.url}/service-orders?status=in_progress`);
  await page
    .getByRole('table')
    .getByRole('link', { name: /^SO-\d{4}-\d{6}$/ })
    .nth(nth)
    .click()
    .catch(async (error: unknown) => {
      // Say what the list showed instead, should this fail.
      const shown = await page
        .locator('main')
        .innerText()
        .catch(() => '(no main)');
      throw new Error(`${String(error)}\nat ${page.url()}, the page says: ${shown.slice(0, 800)}`, {
        cause: error,
      });
    });
  await page.waitForURL(ORDER_PATH);
  await page.getByRole('heading', { name: /^SO-\d{4}-\d{6}$/ }).waitFor();
  return page.url();
}

/** Picks `option` in one of the order form's searchable selects and waits for autosave. */
async function pickAndSave(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await autosaved(page);
}

describe('technicians, warehouse locations and administration', () => {
  it('adds a technician in the modal and assigns them to an existing order', async () => {
    const page = await managerTab();
    const first = 'Ingrid';
    const last = `Testrud ${RUN}`;
    const fullName = `${first} ${last}`;
    const email = `ingrid.${RUN}@nordic.example.com`;

    await page.goto(`${app.url}/technicians`);
    await page.getByRole('heading', { name: 'Technicians', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add technician' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add technician' });
    await dialog.getByLabel('First name').fill(first);
    await dialog.getByLabel('Last name').fill(last);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Phone').fill('+47 400 12 345');
    await dialog.getByLabel('Job title').fill('Field technician');
    await dialog.getByLabel('Department').fill('Field service');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Technician created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // In the list, with what was typed.
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: fullName }) });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining([email, '+47 400 12 345', 'Field technician', 'Field service', 'Active']),
    );
    const technicianUrl = `${app.url}${await row.getByRole('link', { name: fullName }).getAttribute('href')}`;

    // Assigned on an existing order's edit page, saved, and still there after a reload.
    const orderUrl = await openExistingOrder(page, 0);
    const orderNumber = (await page.getByRole('heading', { name: /^SO-\d{4}-\d{6}$/ }).textContent()) ?? '';
    expect(orderNumber).toMatch(/^SO-\d{4}-\d{6}$/);
    await pickAndSave(page, 'Assigned technician', fullName);
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Assigned technician' }).inputValue())
      .toBe(fullName);

    // The technician's page lists the order.
    await page.goto(technicianUrl);
    await page.getByRole('heading', { name: fullName }).waitFor();
    await page.getByText(email).waitFor();
    const orderLink = page.getByRole('link', { name: orderNumber, exact: true });
    await orderLink.waitFor();
    expect(`${app.url}${await orderLink.getAttribute('href')}`).toBe(orderUrl);
  });

  it('creates and deactivates a warehouse location, and refuses to delete one an order uses', async () => {
    const page = await managerTab();
    const name = `E2E shelf ${RUN}`;

    await page.goto(`${app.url}/warehouse-locations`);
    await page.getByRole('heading', { name: 'Warehouse Locations' }).waitFor();
    await page.getByRole('button', { name: 'Add location' }).click();
    const dialog = page.getByRole('dialog', { name: 'New warehouse location' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Top shelf by the loading door.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Warehouse location created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('Top shelf by the loading door.').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();

    // An order keeps its unit there, so the location cannot be deleted.
    await openExistingOrder(page, 1);
    await pickAndSave(page, 'Warehouse location', name);
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Warehouse location' }).inputValue())
      .toBe(name);

    await page.goto(`${app.url}/warehouse-locations`);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete warehouse location' });
    await confirm.getByText(`Delete "${name}"? This cannot be undone.`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Cannot delete' });
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(
      'Cannot delete warehouse location that is referenced by service orders.',
    );
    await page.reload();
    await page.getByRole('row').filter({ hasText: name }).waitFor();

    // Deactivated, it leaves the list until "Show inactive" is chosen.
    await page.getByRole('button', { name: `Deactivate ${name}` }).click();
    await page.getByText('Updated successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'Alnabru main warehouse' }).waitFor();
    await page.getByLabel('Show inactive').click();
    await row.getByText('Inactive', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Activate ${name}` }).waitFor();
  });

  it('lets the global administrator invite a user who then signs in as that partner', async () => {
    const { page } = await signedInBrowser('admin@example.com');
    const email = `nora.${RUN}@fjord.example.com`;
    const last = `Nyansatt ${RUN}`;

    await page.getByRole('navigation').getByRole('link', { name: 'Administration' }).click();
    await page.waitForURL(/\/admin/);
    await page.getByRole('heading', { name: 'Administration' }).waitFor();
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Nora');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(last);
    await dialog.getByRole('combobox', { name: 'Service partner' }).click();
    await page.getByRole('option', { name: 'Fjord Repair AS', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Service manager' }).check();
    const before = mail.messages.length;
    await dialog.getByRole('button', { name: 'Invite user' }).click();
    await page.getByText('Invitation sent').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The invitation arrives over SMTP and says where and how to sign in.
    const invitation = await mail.waitFor(email, 15_000, before);
    expect(invitation.subject).toBe('You have been invited to Service Portal');
    expect(invitation.text).toContain('Hello Nora,');
    expect(invitation.text).toContain(
      'Astrid Admin has given you access to Service Portal for Fjord Repair AS.',
    );
    expect(invitation.text).toContain(`Sign in here: ${app.url}/login`);

    // The new user is listed with partner and role.
    await page.getByLabel('Search name or e-mail').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText('Fjord Repair AS').waitFor();
    await row.getByText('Service manager').waitFor();
    await row.getByText(`Nora ${last}`).waitFor();

    // In a fresh browser, the invited user signs in with the mailed code and works for Fjord.
    const invited = await signedInBrowser(email);
    const nav = invited.page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Warehouse Locations' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    await invited.page.getByRole('button', { name: 'User menu' }).click();
    const menu = invited.page.getByRole('menu');
    await menu.getByText(`Nora ${last}`).waitFor();
    await menu.getByText(email).waitFor();
    await menu.getByText('Fjord Repair AS').waitFor();
    await invited.page.keyboard.press('Escape');
    await invited.page.goto(`${app.url}/admin`);
    await invited.page.getByRole('heading', { name: 'Access Denied' }).waitFor();
  });
});
