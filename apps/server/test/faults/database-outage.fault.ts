import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/db/schema/customers.ts';
import { createTestContext, signIn, type TestContext } from '../helper.ts';
import {
  CuttableProxy,
  figure,
  maxOf,
  openFaultDatabase,
  percentile,
  postgresAddress,
  sleep,
  type FaultDatabase,
} from './support.ts';

/**
 * The database goes away under load (a proxy between app and PostgreSQL cuts every connection and
 * refuses new ones) and comes back: requests answer 503 problem+json at once, the process stays
 * up, and service resumes without a restart.
 */

interface Sample {
  start: number;
  end: number;
  status: number;
  contentType: string;
  retryAfter: string | null;
  nosniff: string | null;
  code: string | undefined;
  createdId: string | undefined;
}

let proxy: CuttableProxy;
let fault: FaultDatabase;
let ctx: TestContext;
let base: string;
let token: string;

beforeAll(async () => {
  const pgAt = postgresAddress();
  proxy = new CuttableProxy(pgAt.host, pgAt.port);
  const port = await proxy.start();
  fault = await openFaultDatabase({
    viaPort: port,
    max: 5,
    statementTimeoutMs: 2_000,
    connectTimeoutMs: 1_000,
  });
  ctx = await createTestContext({ database: fault.database });
  token = await signIn(ctx, 'manager@nordic.example.com');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  // Teardown after an outage has been seen to hang on a loaded machine (not reproduced alone): it
  // is bounded and said out loud, so that the figures above stay the test's verdict.
  const closed = await Promise.race([
    ctx?.close().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 20_000).unref()),
  ]);
  if (!closed) console.warn('[warning] database outage: the app did not close within 20 s after the outage');
  await proxy?.stop();
  await fault?.drop();
});

let counter = 0;
async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Sample> {
  const start = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  const end = performance.now();
  let json: { code?: string; id?: string } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // a spreadsheet, or nothing
  }
  return {
    start,
    end,
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    retryAfter: res.headers.get('retry-after'),
    nosniff: res.headers.get('x-content-type-options'),
    code: json.code,
    createdId: res.status === 201 ? json.id : undefined,
  };
}

function load(samples: Sample[], until: () => boolean, workers = 8) {
  return Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (!until()) {
        counter += 1;
        const n = counter;
        samples.push(
          w % 2 === 0
            ? await call('GET', '/api/customers?pageSize=5')
            : await call('POST', '/api/customers', {
                name: `Outage Kunde ${n}`,
                email: `outage${n}@example.net`,
              }),
        );
      }
    }),
  );
}

describe('the database stops under load', () => {
  it('answers 503 problem+json quickly, stays up, and resumes without a restart', async () => {
    const samples: Sample[] = [];
    let stop = false;
    const running = load(samples, () => stop);

    await sleep(1_000);
    const cutAt = performance.now();
    await proxy.cut();
    await sleep(2_500);
    const health = await fetch(`${base}/api/health`);
    const healthBody = (await health.json()) as { status: string };
    const exported = await call('GET', '/api/service-orders/export');
    const restoredAt = performance.now();
    await proxy.restore();

    // Recovery: the first request started after the restore that succeeds.
    let recoveredAt = 0;
    while (!recoveredAt && performance.now() - restoredAt < 15_000) {
      const probe = await call('GET', '/api/customers?pageSize=1');
      if (probe.status === 200) recoveredAt = probe.end;
      else await sleep(50);
    }
    await sleep(1_000);
    stop = true;
    await running;

    const before = samples.filter((s) => s.end < cutAt);
    const during = samples.filter((s) => s.start > cutAt + 100 && s.end < restoredAt);
    const after = samples.filter((s) => recoveredAt && s.start > recoveredAt);

    // No answer outside 2xx and 503, at any time.
    expect(samples.filter((s) => s.status !== 200 && s.status !== 201 && s.status !== 503)).toEqual([]);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s.status < 300)).toBe(true);

    expect(during.length).toBeGreaterThan(0);
    for (const s of during) {
      expect(s).toMatchObject({
        status: 503,
        code: 'service_unavailable',
        retryAfter: '5',
        nosniff: 'nosniff',
      });
      expect(s.contentType).toContain('application/problem+json');
    }
    expect(health.status).toBe(503);
    expect(healthBody.status).toBe('degraded');
    expect(exported).toMatchObject({ status: 503, code: 'service_unavailable' });

    expect(recoveredAt).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((s) => s.status >= 300)).toEqual([]);

    // Every write that was confirmed is there.
    const confirmed = samples.flatMap((s) => (s.createdId ? [s.createdId] : []));
    const found = await ctx.app.db
      .select({ id: customers.id })
      .from(customers)
      .where(inArray(customers.id, confirmed));
    expect(found.length).toBe(confirmed.length);

    const latencies = during.map((s) => s.end - s.start);
    figure('database stopped under load', {
      requestsBeforeCut: before.length,
      requestsDuringOutage: during.length,
      outage503: during.filter((s) => s.status === 503).length,
      outage503MaxMs: Math.round(maxOf(latencies)),
      outage503P95Ms: Math.round(percentile(latencies, 95)),
      recoveryMsAfterRestore: Math.round(recoveredAt - restoredAt),
      requestsAfterRecovery: after.length,
      confirmedWrites: confirmed.length,
      confirmedWritesFound: found.length,
    });
  });
});
