import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../apps/server/test/mail-catcher.ts';
import { horizontalOverflow, seriousViolations } from './support/axe.ts';
import { startApp, type RunningApp } from './support/app-server.ts';
import { openBrowser, type Browser } from './support/browser.ts';
import { gotoQuiet } from './support/quiet.ts';
import { signInViaUi } from './support/sign-in.ts';
import { scrollThroughPage } from './support/scroll.ts';

/**
 * Issue 18: every route of the app, as each role whose screens differ, at a desktop and a phone
 * width: no critical or serious axe violation (WCAG 2.1 A/AA) and no page wider than the viewport.
 *
 * ROUTES is the one list: a new screen joins it with one line. `:order`, `:customer` and
 * `:technician` are replaced by real ids read from the API as the signed-in user.
 */
type Who =
  | 'visitor' // not signed in
  | 'office' // Administrator of Nordic Service AS
  | 'tech' // a technician of Nordic Service AS
  | 'admin' // global administrator, no partner chosen
  | 'adminAsPartner'; // global administrator acting for Nordic Service AS

const PARTNER_SCREENS: Who[] = ['office', 'admin', 'adminAsPartner'];
const EVERYONE: Who[] = ['office', 'tech', 'admin', 'adminAsPartner'];

export const ROUTES: { path: string; as: Who[] }[] = [
  { path: '/login', as: ['visitor'] },
  { path: '/customer-upload', as: ['visitor'] },
  { path: '/customer-upload/not-a-valid-link', as: ['visitor'] },
  { path: '/', as: EVERYONE },
  { path: '/service-orders', as: EVERYONE },
  { path: '/service-orders/new', as: ['office', 'tech', 'admin'] },
  { path: '/service-orders/:order', as: ['office', 'tech', 'adminAsPartner'] },
  { path: '/service-orders/:order/report', as: ['office', 'tech'] },
  { path: '/schedule', as: ['office', 'tech'] },
  { path: '/my-day', as: ['tech'] },
  { path: '/api-tokens', as: ['office'] },
  { path: '/webhooks', as: ['office'] },
  { path: '/history/technicians/:technician', as: ['office'] },
  { path: '/history/pricing', as: ['office'] },
  { path: '/admin/history', as: ['admin'] },
  { path: '/communications/unassigned', as: ['office', 'admin'] },
  { path: '/customers', as: PARTNER_SCREENS },
  { path: '/customers/:customer', as: ['office'] },
  { path: '/products', as: ['office', 'admin'] },
  { path: '/products/sync', as: ['office'] },
  { path: '/products/:product', as: ['office', 'admin'] },
  { path: '/serial-numbers/:serial', as: ['office'] },
  { path: '/spare-parts', as: PARTNER_SCREENS },
  { path: '/rentals', as: ['office'] },
  { path: '/rentals/active', as: ['office'] },
  { path: '/rentals/all', as: ['office'] },
  { path: '/rentals/products', as: ['office'] },
  { path: '/info-center', as: ['office', 'admin'] },
  { path: '/components', as: ['office'] },
  { path: '/components-demo', as: ['office'] },
  { path: '/table-demo', as: ['office'] },
  { path: '/search?q=nordic', as: ['office', 'admin'] },
  { path: '/technicians', as: [...PARTNER_SCREENS, 'tech'] },
  { path: '/technicians/:technician', as: ['office', 'tech'] },
  { path: '/toilets/:product', as: ['office', 'admin'] },
  { path: '/documents/:document', as: ['office', 'admin'] },
  { path: '/pricing', as: EVERYONE },
  { path: '/warehouse-locations', as: EVERYONE },
  { path: '/admin', as: ['admin', 'tech'] },
  { path: '/admin/jobs', as: ['admin'] },
  { path: '/admin/shop-links', as: ['admin'] },
];

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 800 },
];

/** Between phone and desktop (the menu fixed at 1024, a drawer at 768): the wide list screens. */
const TABLET_WIDTHS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
];
const WIDE_LISTS = ['/service-orders', '/customers', '/spare-parts', '/technicians', '/warehouse-locations'];

const USERS: Record<Exclude<Who, 'visitor' | 'adminAsPartner'>, string> = {
  office: 'office@nordic.example.com',
  tech: 'tech@nordic.example.com',
  admin: 'admin@example.com',
};

interface Row {
  who: Who;
  width: number;
  path: string;
  critical: number;
  serious: number;
  overflow: number;
  rules: string;
  /** A server message shown raw, e.g. "(400: Name the service partner …)" (issue 31). */
  raw?: string;
}

let mail: MailCatcher;
let app: RunningApp;
const rows: Row[] = [];

beforeAll(async () => {
  mail = new MailCatcher();
  app = await startApp(await mail.start());
});
afterAll(async () => {
  for (const r of rows) {
    console.log(
      `[figure] axe ${r.who.padEnd(14)} ${String(r.width).padStart(4)} ${r.path.padEnd(36)} critical=${r.critical} serious=${r.serious} overflow=${r.overflow}px${r.rules ? ` ${r.rules}` : ''}`,
    );
  }
  await app?.stop();
  await mail?.stop();
});

async function api<T>(browser: Browser, path: string): Promise<T> {
  return browser.page.evaluate<T, string>(async (p) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${localStorage.getItem('authToken')}` };
    const partner = localStorage.getItem('actingServicePartnerId');
    if (partner) headers['X-Service-Partner-Id'] = partner;
    const res = await fetch(p, { headers });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return (await res.json()) as T;
  }, path);
}

/** Real ids for the detail routes, as the signed-in user sees them. */
async function detailIds(browser: Browser): Promise<Record<string, string>> {
  const first = async (path: string) =>
    (await api<{ items: { id: string }[] }>(browser, path).catch(() => ({ items: [] }))).items[0]?.id ??
    'none';
  return {
    order: await first('/api/service-orders?pageSize=1'),
    customer: await first('/api/customers?pageSize=1'),
    technician: await first('/api/technicians?pageSize=1'),
    product: await first('/api/products?pageSize=1'),
    document: await first('/api/documents?pageSize=1'),
    serial:
      (
        await api<{ items: { serialNumber?: string | null }[] }>(
          browser,
          '/api/service-orders?pageSize=20',
        ).catch(() => ({ items: [] }))
      ).items.find((o) => o.serialNumber)?.serialNumber ?? 'none',
  };
}

/** Visits the page, waits until its data has arrived, and records what axe and the layout say. */
async function measure(browser: Browser, who: Who, path: string): Promise<Row> {
  const { page } = browser;
  await gotoQuiet(page, `${app.url}${path}`);
  // Parts that load when scrolled near (an order's panels) are judged too: read to the bottom first.
  await scrollThroughPage(page);
  // Loaders gone: a screen is judged as the user finally sees it.
  await page
    .waitForFunction(
      () => document.querySelectorAll('.mantine-Loader-root, [aria-busy="true"]').length === 0,
      null,
      {
        timeout: 10_000,
      },
    )
    .catch(() => undefined);
  return judge(browser, who, path);
}

/** What axe, the layout and the words on the screen say about the page as it is now. */
async function judge(browser: Browser, who: Who, path: string): Promise<Row> {
  const { page } = browser;
  const width = page.viewportSize()?.width ?? 0;
  const findings = await seriousViolations(page);
  const overflow = await horizontalOverflow(page);
  const raw = await page.evaluate(() => /\((4|5)\d\d: [^)]*\)/.exec(document.body.innerText)?.[0]);
  return {
    who,
    width,
    path,
    critical: findings.filter((f) => f.impact === 'critical').length,
    serious: findings.filter((f) => f.impact === 'serious').length,
    overflow,
    rules: findings.map((f) => `${f.id}(${f.targets.join(' | ')})`).join(' '),
    ...(raw === undefined ? {} : { raw }),
  };
}

async function walk(browser: Browser, who: Who): Promise<Row[]> {
  // The global administrator without a partner has the shared detail ids (products, documents).
  const ids = who === 'visitor' ? {} : await detailIds(browser);
  const mine: Row[] = [];
  for (const size of WIDTHS) {
    await browser.page.setViewportSize(size);
    for (const route of ROUTES.filter((r) => r.as.includes(who))) {
      const path = route.path.replace(/:(\w+)/g, (_, key: string) => ids[key] ?? 'none');
      const row = await measure(browser, who, path);
      mine.push(row);
      rows.push(row);
    }
  }
  return mine;
}

function failures(list: Row[]): string[] {
  return list
    .filter((r) => r.critical + r.serious > 0 || r.overflow > 0 || r.raw !== undefined)
    .map((r) => `${r.who} ${r.width} ${r.path}: ${r.rules || ''} overflow=${r.overflow} ${r.raw ?? ''}`);
}

describe('every route, every role, 1440 and 375 px', () => {
  it('public screens', { timeout: 300_000 }, async () => {
    const browser = await openBrowser();
    try {
      expect(failures(await walk(browser, 'visitor'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  for (const who of ['office', 'tech'] as const) {
    it(`signed in as ${who}`, { timeout: 600_000 }, async () => {
      const browser = await openBrowser();
      try {
        await signInViaUi(browser.page, app.url, mail, USERS[who]);
        await browser.page.waitForURL(`${app.url}/`);
        expect(failures(await walk(browser, who))).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }

  it(
    'states beyond the first: opened dialogs, a selected row, hover and keyboard focus',
    { timeout: 300_000 },
    async () => {
      const browser = await openBrowser();
      const { page } = browser;
      try {
        // The office walk signed in minutes ago: the server sends one code per address a minute.
        await signInViaUi(page, app.url, mail, 'office@nordic.example.com');
        await page.waitForURL(`${app.url}/`);
        const mine: Row[] = [];
        const state = async (path: string, label: string, act: () => Promise<unknown>) => {
          await measure(browser, 'office', path);
          await act();
          // Transitions settle before axe reads the colours.
          await page.waitForTimeout(300);
          const row = await judge(browser, 'office', `${path} [${label}]`);
          mine.push(row);
          rows.push(row);
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
        expect(failures(mine)).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );

  it(
    'list screens at 1024 and 768 px: no sideways page scroll, no column cut off',
    { timeout: 300_000 },
    async () => {
      const browser = await openBrowser();
      try {
        // Another user of the same partner: the server sends one code per address a minute.
        await signInViaUi(browser.page, app.url, mail, 'manager@nordic.example.com');
        await browser.page.waitForURL(`${app.url}/`);
        const problems: string[] = [];
        for (const size of TABLET_WIDTHS) {
          await browser.page.setViewportSize(size);
          for (const path of WIDE_LISTS) {
            const row = await measure(browser, 'office', path);
            rows.push(row);
            // A table wider than its box hides columns in a sideways box: none may.
            const clipped = await browser.page.evaluate(() =>
              [...document.querySelectorAll('main table')]
                .filter((t) => t.scrollWidth > (t.parentElement?.clientWidth ?? 0) + 1)
                .map((t) => `${t.scrollWidth}>${t.parentElement?.clientWidth ?? 0}`),
            );
            if (row.overflow > 0 || clipped.length > 0)
              problems.push(
                `${size.width} ${path}: page overflow ${row.overflow}px, tables ${clipped.join(',')}`,
              );
          }
        }
        expect(problems).toEqual([]);
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
        await signInViaUi(browser.page, app.url, mail, USERS.admin);
        await browser.page.waitForURL(`${app.url}/`);
        const without = await walk(browser, 'admin');
        const partners = await api<{ id: string; name: string }[]>(browser, '/api/admin/acting-partners');
        const nordic = partners.find((p) => p.name.startsWith('Nordic')) ?? partners[0];
        await browser.page.evaluate((id) => localStorage.setItem('actingServicePartnerId', id), nordic!.id);
        const withPartner = await walk(browser, 'adminAsPartner');
        expect(failures([...without, ...withPartner])).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
