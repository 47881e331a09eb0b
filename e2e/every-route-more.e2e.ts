import { describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import { routeWalk, USERS, WIDTHS, type Row } from './support/route-walk.ts';
import { signInViaUi } from './support/sign-in.ts';

/**
 * Issue 18, the route walk's other half (every-route.e2e.ts has the first): the technician, the
 * states beyond the first page, and the global administrator without and with a chosen partner.
 */
const w = routeWalk();

describe('every route, every role, 1440 and 375 px (technician, opened states, administrator)', () => {
  it('signed in as tech', { timeout: 600_000 }, async () => {
    const browser = await openBrowser();
    try {
      await signInViaUi(browser.page, w.app().url, w.mail(), USERS.tech);
      await browser.page.waitForURL(`${w.app().url}/`);
      expect(w.failures(await w.walk(browser, 'tech'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it(
    'states beyond the first: opened dialogs, a selected row, hover and keyboard focus',
    { timeout: 300_000 },
    async () => {
      const browser = await openBrowser();
      const { page } = browser;
      try {
        // The office walk signed in minutes ago: the server sends one code per address a minute.
        await signInViaUi(page, w.app().url, w.mail(), 'office@nordic.example.com');
        await page.waitForURL(`${w.app().url}/`);
        const mine: Row[] = [];
        const state = async (path: string, label: string, act: () => Promise<unknown>) => {
          await w.measure(browser, 'office', path);
          await act();
          // Transitions settle before axe reads the colours.
          await page.waitForTimeout(300);
          const row = await w.judge(browser, 'office', `${path} [${label}]`);
          mine.push(row);
          w.rows.push(row);
          await page.keyboard.press('Escape');
        };
        const openDialog = (name: string) => async () => {
          await page.getByRole('button', { name, exact: true }).first().click();
          await page.getByRole('dialog').first().waitFor();
        };
        for (const size of WIDTHS) {
          await page.setViewportSize(size);
          await state('/technicians', 'Add technician dialog', openDialog('Add technician'));
          await state('/rentals/all', 'New rental dialog', openDialog('New rental'));
          await state('/rentals/active', 'Return dialog', async () => {
            const button = page.getByRole('button', { name: 'Return', exact: true }).first();
            if ((await button.count()) > 0) await openDialog('Return')();
          });
          await state('/service-orders', 'selected row', async () => {
            await page
              .locator('main tbody input[type="checkbox"], main [data-testid] input[type="checkbox"]')
              .first()
              .check();
          });
          await state('/products/sync', 'hovered light button', async () => {
            const light = page.locator('button[data-variant="light"]');
            await ((await light.count()) > 0 ? light : page.locator('main button')).first().hover();
          });
          await state('/customers', 'keyboard focus', async () => {
            for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
          });
        }
        expect(w.failures(mine)).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );

  it(
    'signed in as the global administrator, without and then with a chosen partner',
    { timeout: 600_000 },
    async () => {
      const browser = await openBrowser();
      try {
        await signInViaUi(browser.page, w.app().url, w.mail(), USERS.admin);
        await browser.page.waitForURL(`${w.app().url}/`);
        const without = await w.walk(browser, 'admin');
        const partners = await w.api<{ id: string; name: string }[]>(browser, '/api/admin/acting-partners');
        const nordic = partners.find((p) => p.name.startsWith('Nordic')) ?? partners[0];
        await browser.page.evaluate((id) => localStorage.setItem('actingServicePartnerId', id), nordic!.id);
        const withPartner = await w.walk(browser, 'adminAsPartner');
        expect(w.failures([...without, ...withPartner])).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
