/**
 * Bench phase "sync" (issue 13): a full catalogue sync of 10,000 products from the demo shop
 * (wall time, the shop's request count from its request log, peak RSS of the syncing process),
 * then an incremental run with nothing changed (requests). `BENCH_ONLY=sync npm run bench`, or
 * `npx tsx bench/shop-sync.ts` alone. BENCH_SYNC_PRODUCTS changes the catalogue size.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startDemoShop } from '@service-portal/demo-shop/server';
import { resultRecorder } from './lib/results.ts';
import { firstJsonLine, startTsChild } from './lib/proc.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const RESULTS = path.join(here, 'results');
const PRODUCTS = Number(process.env.BENCH_SYNC_PRODUCTS ?? 10_000);
const PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const DB = process.env.BENCH_SYNC_DATABASE ?? 'sp_bench_sync';
/**
 * The shop's leaky bucket. Default: Shopify Plus's GraphQL limits (20,000 points, 1,000 a second),
 * so the figures show our side. BENCH_SYNC_BUCKET=standard uses the standard plan's (1,000 points,
 * 50 a second), where the shop's throttling sets the pace (≈ 7 products a second measured).
 */
const BUCKET =
  process.env.BENCH_SYNC_BUCKET === 'standard'
    ? { maximumAvailable: 1000, restoreRate: 50 }
    : { maximumAvailable: 20_000, restoreRate: 1000 };

interface ChildResult {
  ms: number;
  peakRss: number;
  mode: string;
  status: string;
  pages: number;
  seen: number;
  created: number;
  updated: number;
  deleted: number;
  products: number;
}

const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;

export async function runShopSyncBench(log: (line: string) => void = console.log) {
  const recorder = resultRecorder('shop-sync');
  mkdirSync(RESULTS, { recursive: true });
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  await admin.end();

  const creds = {
    shop: 'nordic-sanitary-demo.myshopify.com',
    apiKey: randomBytes(16).toString('hex'),
    apiSecret: `shpss_${randomBytes(16).toString('hex')}`,
    adminToken: `shpat_${randomBytes(16).toString('hex')}`,
  };
  const t0 = performance.now();
  const shop = await startDemoShop({ ...creds, products: PRODUCTS, bucket: BUCKET });
  log(
    `demo shop with ${shop.control.products().length} products ready in ${Math.round(performance.now() - t0)} ms; bucket ${BUCKET.maximumAvailable} points, ${BUCKET.restoreRate}/s`,
  );

  const run = async (mode: 'full' | 'incremental') => {
    shop.control.clearRequests();
    const child = startTsChild('bench/lib/sync-child.ts', {
      cwd: root,
      env: {
        ...process.env,
        SYNC_MODE: mode,
        DATABASE_URL: `${PG_URL}/${DB}`,
        SHOP_URL: shop.url,
        SHOP_HOST: creds.shop,
        SHOP_TOKEN: creds.adminToken,
        SHOP_KEY: creds.apiKey,
        SHOP_SECRET: creds.apiSecret,
      },
      logFile: path.join(RESULTS, 'sync.log'),
    });
    const result = await firstJsonLine<ChildResult>(child, 15 * 60_000);
    await child.stop();
    const requests = shop.control.requests();
    const graphql = requests.filter((r) => r.path.includes('/graphql'));
    const throttled = graphql.filter((r) => r.code === 'THROTTLED' || r.status === 429).length;
    return { ...result, requests: requests.length, graphqlRequests: graphql.length, throttled };
  };

  try {
    const full = await run('full');
    log(
      `full sync of ${full.products} products: ${(full.ms / 1000).toFixed(1)} s, ${full.requests} shop requests (${full.throttled} throttled), ${full.pages} pages, peak RSS ${mb(full.peakRss)} MB`,
    );
    const incremental = await run('incremental');
    log(
      `incremental run, nothing changed: ${incremental.requests} shop requests, ${incremental.seen} products re-read (overlap), ${incremental.updated} updated, ${(incremental.ms / 1000).toFixed(1)} s`,
    );
    const result = { at: new Date().toISOString(), products: PRODUCTS, bucket: BUCKET, full, incremental };
    recorder.write(result);
    return result;
  } finally {
    await shop.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runShopSyncBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
