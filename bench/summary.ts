/**
 * Issue 33's figures in one table: every item's measure beside its target, read back from the
 * result files the parts of a run write (`bench/results/*.json`). A full `npm run bench` ends
 * with it; `BENCH_ONLY=summary npm run bench` prints it again from the files as they are. A part
 * whose file is missing, or older than `since`, shows as "not run" and fails the table.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const RESULTS_DIR = path.join(import.meta.dirname, 'results');

type Json = Record<string, unknown>;
interface Stat {
  p50: number;
  p95: number;
}
export interface SummaryRow {
  item: number;
  measure: string;
  figure: string;
  target: string;
  verdict: 'pass' | 'FAIL' | 'not run';
}

function read(file: string, since: Date | undefined, stamp: (r: Json) => unknown): Json | null {
  const full = path.join(RESULTS_DIR, file);
  if (!existsSync(full)) return null;
  const r = JSON.parse(readFileSync(full, 'utf8')) as Json;
  const at = stamp(r);
  if (since && (typeof at !== 'string' || new Date(at) < since)) return null;
  return r;
}

const get = (r: Json | null, ...keys: string[]): unknown =>
  keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k] : undefined), r);
const num = (r: Json | null, ...keys: string[]) => get(r, ...keys) as number;
const stat = (r: Json | null, ...keys: string[]) => get(r, ...keys) as Stat;

/** The rows of the issue's table, from the result files written since `since` (all, if not given). */
export function issue33Rows(since?: Date): SummaryRow[] {
  const orders = read('latest.json', since, (r) => r.startedAt);
  const board = read('schedule-board.json', since, (r) => r.at);
  const screens = read('screens.json', since, (r) => r.startedAt);
  const history = read('history.json', since, (r) => r.at);
  const report = read('service-report.json', since, (r) => r.startedAt);
  const start = read('start.json', since, (r) => r.startedAt);

  const rows: SummaryRow[] = [];
  const add = (
    item: number,
    measure: string,
    source: Json | null,
    figure: () => string,
    target: string,
    ok: () => boolean,
  ) => {
    if (!source) rows.push({ item, measure, figure: '—', target, verdict: 'not run' });
    else rows.push({ item, measure, figure: figure(), target, verdict: ok() ? 'pass' : 'FAIL' });
  };
  const t = (source: Json | null, key: string) => num(source, 'targets', key);
  /** A row of the order phases' own table: the `nth` whose metric's name starts with `prefix`. */
  const ordersRow = (prefix: string, nth: number) =>
    (get(orders, 'table') as { metric: string; value: string; verdict: string }[] | undefined)?.filter((r) =>
      r.metric.startsWith(prefix),
    )[nth];
  const fromOrders = (item: number, measure: string, prefix: string, target: string, nth = 0) => {
    const row = ordersRow(prefix, nth);
    add(
      item,
      measure,
      row ? orders : null,
      () => row!.value,
      target,
      () => row!.verdict === 'pass',
    );
  };

  fromOrders(1, 'order list of 20, API / bare route (req/s)', 'list API / bare', '≥ 90 %');
  fromOrders(2, 'order list p95, typical / largest', 'list p95 (1 conn)', '≤ 10 / 15 ms');
  fromOrders(2, "order list p95, a dashboard link's filters", 'list p95 with a dashboard', '≤ 10 / 15 ms');
  fromOrders(2, 'order search p95, typical', 'search p95', '≤ 10 ms');
  fromOrders(2, 'order search p95, largest', 'search p95, partner', '≤ 15 ms');
  // The typical partner's row comes first, the largest partner's second.
  fromOrders(2, 'dashboard p95, typical', 'dashboard p95,', '≤ 15 ms');
  fromOrders(2, 'dashboard p95, largest', 'dashboard p95,', '≤ 30 ms', 1);
  fromOrders(2, 'stats p95, typical', 'stats p95', '≤ 10 ms');
  fromOrders(2, 'stats p95, largest', 'stats p95, partner', '≤ 20 ms');
  fromOrders(2, 'global search p95, typical', 'global search p95 (', '≤ 10 ms');
  fromOrders(2, 'global search p95, largest', 'global search p95, partner', '≤ 15 ms');
  fromOrders(3, 'export of ≈ 100,000 orders, time', 'export 99', '≤ 1.2 s');
  fromOrders(3, 'export RSS growth, 100,000 → 200,000 rows', 'RSS growth', '< 50 MB');

  const ms = (v: number) => `${v} ms`;
  /** A row of figures in one unit, each at most its target: [figure, target] pairs, read lazily. */
  const atMost = (
    item: number,
    measure: string,
    source: Json | null,
    unit: string,
    pairs: () => [figure: number, target: number][],
  ) =>
    add(
      item,
      measure,
      source,
      () =>
        `${pairs()
          .map(([f]) => f)
          .join(' / ')} ${unit}`,
      source
        ? `≤ ${pairs()
            .map(([, target]) => target)
            .join(' / ')} ${unit}`
        : '',
      () => pairs().every(([f, target]) => f <= target),
    );
  atMost(4, 'dispatch board, 14 / 7 days p95', board, 'ms', () => [
    [stat(board, 'board14').p95, t(board, 'board14P95Ms')],
    [stat(board, 'board7').p95, t(board, 'board7P95Ms')],
  ]);
  atMost(4, 'dispatch board, unscheduled page / changes poll p95', board, 'ms', () => [
    [stat(board, 'unscheduled').p95, t(board, 'unscheduledP95Ms')],
    [stat(board, 'changes').p95, t(board, 'changesP95Ms')],
  ]);
  atMost(
    4,
    'dispatch board in Chromium, usable / drop → shown p50',
    get(board, 'browser') ? board : null,
    'ms',
    () => [
      [stat(board, 'browser', 'usable').p50, t(board, 'browserUsableP50Ms')],
      [stat(board, 'browser', 'drop').p50, t(board, 'browserDropP50Ms')],
    ],
  );
  atMost(4, 'audit history: order update / bulk change overhead', history, '%', () => [
    [num(history, 'updateOverheadPct'), t(history, 'updateOverheadPct')],
    [num(history, 'bulkOverheadPct'), t(history, 'bulkOverheadPct')],
  ]);
  atMost(4, 'audit history: a read of 500 changes p95', history, 'ms', () => [
    [stat(history, 'historyRead').p95, t(history, 'historyP95Ms')],
  ]);
  add(
    4,
    'report PDF p95 / RSS growth',
    report,
    () => `${ms(num(report, 'p95Ms'))} / ${num(report, 'rssGrowthMb')} MB`,
    `< ${t(report, 'p95Ms')} ms / ${t(report, 'rssGrowthMb')} MB`,
    () => num(report, 'p95Ms') < t(report, 'p95Ms') && num(report, 'rssGrowthMb') < t(report, 'rssGrowthMb'),
  );
  atMost(4, 'rentals calendar 200 units × 31 days p95', screens, 'ms', () => [
    [stat(screens, 'calendar').p95, t(screens, 'calendarP95Ms')],
  ]);
  atMost(4, 'info center search, 10,000 documents p95', screens, 'ms', () => [
    [stat(screens, 'infoSearch', 'all').p95, t(screens, 'infoSearchP95Ms')],
  ]);
  const startRow = (prefix: string) =>
    (
      get(start, 'table') as { metric: string; value: string; target: string; verdict: string }[] | undefined
    )?.find((r) => r.metric.startsWith(prefix));
  for (const [measure, prefix] of [
    ["a fresh clone's first npm start → first page", 'first npm start'],
    ['second npm start, nothing changed', 'second npm start'],
    ["the idle server's RSS growth (second half of 180 s)", 'idle RSS growth'],
  ] as const) {
    const row = startRow(prefix);
    add(
      5,
      measure,
      row ? start : null,
      () => row!.value,
      row?.target ?? '',
      () => row!.verdict === 'pass',
    );
  }
  return rows;
}

/** Prints the table; true when every row passes. */
export function printIssue33Summary(log: (line: string) => void, since?: Date): boolean {
  const rows = issue33Rows(since);
  const width = (f: (r: SummaryRow) => string, title: string) =>
    Math.max(title.length, ...rows.map((r) => f(r).length));
  const w = {
    measure: width((r) => r.measure, 'measure'),
    figure: width((r) => r.figure, 'figure'),
    target: width((r) => r.target, 'target'),
  };
  log('');
  log("Issue 33's targets (item 6: every figure of this run beside its target)");
  log(
    `| item | ${'measure'.padEnd(w.measure)} | ${'figure'.padEnd(w.figure)} | ${'target'.padEnd(w.target)} | result  |`,
  );
  log(`| ---- | ${'-'.repeat(w.measure)} | ${'-'.repeat(w.figure)} | ${'-'.repeat(w.target)} | ------- |`);
  for (const r of rows)
    log(
      `| ${String(r.item).padEnd(4)} | ${r.measure.padEnd(w.measure)} | ${r.figure.padEnd(w.figure)} | ${r.target.padEnd(w.target)} | ${r.verdict.padEnd(7)} |`,
    );
  const failed = rows.filter((r) => r.verdict !== 'pass').length;
  log(failed === 0 ? `all ${rows.length} pass` : `${failed} of ${rows.length} do not pass`);
  return failed === 0;
}
