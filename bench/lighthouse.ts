/**
 * Lighthouse benchmark (issue 18): the production build's `/login` and, signed in, `/service-orders`,
 * with the desktop preset in Debian's Chromium. Target: performance ≥ 95 on both.
 *
 * Starts its own server (NODE_ENV=production, embedded database with the demo data, a temporary
 * data folder) serving apps/web/dist, so run `npm run build` first. Signs in as the demo manager
 * with the code the development mailer prints to the log, puts the session into the browser's
 * local storage from a page that loads no app code (/api/health), and runs each audit from a cold
 * HTTP cache. Prints the scores and metrics and writes bench/results/lighthouse-latest.json plus a
 * timestamped copy.
 *
 * Run: `npm run lighthouse -w @service-portal/bench` or `BENCH_ONLY=lighthouse npm run bench`.
 * LIGHTHOUSE_RUNS (default 3): runs per page; the median score is reported.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { freePort, startTsChild } from './lib/proc.ts';
import { CHROMIUM_FLAGS } from './lib/chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(import.meta.dirname, 'results');
const TARGET_SCORE = 95;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
  bytes: 'total-byte-weight',
} as const;
const round = (n: number, d = 0) => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface PageResult {
  path: string;
  scores: number[];
  score: number;
  metrics: Record<keyof typeof METRICS, number>;
  pass: boolean;
}

async function startServer(logFile: string, dataDir: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startTsChild('apps/server/src/server.ts', {
    cwd: ROOT,
    logFile,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      // The whole demo: the built-in demo shop and the demo data (issue 24: asked for in production).
      DEMO_MODE: 'true',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      // Another build to audit (e.g. the main branch's, for a before/after); default apps/web/dist.
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`server exited; see ${logFile}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error('server not ready in 180 s');
    await sleep(250);
  }
  return { base, child };
}

/** Signs in through the API with the code the development mailer logs; returns token and user. */
async function signIn(base: string, logFile: string, email: string) {
  await fetch(`${base}/api/auth/otp/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    await sleep(100);
    code = /code is (\d{6})/.exec(readFileSync(logFile, 'utf8'))?.[1];
  }
  if (!code) throw new Error('no sign-in code in the server log');
  const response = await fetch(`${base}/api/auth/otp/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, otpCode: code }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status}`);
  return (await response.json()) as { token: string; user: unknown };
}

async function audit(
  page: Page,
  url: string,
): Promise<{ score: number; metrics: PageResult['metrics']; report: string }> {
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
    desktopConfig,
    page,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as PageResult['metrics'];
  const report = typeof result.report === 'string' ? result.report : JSON.stringify(lhr);
  return { score: round((lhr.categories.performance?.score ?? 0) * 100), metrics, report };
}

export async function runLighthouse(): Promise<PageResult[]> {
  if (!existsSync(path.join(process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist'), 'index.html'))) {
    throw new Error(
      'apps/web/dist is missing: run `npm run build` first (Lighthouse audits the production build)',
    );
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-bench-lighthouse-'));
  const logFile = path.join(RESULTS_DIR, 'lighthouse-server.log');
  rmSync(logFile, { force: true });
  const { base, child } = await startServer(logFile, dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  const results: PageResult[] = [];
  try {
    const session = await signIn(base, logFile, 'manager@nordic.example.com');
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const pages: { path: string; signedIn: boolean }[] = [
      { path: '/login', signedIn: false },
      { path: '/service-orders', signedIn: true },
    ];
    for (const target of pages) {
      const scores: number[] = [];
      const runs: PageResult['metrics'][] = [];
      for (let run = 0; run < RUNS; run++) {
        // A cold start each run: no cached files, and the session present only where it belongs.
        const tab = await browser.newPage();
        const cdp = await tab.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await tab.goto(`${base}/api/health`);
        await tab.evaluate(
          (s: { token: string; user: unknown } | null) => {
            // Runs in the page (this package has no DOM types).
            const store = (
              globalThis as unknown as {
                localStorage: { clear(): void; setItem(k: string, v: string): void };
              }
            ).localStorage;
            store.clear();
            if (s === null) return;
            store.setItem('authToken', s.token);
            store.setItem('authMethod', 'otp');
            store.setItem('user', JSON.stringify(s.user));
          },
          target.signedIn ? session : null,
        );
        const { score, metrics, report } = await audit(tab, `${base}${target.path}`);
        // The last run's full report, for the diagnostics (main-thread work, JS boot-up time).
        writeFileSync(path.join(RESULTS_DIR, `lighthouse-${target.path.slice(1)}.report.json`), report);
        await tab.close();
        scores.push(score);
        runs.push(metrics);
      }
      const score = median(scores);
      const metrics = Object.fromEntries(
        Object.keys(METRICS).map((name) => [
          name,
          round(median(runs.map((m) => m[name as keyof typeof METRICS])), name === 'cls' ? 3 : 0),
        ]),
      ) as PageResult['metrics'];
      results.push({ path: target.path, scores, score, metrics, pass: score >= TARGET_SCORE });
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    child.process.kill('SIGTERM');
    await sleep(500);
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `Lighthouse, desktop preset, ${RUNS} run(s) per page (median), load ${os.loadavg()[0]?.toFixed(2)}`,
  );
  console.log('page              score  runs          FCP ms  LCP ms  TBT ms    CLS  SI ms   KiB  target');
  for (const r of results) {
    const m = r.metrics;
    console.log(
      `${r.path.padEnd(16)}  ${String(r.score).padStart(5)}  ${r.scores.join('/').padEnd(12)}  ${String(m.fcpMs).padStart(6)}  ${String(m.lcpMs).padStart(6)}  ${String(m.tbtMs).padStart(6)}  ${m.cls.toFixed(3)}  ${String(m.speedIndexMs).padStart(5)}  ${String(round(m.bytes / 1024)).padStart(4)}  ${r.pass ? 'pass' : 'FAIL'} (≥ ${TARGET_SCORE})`,
    );
  }
  const report = {
    at: new Date().toISOString(),
    preset: 'desktop',
    runsPerPage: RUNS,
    target: TARGET_SCORE,
    load: os.loadavg().map((v) => round(v, 2)),
    cpus: os.cpus().length,
    results,
  };
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(path.join(RESULTS_DIR, 'lighthouse-latest.json'), json);
  writeFileSync(path.join(RESULTS_DIR, `lighthouse-${report.at.replace(/[:.]/g, '-')}.json`), json);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runLighthouse().then(
    // A benchmark, not a test: a missed target is printed (FAIL), not an exit code.
    () => undefined,
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
