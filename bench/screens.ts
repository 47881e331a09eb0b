/**
 * Bench phases "rentals" and "infocenter" (issue 33, item 4): the rentals calendar of 200 units ×
 * 31 days and the info center's search over 10,000 documents, on PostgreSQL. In one process, as
 * bench/history.ts: a fresh database `sp_bench_screens`, the real app (buildApp, requests by
 * inject: the server's work without HTTP), the data of lib/screens-data.ts, then sequential
 * requests after a warm-up. `BENCH_ONLY=rentals,infocenter npm run bench` (either alone works),
 * or `npx tsx bench/screens.ts`. Writes bench/results/screens.json (+ a timestamped copy).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { addDays, todayIn } from '@service-portal/shared/zoned-days';
import { buildApp } from '../apps/server/src/app.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { summarise, type LatencySummary } from './lib/http.ts';
import { benchAdministrator, freshBenchDatabase } from './lib/fresh-database.ts';
import { resultRecorder } from './lib/results.ts';
import { infoCenterTerms, loadInfoCenter, loadRentalFleet } from './lib/screens-data.ts';

const DB = process.env.BENCH_SCREENS_DATABASE ?? 'sp_bench_screens';
const SAMPLES = Number(process.env.BENCH_SCREENS_SAMPLES ?? 200);
const UNITS = 200;
const CALENDAR_DAYS = 31;
const DOCUMENTS = { maker: 6000, own: 4000 };
const TIME_ZONE = 'Europe/Oslo';

/** Issue 33, item 4. */
export const SCREENS_TARGETS = { calendarP95Ms: 50, infoSearchP95Ms: 30 };

export type ScreensPart = 'rentals' | 'infocenter';

/** `n` sequential GETs after `warmup`, cycling through `urls`; p50/p95/p99 in ms. */
async function measure(
  app: FastifyInstance,
  headers: Record<string, string>,
  label: string,
  urls: string[],
  n: number,
  log: (line: string) => void,
  check?: (body: string, url: string) => void,
): Promise<LatencySummary & { bytes: number }> {
  for (const url of urls) {
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200)
      throw new Error(`${label}: ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`);
    check?.(res.body, url);
  }
  for (let i = 0; i < 10; i++) await app.inject({ url: urls[i % urls.length]!, headers });
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await app.inject({ url: urls[i % urls.length]!, headers });
    samples.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${label}: status ${res.statusCode}`);
    bytes += res.rawPayload.length;
  }
  const s = summarise(samples);
  log(
    `  ${label.padEnd(34)} n ${s.n}  p50 ${s.p50}  p95 ${s.p95}  p99 ${s.p99}  max ${s.max} ms  (${Math.round(bytes / n)} B)  load ${os.loadavg()[0]!.toFixed(2)}`,
  );
  return { ...s, bytes: Math.round(bytes / n) };
}

export async function runScreensBench(
  parts: ReadonlySet<ScreensPart> = new Set(['rentals', 'infocenter']),
  log: (line: string) => void = console.log,
) {
  const recorder = resultRecorder('screens');
  const { secret, config, database } = await freshBenchDatabase(DB);
  const { db } = database;
  const [partner, other] = await db
    .insert(schema.servicePartners)
    .values([
      { name: 'Bench Screens AS', timeZone: TIME_ZONE },
      { name: 'Bench Elsewhere AS', timeZone: TIME_ZONE },
    ])
    .returning();
  const { headers } = await benchAdministrator(db, secret, partner!, {
    email: 'screens@bench.example.com',
    firstName: 'Siri',
    lastName: 'Screens',
  });
  const today = todayIn(TIME_ZONE);
  const result: Record<string, unknown> = { targets: SCREENS_TARGETS };
  const rows: { metric: string; value: string; target: string; verdict: string }[] = [];

  if (parts.has('rentals')) {
    const t0 = performance.now();
    const fleet = await loadRentalFleet(db, partner!.id, today, UNITS);
    log(
      `  rentals: ${fleet.units} units, ${fleet.rentals} rentals over two years loaded in ${Math.round(performance.now() - t0)} ms`,
    );
    result.rentalsData = fleet;
  }
  if (parts.has('infocenter')) {
    const t0 = performance.now();
    const docs = await loadInfoCenter(db, { own: partner!.id, other: other!.id }, DOCUMENTS);
    log(
      `  info center: ${docs.documents} documents (${docs.visible} visible), ${Math.round(docs.textBytes / 1e6)} MB of text, loaded in ${Math.round(performance.now() - t0)} ms`,
    );
    result.infoCenterData = { ...docs, skus: undefined };
    result.infoCenterTerms = infoCenterTerms(docs.skus);
  }

  const app = await buildApp({ config, database, closeDatabase: true });
  await app.ready();
  try {
    if (parts.has('rentals')) {
      // The month around today, the one before and the one after: 31 days each.
      const windows = [-15, -45, 15].map((shift) => {
        const from = addDays(today, shift);
        return `/api/rentals/calendar?from=${from}&to=${addDays(from, CALENDAR_DAYS - 1)}`;
      });
      const calendar = await measure(
        app,
        headers,
        `calendar ${UNITS} units × ${CALENDAR_DAYS} days`,
        windows,
        SAMPLES,
        log,
        (body) => {
          const shown = JSON.parse(body) as { units: unknown[]; entries: unknown[] };
          if (shown.units.length !== UNITS) throw new Error(`calendar shows ${shown.units.length} units`);
          log(`    ${shown.entries.length} entries`);
        },
      );
      result.calendar = calendar;
      rows.push({
        metric: `rentals calendar p95, ${UNITS} units × ${CALENDAR_DAYS} days`,
        value: `${calendar.p95} ms`,
        target: `≤ ${SCREENS_TARGETS.calendarP95Ms} ms`,
        verdict: calendar.p95 <= SCREENS_TARGETS.calendarP95Ms ? 'pass' : 'FAIL',
      });
    }
    if (parts.has('infocenter')) {
      const terms = result.infoCenterTerms as Record<string, string[]>;
      const urlOf = (term: string) => `/api/documents?search=${encodeURIComponent(term)}&page=1&pageSize=20`;
      const all = Object.values(terms).flat().map(urlOf);
      const search = await measure(
        app,
        headers,
        `info center search (${all.length} terms)`,
        all,
        SAMPLES,
        log,
      );
      const byKind: Record<string, LatencySummary> = {};
      for (const [kind, list] of Object.entries(terms)) {
        byKind[kind] = await measure(app, headers, `  ${kind}`, list.map(urlOf), 40, log, (body, u) => {
          const { total } = JSON.parse(body) as { total: number };
          log(`    ${decodeURIComponent(u.split('search=')[1]!.split('&')[0]!)}: ${total} hits`);
        });
      }
      const browse = await measure(
        app,
        headers,
        'info center, first page (no search)',
        ['/api/documents?page=1&pageSize=20'],
        50,
        log,
      );
      result.infoSearch = { all: search, byKind, browse };
      rows.push({
        metric: `info center search p95, ${DOCUMENTS.maker + DOCUMENTS.own} documents`,
        value: `${search.p95} ms`,
        target: `≤ ${SCREENS_TARGETS.infoSearchP95Ms} ms`,
        verdict: search.p95 <= SCREENS_TARGETS.infoSearchP95Ms ? 'pass' : 'FAIL',
      });
    }
  } finally {
    await app.close();
  }
  for (const r of rows) log(`  ${r.metric.padEnd(48)} ${r.value.padStart(10)}   ${r.target}   ${r.verdict}`);
  const file = recorder.write({ ...result, table: rows });
  log(`  written: bench/results/screens.json (+ ${file})`);
  return { ...result, table: rows };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runScreensBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
