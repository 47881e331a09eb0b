/**
 * The yardstick for the list endpoint: a bare Fastify app (no auth, no plugins, no logging, no
 * schemas) with one route that runs exactly the SQL the list endpoint runs for page 1 of 20 of one
 * partner — the page and the count, in parallel, on a pg Pool of the server's size — and answers
 * the same JSON shape. Started as a child process by run.ts:
 *
 *   BARE_DATABASE_URL=... BARE_PARTNER_ID=... BARE_POOL_SIZE=10 node --import tsx bench/bare-server.ts
 *
 * It prints one line, {"port": N}, once it listens.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { LIST_COUNT_SQL, LIST_PAGE_SQL } from './lib/list-sql.ts';

const url = process.env.BARE_DATABASE_URL;
const partnerId = process.env.BARE_PARTNER_ID;
const poolSize = Number(process.env.BARE_POOL_SIZE ?? 10);
if (!url || !partnerId) throw new Error('BARE_DATABASE_URL and BARE_PARTNER_ID are required');

const pool = new pg.Pool({ connectionString: url, max: poolSize });
pool.on('error', () => {});

// run.ts passes the SQL and parameters the repository sends today (captured from drizzle, the
// partner already filled in); the copy is the fallback. Like the repository, the bare route sends
// them as named prepared statements, so both sides ask PostgreSQL for the same work.
const pageSql = process.env.BARE_PAGE_SQL || LIST_PAGE_SQL;
const countSql = process.env.BARE_COUNT_SQL || LIST_COUNT_SQL;
const pageParams = process.env.BARE_PAGE_PARAMS
  ? (JSON.parse(process.env.BARE_PAGE_PARAMS) as unknown[])
  : [partnerId, 20, 0];
const countParams = process.env.BARE_COUNT_PARAMS
  ? (JSON.parse(process.env.BARE_COUNT_PARAMS) as unknown[])
  : [partnerId, null, null, null, null, null, null];

const app = Fastify({ logger: false });
app.get('/bare/service-orders', async () => {
  const [page, total] = await Promise.all([
    pool.query({ name: 'bare_page', text: pageSql, values: pageParams }),
    pool.query<Record<string, string>>({ name: 'bare_count', text: countSql, values: countParams }),
  ]);
  // The total is the count query's one value, whatever its column is called.
  const [count] = Object.values(total.rows[0] ?? {});
  return { items: page.rows, total: Number(count ?? 0), page: 1, pageSize: 20 };
});

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);

const stop = () => {
  void app
    .close()
    .then(() => pool.end())
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
