import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helper.ts';
import type { Database } from '../../db/client.ts';
import { jobs as jobsTable } from '../../db/schema/jobs.ts';
import { runWithRequestContext } from '../request-context.ts';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './runner.ts';

let database: Database;
const clock = {
  now: new Date('2026-03-02T10:07:00Z'),
  advance(ms: number) {
    this.now = new Date(this.now.getTime() + ms);
  },
};
const lines: Record<string, unknown>[] = [];
const log = pino(
  { level: 'info' },
  { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
);
const runners: JobRunner[] = [];

function runner(overrides: Partial<JobRunnerOptions> = {}): JobRunner {
  const r = createJobRunner({
    db: database.db,
    log,
    now: () => clock.now,
    concurrency: 4,
    pollIntervalMs: 50,
    leaseMs: 60_000,
    ...overrides,
  });
  runners.push(r);
  return r;
}

async function row(id: string) {
  const [found] = await database.db.select().from(jobsTable).where(eq(jobsTable.id, id));
  return found!;
}

/** Waits (bounded) until `check` holds; the assertions that follow say what must be true. */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const r of runners) await r.stop(0);
  await database.close();
});

describe('retries and the dead letter', () => {
  it('retries a failing job after a growing backoff, then succeeds', async () => {
    const r = runner();
    let calls = 0;
    r.register(
      'test.flaky',
      async () => {
        calls += 1;
        if (calls < 3) throw new Error(`refused ${calls}`);
      },
      { retries: 3, backoff: { delayMs: 1000, factor: 2 } },
    );
    r.start();
    const { id } = await r.enqueue('test.flaky', {});
    await r.drain();
    let job = await row(id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1, lastError: 'refused 1' });
    expect(job.runAt.getTime() - clock.now.getTime()).toBe(1000);

    clock.advance(999);
    await r.drain();
    expect((await row(id)).attempts).toBe(1); // not due yet

    clock.advance(1);
    await r.drain();
    job = await row(id);
    expect(job).toMatchObject({ state: 'queued', attempts: 2, lastError: 'refused 2' });
    expect(job.runAt.getTime() - clock.now.getTime()).toBe(2000);

    clock.advance(2000);
    await r.drain();
    job = await row(id);
    expect(job).toMatchObject({ state: 'succeeded', attempts: 3 });
    expect(job.finishedAt?.getTime()).toBe(clock.now.getTime());
    expect(calls).toBe(3);
  });

  it('moves a job that fails every attempt to failed, with the last error', async () => {
    const r = runner();
    let calls = 0;
    r.register(
      'test.doomed',
      async () => {
        calls += 1;
        throw new Error(`SMTP 550 on attempt ${calls}`);
      },
      { retries: 1, backoff: { delayMs: 10 } },
    );
    r.start();
    const { id } = await r.enqueue('test.doomed', {});
    await r.drain();
    clock.advance(10);
    await r.drain();
    clock.advance(60_000);
    await r.drain();
    expect(await row(id)).toMatchObject({
      state: 'failed',
      attempts: 2,
      maxAttempts: 2,
      lastError: 'SMTP 550 on attempt 2',
      lockedBy: null,
    });
    expect(calls).toBe(2);
  });
});

describe('keys', () => {
  it('a unique key gives the job already queued instead of a second one', async () => {
    const r = runner({ concurrency: 0 });
    r.register('test.unique', async () => {});
    const first = await r.enqueue('test.unique', { n: 1 }, { uniqueKey: 'sync:catalogue' });
    const again = await r.enqueue('test.unique', { n: 2 }, { uniqueKey: 'sync:catalogue' });
    expect(again).toEqual({ id: first.id, created: false });
    expect((await row(first.id)).payload).toEqual({ n: 1 });
    // Once the first is done the key is free again.
    await database.db.update(jobsTable).set({ state: 'succeeded' }).where(eq(jobsTable.id, first.id));
    const later = await r.enqueue('test.unique', { n: 3 }, { uniqueKey: 'sync:catalogue' });
    expect(later.created).toBe(true);
    expect(later.id).not.toBe(first.id);
  });

  it('a singleton key runs one job at a time, across two runners', async () => {
    const a = runner();
    const b = runner();
    let active = 0;
    let most = 0;
    let done = 0;
    const handler = async () => {
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 30));
      active -= 1;
      done += 1;
    };
    a.register('test.single', handler, { singletonKey: 'catalogue' });
    b.register('test.single', handler, { singletonKey: 'catalogue' });
    for (let i = 0; i < 4; i++) await a.enqueue('test.single', { i });
    a.start();
    b.start();
    await until(() => done === 4, 'four singleton jobs');
    expect(most).toBe(1);
  });
});

describe('two runners on one database', () => {
  it('runs each of many jobs exactly once', async () => {
    const a = runner({ concurrency: 3 });
    const b = runner({ concurrency: 3 });
    const seen: string[] = [];
    const handler = async ({ payload }: { payload: { i: number } }) => {
      seen.push(String(payload.i));
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    a.register('test.many', handler);
    b.register('test.many', handler);
    for (let i = 0; i < 30; i++) await a.enqueue('test.many', { i });
    a.start();
    b.start();
    await until(() => seen.length >= 30, '30 jobs');
    await a.drain();
    await b.drain();
    expect(seen.length).toBe(30);
    expect(new Set(seen).size).toBe(30);
  });

  it('fires a schedule once per period, whichever runner sees it first', async () => {
    const fired: (string | null)[] = [];
    const make = () => {
      const r = runner();
      r.register('test.every-15', async ({ job }) => {
        fired.push(job.scheduledFor?.toISOString() ?? null);
      });
      r.schedule('test.every-15', '*/15 * * * *');
      return r;
    };
    clock.now = new Date('2026-03-03T10:07:00Z');
    const a = make();
    const b = make();
    a.start();
    b.start();
    await until(() => fired.length >= 1, 'the 10:00 slot');
    a.wake();
    b.wake();
    await a.drain();
    await b.drain();
    expect(fired).toEqual(['2026-03-03T10:00:00.000Z']);

    clock.now = new Date('2026-03-03T10:16:00Z');
    a.wake();
    b.wake();
    await until(() => fired.length >= 2, 'the 10:15 slot');
    a.wake();
    b.wake();
    await a.drain();
    await b.drain();
    expect(fired).toEqual(['2026-03-03T10:00:00.000Z', '2026-03-03T10:15:00.000Z']);
    const rows = await database.db.select().from(jobsTable).where(eq(jobsTable.name, 'test.every-15'));
    expect(rows).toHaveLength(2);
  });

  it('takes over a job whose runner died once the lease ran out', async () => {
    const dying = runner({ leaseMs: 5_000 });
    const started = gate();
    dying.register('test.lease', async () => {
      started.open();
      await new Promise(() => {}); // the process is killed mid-job
    });
    const { id } = await dying.enqueue('test.lease', {});
    dying.start();
    await started.opened;
    dying.abandon();
    expect(await row(id)).toMatchObject({ state: 'running', lockedBy: dying.workerId, attempts: 1 });

    const survivor = runner({ leaseMs: 5_000 });
    let ranBy: string | null = null;
    survivor.register('test.lease', async () => {
      ranBy = survivor.workerId;
    });
    survivor.start();
    await survivor.drain();
    expect((await row(id)).state).toBe('running'); // the lease has not run out yet

    clock.advance(5_001);
    survivor.wake();
    await until(async () => (await row(id)).state === 'succeeded', 'the take-over');
    expect(ranBy).toBe(survivor.workerId);
    expect(await row(id)).toMatchObject({ attempts: 2, lastError: expect.stringMatching(/lease ran out/) });
  });
});

describe('what a handler gets', () => {
  it('stores progress a screen can read while the job runs', async () => {
    const r = runner();
    const reported = gate();
    const finish = gate();
    r.register('test.progress', async ({ reportProgress }) => {
      await reportProgress(3, 10);
      reported.open();
      await finish.opened;
      await reportProgress(10, 10);
    });
    const { id } = await r.enqueue('test.progress', {});
    r.start();
    await reported.opened;
    expect(await row(id)).toMatchObject({ state: 'running', progressCurrent: 3, progressTotal: 10 });
    finish.open();
    await r.drain();
    expect(await row(id)).toMatchObject({ state: 'succeeded', progressCurrent: 10, progressTotal: 10 });
  });

  it('applies a once() effect once when the handler runs twice', async () => {
    const r = runner();
    let applied = 0;
    let runs = 0;
    r.register(
      'test.once',
      async ({ once, payload }) => {
        runs += 1;
        await once(`test.once:${(payload as { orderId: string }).orderId}`, async () => {
          applied += 1;
        });
        if (runs === 1) throw new Error('crashed after the effect');
      },
      { retries: 1, backoff: { delayMs: 1 } },
    );
    r.start();
    const { id } = await r.enqueue('test.once', { orderId: 'o-1' });
    await r.drain();
    clock.advance(1);
    await r.drain();
    expect(await row(id)).toMatchObject({ state: 'succeeded', attempts: 2 });
    expect({ runs, applied }).toEqual({ runs: 2, applied: 1 });
  });

  it('carries the enqueuing request id into the job and its log lines', async () => {
    const r = runner();
    r.register('test.logged', async ({ log: jobLog }) => {
      jobLog.info('doing the work');
    });
    r.start();
    const { id } = await runWithRequestContext({ requestId: 'req-from-proxy-42' }, () =>
      r.enqueue('test.logged', {}),
    );
    await r.drain();
    expect(await row(id)).toMatchObject({ state: 'succeeded', requestId: 'req-from-proxy-42' });
    const line = lines.find((l) => l.msg === 'doing the work' && l.jobId === id);
    expect(line).toMatchObject({ reqId: 'req-from-proxy-42', job: 'test.logged' });
  });

  it('aborts the signal of a job cancelled while it runs, and keeps it cancelled', async () => {
    const r = runner();
    const started = gate();
    let sawAbort = false;
    r.register('test.cancel', async ({ signal }) => {
      started.open();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      sawAbort = signal.aborted;
      throw new Error('stopped');
    });
    const { id } = await r.enqueue('test.cancel', {});
    r.start();
    await started.opened;
    await r.store.cancel(id, clock.now);
    r.abortLocal(id);
    await r.drain();
    expect(sawAbort).toBe(true);
    expect(await row(id)).toMatchObject({ state: 'cancelled', lastError: null });
  });

  it('gives a job still running after the shutdown grace back to the queue, attempt not counted', async () => {
    const r = runner();
    const started = gate();
    r.register('test.slow', async ({ signal }) => {
      started.open();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    });
    const { id } = await r.enqueue('test.slow', {});
    r.start();
    await started.opened;
    await r.stop(50);
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    expect((await row(id)).lastError).toMatch(/shutdown/);
  });

  it('lets a job finish within the shutdown grace', async () => {
    const r = runner();
    const started = gate();
    r.register('test.short', async () => {
      started.open();
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    const { id } = await r.enqueue('test.short', {});
    r.start();
    await started.opened;
    await r.stop(10_000);
    expect((await row(id)).state).toBe('succeeded');
  });
});
