import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routeTexts, textGroups } from 'virtual:locale-texts/en';
import { CORE_NAMESPACES, scanRouteTexts, textScanner } from '../../locale-split.ts';
import en from '../locales/en.json';

// Decision 036: each screen loads the locale groups its code uses (router.tsx `withTexts`), read
// from source at build time. These tests hold the screens, the router and the table to it, so no
// screen shows a key instead of its text.

const src = path.resolve(import.meta.dirname, '..');
const routerFile = path.join(src, 'app/router.tsx');
const englishFile = path.join(src, 'locales/en.json');
const scan = scanRouteTexts(routerFile, englishFile);
const routerSource = readFileSync(routerFile, 'utf8');

/** Each lazy screen of router.tsx: its import path and the name it loads its texts by (or none). */
const lazyScreens = [
  ...routerSource.matchAll(/lazy\(\s*(?:withTexts\('([^']+)',\s*)?\(\) => import\('\.\/([^']+)\.tsx'\)/g),
].map((m) => ({ texts: m[1], screen: m[2] ?? '' }));

/** The groups a screen's code uses that the table does not load with it. */
function missingGroups(table: Record<string, readonly string[]>, screen: string): string[] {
  const loaded = new Set(table[screen] ?? []);
  return (scan.routes[screen] ?? []).filter((group) => !loaded.has(group));
}

describe('texts per screen', () => {
  it('finds the router screens', () => {
    expect(lazyScreens.length).toBeGreaterThan(30);
    expect(Object.keys(scan.routes)).toEqual(expect.arrayContaining(lazyScreens.map((s) => s.screen)));
    expect(scan.routes['routes/service-order']).toEqual(
      expect.arrayContaining(['serviceOrders', 'workLogs']),
    );
  });

  it.each(lazyScreens.filter((s) => s.texts !== undefined))(
    '$screen loads its texts under its own name',
    ({ texts, screen }) => {
      expect(texts).toBe(screen);
    },
  );

  it('every screen that uses texts outside the core loads them', () => {
    // Screens left without `withTexts` (the sign-in page, the OAuth callback) may name core texts only.
    const bare = lazyScreens.filter((s) => s.texts === undefined).map((s) => s.screen);
    expect(bare).toEqual(['routes/login', 'routes/auth-callback']);
    expect(bare.map((screen) => [screen, scan.direct[screen]])).toEqual(bare.map((screen) => [screen, []]));
  });

  it('what loads before any screen (the entry, the app with its router, the sign-in app) names core texts only', () => {
    const scanner = textScanner(englishFile);
    const entry = scanner.reach(path.join(src, 'main.tsx'), { dynamic: false });
    expect(entry.direct).toEqual([]);
    // The entry starts one of the two apps (decision 032); neither may need a text group.
    const app = scanner.reach(path.join(src, 'app', 'full-app.tsx'), { dynamic: false });
    expect(app.modules).toContain(routerFile);
    expect(app.direct).toEqual([]);
    const signIn = scanner.reach(path.join(src, 'app', 'sign-in-app.tsx'), { dynamic: false });
    expect(signIn.direct).toEqual([]);
  });

  it.each(Object.keys(scan.routes))('%s: the table loads every group its modules use', (screen) => {
    expect(missingGroups(routeTexts, screen)).toEqual([]);
    expect(routeTexts[screen]).toEqual(scan.routes[screen]);
  });

  it('a group missing from the table is caught', () => {
    const screen = 'routes/service-order';
    const without = { ...routeTexts, [screen]: routeTexts[screen]?.filter((g) => g !== 'workLogs') ?? [] };
    expect(missingGroups(without, screen)).toEqual(['workLogs']);
    expect(missingGroups({}, screen)).toEqual(scan.routes[screen]);
  });

  it('each group loader serves that group of the locale file', async () => {
    const groups = [...new Set(Object.values(scan.routes).flat())].sort();
    expect(Object.keys(textGroups).sort()).toEqual(groups);
    for (const group of groups) {
      expect(CORE_NAMESPACES).not.toContain(group);
      const loader = textGroups[group];
      expect(loader, group).toBeDefined();
      const texts = (await loader?.())?.default;
      expect(texts).toEqual({ [group]: (en as Record<string, unknown>)[group] });
    }
  });
});

describe('the texts scan', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'texts-scan-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);

  write(
    'en.json',
    JSON.stringify({
      common: { ok: 'OK' },
      orders: { title: 'Orders' },
      status: { open: 'Open' },
      images: { alt: 'Image' },
      labels: { a: 'A' },
      customers: { taken: 'Taken' },
      documents: { taken: 'Taken' },
      dialog: { title: 'Dialog' },
      unused: { x: 'X' },
    }),
  );
  write(
    'router.tsx',
    "const A = lazy(() => import('./screen-a.tsx'));\nconst B = lazy(() => import('./screen-b.tsx'));",
  );
  write(
    'screen-a.tsx',
    [
      "import { helper } from './helper.ts';",
      "import type { Subject } from './errors.ts';",
      "const Dialog = lazy(() => import('./dialog.tsx'));",
      "t('orders.title'); t(`status.${s}`); t('common.ok');",
      '<Trans i18nKey="images.alt" />',
      "const subject: Subject = 'customer';",
    ].join('\n'),
  );
  write('helper.ts', "export const KEYS = { a: 'labels.a' } as const;");
  write(
    'errors.ts',
    [
      "export type Subject = 'customer' | 'document';",
      "const CODES = { taken: { keys: { customer: 'customers.taken', document: 'documents.taken' } } };",
    ].join('\n'),
  );
  write('dialog.tsx', "t('dialog.title');");
  write('screen-b.tsx', "import './errors.ts';\nconst path = 'not a key';");

  it('reads keys in calls, templates, attributes, constants and on-demand modules', () => {
    const result = scanRouteTexts(path.join(dir, 'router.tsx'), path.join(dir, 'en.json'));
    expect(result.routes['screen-a']).toEqual([
      'customers',
      'dialog',
      'images',
      'labels',
      'orders',
      'status',
    ]);
    expect(result.direct['screen-a']).toEqual(['dialog', 'images', 'labels', 'orders', 'status']);
  });

  it('counts a record table only where the record is named', () => {
    const result = scanRouteTexts(path.join(dir, 'router.tsx'), path.join(dir, 'en.json'));
    expect(result.routes['screen-b']).toEqual([]);
  });
});

describe('the texts scan and the shared package', () => {
  // Laid out as the repository is: the web app's locales and sources, and packages/shared beside it.
  const dir = mkdtempSync(path.join(tmpdir(), 'texts-scan-shared-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write(
    'apps/web/src/locales/en.json',
    JSON.stringify({ common: { ok: 'OK' }, rentals: { taken: 'Taken' } }),
  );
  write(
    'apps/web/src/errors.ts',
    "const CODES = { taken: { keys: { rental: 'rentals.taken' } } };\nexport const x = CODES;",
  );
  write('packages/shared/src/events.ts', "export const KINDS = ['order', 'rental'] as const;");
  write(
    'apps/web/src/router.tsx',
    "const A = lazy(() => import('./history.tsx'));\nconst B = lazy(() => import('./rentals.tsx'));",
  );
  write(
    'apps/web/src/history.tsx',
    "import './errors.ts';\nimport { KINDS } from '@service-portal/shared/events';",
  );
  write('apps/web/src/rentals.tsx', "import './errors.ts';\nconst subject = 'rental';");

  it("does not take the shared package's wire values for records", () => {
    const result = scanRouteTexts(
      path.join(dir, 'apps/web/src/router.tsx'),
      path.join(dir, 'apps/web/src/locales/en.json'),
    );
    // The shared module is reached (a serial event's kind 'rental') but names no record...
    expect(result.modules['history']).toContain(path.join(dir, 'packages/shared/src/events.ts'));
    expect(result.routes['history']).toEqual([]);
    // ...while the web app's own code does.
    expect(result.routes['rentals']).toEqual(['rentals']);
  });
});
