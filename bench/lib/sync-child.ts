/**
 * One catalogue sync run in its own process (so its peak RSS is the sync's alone), against the
 * demo shop the parent started: `SYNC_MODE=full|incremental SHOP_URL=… tsx bench/lib/sync-child.ts`.
 * Prints one JSON line: the run's counts, wall time and the process's peak RSS (VmHWM).
 */
import { readFileSync } from 'node:fs';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createProductsRepository } from '../../apps/server/src/features/products/products.repository.ts';
import { createProductSync } from '../../apps/server/src/features/products/products.sync.ts';
import { createShopClient } from '../../apps/server/src/integrations/shop/client.ts';
import { MIGRATIONS_DIR } from '../../apps/server/src/paths.ts';

const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};
const vmHwm = () => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};

const database = await openDatabase({ driver: 'postgres', url: env('DATABASE_URL'), max: 4 });
await database.migrate(MIGRATIONS_DIR);
const repo = createProductsRepository(database.db);
const source = createShopClient({
  baseUrl: env('SHOP_URL'),
  shop: env('SHOP_HOST'),
  apiVersion: '2026-10',
  accessToken: env('SHOP_TOKEN'),
  timeoutMs: 30_000,
  apiKey: env('SHOP_KEY'),
  apiSecret: env('SHOP_SECRET'),
});
const sync = createProductSync({ repo, source });
const started = performance.now();
const { run } = await sync.run({ mode: env('SYNC_MODE') as 'full' | 'incremental', trigger: 'bench' });
const ms = Math.round(performance.now() - started);
process.stdout.write(
  `${JSON.stringify({ ms, peakRss: vmHwm(), mode: run.mode, status: run.status, pages: run.pages, seen: run.seen, created: run.created, updated: run.updated, deleted: run.deleted, products: await repo.liveCount() })}\n`,
);
await database.close();
