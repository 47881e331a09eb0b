import { afterAll, beforeAll } from 'vitest';
import { MailCatcher } from '../../apps/server/test/mail-catcher.ts';
import { horizontalOverflow, seriousViolations } from './axe.ts';
import { startApp, type RunningApp } from './app-server.ts';
import type { Browser } from './browser.ts';
import { gotoQuiet } from './quiet.ts';
import { scrollThroughPage } from './scroll.ts';

// The route walk of issue 18 (every-route.e2e.ts and every-route-more.e2e.ts): two files, so
// that the two halves of the walk run side by side (decision 085).

/**
 * Issue 18: every route of the app, as each role whose screens differ, at a desktop and a phone
 * width: no critical or serious axe violation (WCAG 2.1 A/AA) and no page wider than the viewport.
 *
 * ROUTES is the one list: a new screen joins it with one line. `:order`, `:customer` and
 * `:technician` are replaced by real ids read from the API as the signed-in user.
 */
export type Who =
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

export const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 800 },
];

/** Between phone and desktop (the menu fixed at 1024, a drawer at 768): the wide list screens. */
export const TABLET_WIDTHS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
];
export const WIDE_LISTS = [
  '/service-orders',
  '/customers',
  '/spare-parts',
  '/technicians',
  '/warehouse-locations',
];

export const USERS: Record<Exclude<Who, 'visitor' | 'adminAsPartner'>, string> = {
  office: 'office@nordic.example.com',
  tech: 'tech@nordic.example.com',
  admin: 'admin@example.com',
};

export interface Row {
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

/**
 * A file's server, mail catcher and walk helpers: starts them before the file's tests, prints
 * every page's figures and stops them after.
 */
export function routeWalk() {
  let mail: MailCatcher | undefined;
  let app: RunningApp | undefined;
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
      const headers: Record<string, string> = {
        Authorization: `Bearer ${localStorage.getItem('authToken')}`,
      };
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
    await gotoQuiet(page, `${app!.url}${path}`);
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

  return {
    app: () => app!,
    mail: () => mail!,
    rows,
    api,
    measure,
    judge,
    walk,
    failures,
  };
}
