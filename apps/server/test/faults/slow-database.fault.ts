import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signIn, type TestContext } from '../helper.ts';
import { figure, maxOf, openFaultDatabase, percentile, sleep, type FaultDatabase } from './support.ts';

/**
 * A slow database: a second connection holds an exclusive lock on the customers table while the
 * app is under load. Requests give up at the statement timeout with 503, the pool keeps serving
 * (nothing hangs, other tables answer), health says degraded meanwhile, and all is well once the
 * lock goes.
 */

const STATEMENT_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 1_000;
const POOL = 4;

let fault: FaultDatabase;
let ctx: TestContext;
let base: string;
let token: string;

beforeAll(async () => {
  fault = await openFaultDatabase({
    max: POOL,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
  });
  ctx = await createTestContext({ database: fault.database });
  token = await signIn(ctx, 'manager@nordic.example.com');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await ctx?.close();
  await fault?.drop();
});

interface Sample {
  path: string;
  start: number;
  end: number;
  status: number;
  code: string | undefined;
  problem: boolean;
}

let n = 0;
async function call(path: string, body?: unknown): Promise<Sample> {
  const start = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { code?: string };
  return {
    path,
    start,
    end: performance.now(),
    status: res.status,
    code: json.code,
    problem: (res.headers.get('content-type') ?? '').includes('application/problem+json'),
  };
}

describe('a slow database (a lock held by another connection)', () => {
  it('gives up at the statement timeout with 503, keeps the pool serving, and says degraded', async () => {
    const locker = new pg.Client({ connectionString: fault.directUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table customers in access exclusive mode');
    const lockedAt = performance.now();

    const samples: Sample[] = [];
    let stop = false;
    const workers = Array.from({ length: 8 }, async (_, w) => {
      while (!stop) {
        n += 1;
        samples.push(
          w % 2 === 0
            ? await call('/api/customers?pageSize=5')
            : await call('/api/customers', { name: `Slow Kunde ${n}`, email: `slow${n}@example.net` }),
        );
      }
    });
    // Another table meanwhile: it waits for a connection at most, never for the lock.
    await sleep(1_500);
    const other = await call('/api/technicians?pageSize=5');
    const health = await fetch(`${base}/api/health`);
    const healthBody = (await health.json()) as { status: string };
    await sleep(1_500);

    // Taken before the release: requests that end after it may have had the table.
    const releasedAt = performance.now();
    await locker.query('rollback');
    await locker.end();
    await sleep(1_000);
    stop = true;
    await Promise.all(workers);

    const during = samples.filter((s) => s.start > lockedAt && s.end < releasedAt);
    const afterwards = samples.filter((s) => s.start > releasedAt + 500);
    expect(samples.filter((s) => ![200, 201, 503].includes(s.status))).toEqual([]);
    expect(during.length).toBeGreaterThan(0);
    for (const s of during) {
      expect(s).toMatchObject({ status: 503, code: 'service_unavailable', problem: true });
    }
    // Given up at the statement timeout (plus at most one wait for a connection), not held for ever.
    const latencies = during.map((s) => s.end - s.start);
    expect(maxOf(latencies)).toBeLessThan(STATEMENT_TIMEOUT_MS + CONNECT_TIMEOUT_MS + 2_000);
    expect([200, 503]).toContain(other.status);
    expect(health.status).toBe(503);
    expect(healthBody.status).toBe('degraded');
    // The pool did not starve: once the lock is gone every request succeeds.
    expect(afterwards.length).toBeGreaterThan(0);
    expect(afterwards.filter((s) => s.status >= 300)).toEqual([]);

    figure('slow database (lock held)', {
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
      pool: POOL,
      requestsDuringLock: during.length,
      answered503: during.filter((s) => s.status === 503).length,
      maxMs: Math.round(maxOf(latencies)),
      p50Ms: Math.round(percentile(latencies, 50)),
      otherTableStatus: other.status,
      otherTableMs: Math.round(other.end - other.start),
      healthDuringLock: health.status,
      requestsAfterRelease: afterwards.length,
      failedAfterRelease: afterwards.filter((s) => s.status >= 300).length,
    });
  });
});
