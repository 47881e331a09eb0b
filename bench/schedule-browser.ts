/**
 * The dispatch board in Chromium (issue 25 §6): time from navigation until the two-week board is
 * usable, and the time of one drag. Run by bench/schedule-board.ts against its own server, which
 * serves the built web app (apps/web/dist: run `npm run build` first).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { summarise, type LatencySummary } from './lib/http.ts';
import { CHROMIUM_FLAGS } from './lib/chromium.ts';

// The functions below run in the page; the bench compiles without the DOM's types, so these
// name the little of it they use.
interface Attributed {
  getAttribute(name: string): string | null;
}
interface El {
  focus(): void;
  querySelector(selector: string): El | null;
  querySelectorAll(selector: string): { length: number };
}
declare const document: El & { activeElement: El | null; body: El };
declare const window: object;
declare const MutationObserver: new (callback: () => void) => {
  observe(target: El, options: { childList: boolean; subtree: boolean }): void;
  disconnect(): void;
};

export interface BoardBrowserResult {
  /** Navigation start → all technician rows, all cards and a draggable card on screen. */
  usable: LatencySummary;
  /** A card dropped (mouse up) → the card shown in the cell it was dropped on (one per load). */
  drop: LatencySummary;
  /** The whole gesture: mouse down, 13 pointer moves sent by the automation, up, card shown. */
  gesture: LatencySummary;
  loads: number;
}

/**
 * In the page: the moment (ms since navigation start) when the board is usable, polled on each
 * animation frame: `rows` technician rows, `cards` cards in the table, and a card whose move
 * handle can take the keyboard focus (dnd-kit's draggable attributes are in place).
 */
async function usableAt(page: Page, rows: number, cards: number, timeout: number): Promise<number> {
  const handle = await page.waitForFunction(
    ({ rows, cards }) => {
      const table = document.querySelector('table[aria-label="Technicians and days"]');
      if (table === null) return false;
      if (table.querySelectorAll('tbody th[scope="row"]').length !== rows) return false;
      if (table.querySelectorAll('[data-card]').length !== cards) return false;
      const handle = table.querySelector('[data-card] [aria-roledescription="draggable"]');
      if (handle === null) return false;
      handle.focus();
      return document.activeElement === handle ? performance.now() : false;
    },
    { rows, cards },
    { polling: 'raf', timeout },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Drags the first card of the first row to the same technician's last open cell and times it in
 * the page: from the mouse going up (and from it going down) to the card rendered in the new cell
 * (the server's answer is not waited for: the board moves at once, as a dispatcher sees it). The board is left as the server has it afterwards.
 */
async function timeDrag(page: Page): Promise<{ drop: number; gesture: number }> {
  const row = page.locator('table[aria-label="Technicians and days"] tbody tr').first();
  const card = row.locator('[data-card]').first();
  const order = await card.getAttribute('data-card');
  // The open cell next to the card's own: both on screen, as a dispatcher moves a job a day.
  const home = await card.evaluate(
    (el: unknown) =>
      (el as Attributed & { closest(s: string): Attributed | null })
        .closest('td')
        ?.getAttribute('data-cell') ?? null,
  );
  const open = await row
    .locator('td[data-cell]:not([data-closed])')
    .evaluateAll((tds: unknown[]) => tds.map((td) => (td as Attributed).getAttribute('data-cell') ?? ''));
  const at = home === null ? -1 : open.indexOf(home);
  const cell = open[at + 1] ?? open[at - 1] ?? null;
  if (order === null || cell === null) throw new Error('no card or open cell to drag to');
  const target = page.locator(`td[data-cell="${cell}"]`);
  await card.scrollIntoViewIfNeeded();
  const from = await card.boundingBox();
  const to = await target.boundingBox();
  if (from === null || to === null) throw new Error('card or cell not on screen');
  // Marks the moment the card appears in the target cell, seen by a MutationObserver in the page.
  await page.evaluate(
    ({ order, cell }) => {
      const w = window as unknown as { __dropSeen?: Promise<number> };
      // No named inner function here: the bench's compiler would wrap it in a helper the page lacks.
      w.__dropSeen = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector(`td[data-cell="${cell}"] [data-card="${order}"]`) !== null) {
            observer.disconnect();
            resolve(performance.now());
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    },
    { order, cell },
  );
  await page.mouse.move(from.x + from.width / 2, from.y + 10);
  const down = await page.evaluate(() => performance.now());
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 40), { steps: 10 });
  const up = await page.evaluate(() => performance.now());
  await page.mouse.up();
  const shown = await page.evaluate(() =>
    Promise.race([
      (window as unknown as { __dropSeen: Promise<number> }).__dropSeen,
      new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 10_000)),
    ]),
  );
  if (Number.isNaN(shown)) throw new Error(`the card ${order} did not show in ${cell} after the drop`);
  return { drop: shown - up, gesture: shown - down };
}

export async function measureBoardInBrowser(options: {
  base: string;
  token: string;
  user: unknown;
  from: string;
  technicians: number;
  cards: number;
  loads: number;
  log: (line: string) => void;
}): Promise<BoardBrowserResult> {
  const dist = process.env.WEB_DIST_DIR ?? path.join(import.meta.dirname, '..', 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error('apps/web/dist is missing: run `npm run build` first (the board is timed as built)');
  const profile = mkdtempSync(path.join(tmpdir(), 'sp-bench-board-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${options.base}/login`);
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('user', JSON.stringify(user));
      },
      { token: options.token, user: options.user },
    );
    const url = `${options.base}/schedule?view=twoWeeks&date=${options.from}`;
    // One load to fill the HTTP cache as a returning dispatcher has it, not counted.
    await page.goto(url);
    await usableAt(page, options.technicians, options.cards, 60_000);
    const usable: number[] = [];
    const drops: number[] = [];
    const gestures: number[] = [];
    for (let i = 0; i < options.loads; i++) {
      await page.goto(url);
      usable.push(await usableAt(page, options.technicians, options.cards, 60_000));
      const drag = await timeDrag(page);
      drops.push(drag.drop);
      gestures.push(drag.gesture);
      // Wait for the server's answer to the drag, so the next load starts from a quiet server.
      await page.waitForLoadState('networkidle');
    }
    const result = {
      usable: summarise(usable),
      drop: summarise(drops),
      gesture: summarise(gestures),
      loads: options.loads,
    };
    options.log(
      `  browser: board usable      n ${result.usable.n}  p50 ${result.usable.p50}  p95 ${result.usable.p95}  max ${result.usable.max} ms`,
    );
    options.log(
      `  browser: drop to shown     n ${result.drop.n}  p50 ${result.drop.p50}  p95 ${result.drop.p95}  max ${result.drop.max} ms`,
    );
    options.log(
      `  browser: whole drag        n ${result.gesture.n}  p50 ${result.gesture.p50}  p95 ${result.gesture.p95}  max ${result.gesture.max} ms`,
    );
    return result;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
