/** The benchmark's knobs, read from the environment once (README: "Knobs"). */

function int(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be an integer ≥ ${min} (got "${raw}")`);
  return value;
}

function fraction(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!(value > 0 && value < 1)) throw new Error(`${name} must be a number between 0 and 1 (got "${raw}")`);
  return value;
}

const serverUrl = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const database = process.env.BENCH_DATABASE ?? 'sp_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(database))
  throw new Error(`BENCH_DATABASE must be a plain lower-case identifier (got "${database}")`);
// The bench drops and recreates its database: never let it near a database that others use.
if (['test', 'postgres', 'template0', 'template1'].includes(database) || !database.includes('bench')) {
  throw new Error(
    `BENCH_DATABASE "${database}" refused: the benchmark only uses a database whose name contains "bench".`,
  );
}

export interface DataSpec {
  /** Orders in total. */
  orders: number;
  /** Service partners; partner #1 gets `bigShare` of the orders, the others share the rest. */
  partners: number;
  bigShare: number;
}

export const benchConfig = {
  /** The PostgreSQL server, without a database. */
  serverUrl,
  database,
  databaseUrl: `${serverUrl}/${database}`,
  adminUrl: `${serverUrl}/postgres`,
  data: {
    orders: int('BENCH_ORDERS', 1_000_000),
    partners: int('BENCH_PARTNERS', 50),
    bigShare: fraction('BENCH_BIG_SHARE', 0.25),
  } satisfies DataSpec,
  /** Seconds per autocannon measurement (after a warm-up of `warmupSeconds`). */
  durationSeconds: int('BENCH_DURATION', 10),
  warmupSeconds: int('BENCH_WARMUP', 3, 0),
  connections: int('BENCH_CONNECTIONS', 50),
  /** Alternating rounds of (bare, API) for the list comparison. */
  rounds: int('BENCH_ROUNDS', 2),
  searchRequests: int('BENCH_SEARCH_REQUESTS', 300),
  statsRequests: int('BENCH_STATS_REQUESTS', 100),
  /** The two export sizes (rows); capped by what partner #1 holds on small data sets. */
  exportRows: [int('BENCH_EXPORT_SMALL', 100_000), int('BENCH_EXPORT_LARGE', 200_000)] as const,
  /**
   * The server's API limit per user and per address: counted on every request but out of reach
   * by default (one user sends thousands a second here); 0 turns the limiter off.
   */
  rateLimit: int('BENCH_RATE_LIMIT', 1_000_000_000, 0),
  /** REDIS_URL for the server: rate-limit counters and the callers' epoch in Redis, as with several instances. */
  redisUrl: process.env.BENCH_REDIS_URL || undefined,
  /** The pg pool size of the server (openDatabase's default) and so of the bare route too. */
  poolSize: 10,
};
