/**
 * Bench phase "history" (issue 26): the cost of the field-level history on PostgreSQL. In one
 * process: a fresh database `sp_bench_history`, the real app (buildApp, requests by inject, so the
 * figures are the server's work without HTTP), one partner with 1,000 orders. Measures, with the
 * history triggers enabled and disabled in alternating rounds:
 *   - an order update (`PUT /api/service-orders/:id`, price and date), sequential;
 *   - a bulk status change of 1,000 orders (`POST /api/service-orders/bulk-update-status`, two
 *     requests of 500, the route's most), back and forth between two statuses;
 * then the p95 of `GET /api/history/service_orders/:id` for an order with 500 events, and the
 * cost of the actor wrapper on ordinary reads (the same select through the app's database and
 * through a bare pool). `BENCH_ONLY=history npm run bench`, or `npx tsx bench/history.ts`.
 * Writes bench/results/history.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PRIORITIES, SERVICE_TYPES } from '@service-portal/shared/service-orders';
import { buildApp } from '../apps/server/src/app.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { benchAdministrator, freshBenchDatabase } from './lib/fresh-database.ts';
import { summarise, type LatencySummary } from './lib/http.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const RESULTS = path.join(here, 'results');
const DB = process.env.BENCH_HISTORY_DATABASE ?? 'sp_bench_history';
const ORDERS = 1000;
/** Order updates per round and side. */
const UPDATES = Number(process.env.BENCH_HISTORY_UPDATES ?? 20);
/** Bulk changes of 1,000 orders per round and side. */
const BULKS = Number(process.env.BENCH_HISTORY_BULKS ?? 2);
// Many short rounds rather than a few long ones: on a shared machine the load moves within
// seconds, and short alternating blocks let it fall on both sides alike.
const ROUNDS = Number(process.env.BENCH_HISTORY_ROUNDS ?? 24);

/** Set before the first measurement (issue 26). */
export const HISTORY_TARGETS = { updateOverheadPct: 10, bulkOverheadPct: 10, historyP95Ms: 20 };

export async function runHistoryBench(log: (line: string) => void = console.log) {
  mkdirSync(RESULTS, { recursive: true });
  const { url, secret, config, database } = await freshBenchDatabase(DB);
  const app = await buildApp({ config, database, closeDatabase: true });
  await app.ready();
  const bare = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const { orderIds, headers } = await load(database.db, secret);
    const toggle = async (on: boolean) => {
      const tables = await bare.query<{ t: string }>(
        `select distinct event_object_table as t from information_schema.triggers where trigger_name like 'history_%'`,
      );
      // Only the history's triggers: the app's own (revenue, search, notifications) stay on.
      for (const { t } of tables.rows)
        for (const trigger of ['history_insert', 'history_update', 'history_delete'])
          await bare.query(`alter table "${t}" ${on ? 'enable' : 'disable'} trigger ${trigger}`);
    };
    const versions = new Map<string, number>(orderIds.map((id) => [id, 1]));
    let step = 0;

    const updateOnce = async () => {
      const id = orderIds[step % 100]!;
      step += 1;
      const t0 = performance.now();
      const res = await app.inject({
        method: 'PUT',
        url: `/api/service-orders/${id}`,
        headers,
        payload: {
          version: versions.get(id),
          estimatedCost: 1000 + (step % 500),
          scheduledDate: `2030-0${1 + (step % 9)}-1${step % 10}`,
        },
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`update: ${res.statusCode} ${res.body.slice(0, 300)}`);
      versions.set(id, res.json<{ version: number }>().version);
      return ms;
    };
    let bulkTo: 'in_progress' | 'waiting_for_parts' = 'in_progress';
    const bulkOnce = async () => {
      const t0 = performance.now();
      for (let i = 0; i < ORDERS; i += 500) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/service-orders/bulk-update-status',
          headers,
          payload: { orderIds: orderIds.slice(i, i + 500), status: bulkTo },
        });
        if (res.statusCode !== 200) throw new Error(`bulk: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      const ms = performance.now() - t0;
      bulkTo = bulkTo === 'in_progress' ? 'waiting_for_parts' : 'in_progress';
      // The bulk change moved every version; the next updates send the new ones.
      const now = await bare.query<{ id: string; version: number }>(
        'select id, version from service_orders where id = any($1::uuid[])',
        [orderIds.slice(0, 100)],
      );
      for (const r of now.rows) versions.set(r.id, r.version);
      return ms;
    };

    // Warm-up, then alternating rounds so that load on the machine falls on both alike.
    for (let i = 0; i < 20; i++) await updateOnce();
    await bulkOnce();
    const samples = {
      update: { on: [] as number[], off: [] as number[] },
      bulk: { on: [] as number[], off: [] as number[] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const on of round % 2 === 0 ? [true, false] : [false, true]) {
        await toggle(on);
        const key = on ? 'on' : 'off';
        for (let i = 0; i < UPDATES; i++) samples.update[key].push(await updateOnce());
        for (let i = 0; i < BULKS; i++) samples.bulk[key].push(await bulkOnce());
      }
    }
    await toggle(true);
    const s = {
      updateOn: summarise(samples.update.on),
      updateOff: summarise(samples.update.off),
      bulkOn: summarise(samples.bulk.on),
      bulkOff: summarise(samples.bulk.off),
    };
    const overhead = (on: LatencySummary, off: LatencySummary) =>
      Math.round((on.p50 / off.p50 - 1) * 1000) / 10;
    const updateOverheadPct = overhead(s.updateOn, s.updateOff);
    const bulkOverheadPct = overhead(s.bulkOn, s.bulkOff);
    log(
      `  order update      with ${s.updateOn.p50} / without ${s.updateOff.p50} ms (p50)  overhead ${updateOverheadPct} %`,
    );
    log(
      `  bulk 1,000 orders with ${s.bulkOn.p50} / without ${s.bulkOff.p50} ms (p50)  overhead ${bulkOverheadPct} %`,
    );

    // An order with exactly 500 events: its history read (first page, filters' facets, count).
    const target = orderIds[999]!;
    await bare.query(`delete from history_events where subject_id = $1`, [target]);
    await bare.query(
      `insert into history_events (service_partner_id, table_name, record_id, subject_table, subject_id,
         operation, field, old_value, new_value, actor_kind, actor_id, actor_name, request_id, occurred_at)
       select p.id, 'service_orders', $1, 'service_orders', $1, 'update',
         (array['status','estimated_cost_minor','scheduled_date','title','priority'])[1 + g % 5],
         to_jsonb(g), to_jsonb(g + 1), 'user', u.id::text, 'Bench User', 'req-' || g, now() - g * interval '1 minute'
       from generate_series(1, 500) g, service_partners p, users u where u.email = 'history@bench.example.com'`,
      [target],
    );
    await bare.query('analyze history_events');
    const read: number[] = [];
    for (let i = 0; i < 220; i++) {
      const t0 = performance.now();
      const res = await app.inject({ url: `/api/history/service_orders/${target}`, headers });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200 || res.json<{ total: number }>().total !== 500)
        throw new Error(`history: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i >= 20) read.push(ms);
    }
    const historyRead = summarise(read);
    log(`  history of an order with 500 events  p50 ${historyRead.p50}  p95 ${historyRead.p95} ms`);

    // Ordinary reads: the app's database (actor wrapper) against a bare pool, same query.
    const plain = drizzle(bare, { schema });
    const readOnce = async (db: typeof plain) => {
      const t0 = performance.now();
      await db
        .select()
        .from(schema.serviceOrders)
        .where(sql`${schema.serviceOrders.id} = ${orderIds[7]!}`);
      return performance.now() - t0;
    };
    const wrapped: number[] = [];
    const unwrapped: number[] = [];
    for (let i = 0; i < 2000; i++) {
      wrapped.push(await readOnce(database.db as unknown as typeof plain));
      unwrapped.push(await readOnce(plain));
    }
    const reads = { wrapped: summarise(wrapped.slice(200)), bare: summarise(unwrapped.slice(200)) };
    log(`  ordinary read     app db ${reads.wrapped.p50} / bare pool ${reads.bare.p50} ms (p50)`);

    const rows: [string, number, number, string][] = [
      ['order update overhead', updateOverheadPct, HISTORY_TARGETS.updateOverheadPct, '%'],
      ['bulk 1,000 overhead', bulkOverheadPct, HISTORY_TARGETS.bulkOverheadPct, '%'],
      ['history p95 (500)', historyRead.p95, HISTORY_TARGETS.historyP95Ms, 'ms'],
    ];
    for (const [name, value, limit, unit] of rows)
      log(
        `  ${name.padEnd(24)} ${String(value).padStart(7)} ${unit}  target ≤ ${limit} ${unit}  ${value <= limit ? 'pass' : 'FAIL'}`,
      );
    const result = {
      at: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      load: os.loadavg(),
      targets: HISTORY_TARGETS,
      updateOverheadPct,
      bulkOverheadPct,
      ...s,
      historyRead,
      reads,
    };
    writeFileSync(path.join(RESULTS, 'history.json'), JSON.stringify(result, null, 2));
    return result;
  } finally {
    await bare.end();
    await app.close();
  }
}

async function load(db: Db, secret: string) {
  const [partner] = await db.insert(schema.servicePartners).values({ name: 'Bench History AS' }).returning();
  const partnerId = partner!.id;
  const { headers } = await benchAdministrator(db, secret, partner!, {
    email: 'history@bench.example.com',
    firstName: 'Hilde',
    lastName: 'History',
  });
  const [customer] = await db
    .insert(schema.customers)
    .values({ servicePartnerId: partnerId, name: 'Bench Customer', email: 'c@bench.example.com' })
    .returning();
  const rows = Array.from({ length: ORDERS }, (_, i) => ({
    servicePartnerId: partnerId,
    orderNumber: `SO-2026-${String(i + 1).padStart(6, '0')}`,
    title: `Bench job ${i + 1}`,
    serviceType: SERVICE_TYPES[i % SERVICE_TYPES.length]!,
    priority: PRIORITIES[i % PRIORITIES.length]!,
    status: 'in_progress' as const,
    currency: 'NOK' as const,
    customerId: customer!.id,
    customerName: customer!.name,
    customerEmail: customer!.email!,
    checkpoints: { measurements: {}, components: {}, agreement: { partsSubmittedOtherDetails: null } },
  }));
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const made = await db
      .insert(schema.serviceOrders)
      .values(rows.slice(i, i + 500))
      .returning({ id: schema.serviceOrders.id });
    ids.push(...made.map((r) => r.id));
  }
  await db.execute(sql`analyze`);
  return { orderIds: ids, headers };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runHistoryBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
