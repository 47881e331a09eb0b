import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { currentRequestId, runWithRequestContext } from '../request-context.ts';
import { parseCron, type Cron } from './cron.ts';
import { createJobStore, type JobRow, type JobStore } from './job-store.ts';

/**
 * One runner for every background task (docs/decisions/015-job-runner.md). Jobs live in the
 * database; any instance may run any job. Handlers must be idempotent: a job whose instance died
 * mid-run is run again by another once its lease runs out, so "at least once" is the promise. Use
 * `once(key, tx => …)` for an effect that must happen exactly once.
 */

export interface JobInfo {
  id: string;
  name: string;
  attempt: number;
  maxAttempts: number;
  requestId: string | null;
  servicePartnerId: string | null;
  scheduledFor: Date | null;
}

export interface JobContext<P> {
  payload: P;
  job: JobInfo;
  /** Log lines carry the job id and the request id that enqueued it. */
  log: FastifyBaseLogger;
  /** Stored on the job for a screen to read; throttled to one write a second unless it is the last. */
  reportProgress: (current: number, total?: number) => Promise<void>;
  /** Aborted when the job is cancelled, taken over after a lost lease, or the instance stops. */
  signal: AbortSignal;
  /** Applies `effect` once for `key`, in a transaction, however often this job runs. */
  once: (key: string, effect: (tx: Db) => Promise<void>) => Promise<boolean>;
}

export type JobHandler<P> = (ctx: JobContext<P>) => Promise<void>;

export interface Backoff {
  /** Delay before the first retry. */
  delayMs: number;
  /** Each later retry waits this many times longer (1: fixed). */
  factor?: number;
  maxDelayMs?: number;
}

export interface RegisterOptions<P> {
  /** Attempts after the first failed one (default 3). 0: a failure goes straight to failed. */
  retries?: number;
  backoff?: Backoff;
  /** At most one job with this key runs at a time (others wait, queued). */
  singletonKey?: string | ((payload: P) => string | null);
}

export interface EnqueueOptions {
  /** While a job with this key is queued or running, enqueueing again returns that job. */
  uniqueKey?: string;
  runAt?: Date;
  delayMs?: number;
  servicePartnerId?: string | null;
  /** Defaults to the request being served, if any. */
  requestId?: string | null;
  /**
   * Stores the job in this transaction: it exists only if the change it belongs to commits (an
   * outbox). The insert's NOTIFY reaches the runners at commit; polling covers a lost one.
   */
  tx?: Db;
}

export interface EnqueueResult {
  id: string;
  created: boolean;
}

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Jobs run at once by this instance. 0: this instance only enqueues. */
  concurrency: number;
  pollIntervalMs: number;
  leaseMs: number;
  /** Tells the other instances that a job was queued (PostgreSQL NOTIFY); optional. */
  notify?: () => Promise<void>;
  /** Called once per finished attempt (metrics). */
  onOutcome?: (name: string, outcome: 'succeeded' | 'retried' | 'failed', seconds: number) => void;
  workerId?: string;
}

interface Registration {
  handler: JobHandler<unknown>;
  retries: number;
  backoff: Required<Backoff>;
  singletonKey: RegisterOptions<unknown>['singletonKey'];
}

interface Schedule {
  name: string;
  cron: Cron;
  payload: unknown;
  nextSlot: Date | null;
}

interface Running {
  row: JobRow;
  controller: AbortController;
  heartbeat: NodeJS.Timeout;
  done: Promise<void>;
}

const DEFAULT_BACKOFF: Required<Backoff> = { delayMs: 10_000, factor: 3, maxDelayMs: 60 * 60_000 };

export function backoffDelay(backoff: Required<Backoff>, failedAttempt: number): number {
  return Math.min(backoff.maxDelayMs, backoff.delayMs * backoff.factor ** Math.max(0, failedAttempt - 1));
}

export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return typeof err === 'string' ? err : 'The job failed.';
}

export function createJobRunner(options: JobRunnerOptions) {
  const store: JobStore = createJobStore(options.db);
  const now = options.now ?? (() => new Date());
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const registry = new Map<string, Registration>();
  const schedules = new Map<string, Schedule>();
  const running = new Map<string, Running>();
  const log = options.log.child({ worker: workerId });

  let started = false;
  let stopping = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;
  let again = false;

  const names = () => [...registry.keys()];

  function register<P>(name: string, handler: JobHandler<P>, opts: RegisterOptions<P> = {}): void {
    if (registry.has(name)) throw new Error(`job ${name} is registered twice`);
    registry.set(name, {
      handler: handler as JobHandler<unknown>,
      retries: opts.retries ?? 3,
      backoff: { ...DEFAULT_BACKOFF, ...opts.backoff },
      singletonKey: opts.singletonKey as Registration['singletonKey'],
    });
  }

  async function enqueue<P>(name: string, payload: P, opts: EnqueueOptions = {}): Promise<EnqueueResult> {
    return insert(name, payload, opts, null);
  }

  async function insert(
    name: string,
    payload: unknown,
    opts: EnqueueOptions,
    scheduleSlot: Date | null,
  ): Promise<EnqueueResult> {
    const reg = registry.get(name);
    if (!reg) throw new Error(`job ${name} is not registered`);
    const t = now();
    const singletonKey =
      typeof reg.singletonKey === 'function' ? reg.singletonKey(payload) : (reg.singletonKey ?? null);
    const { row, created } = await (opts.tx ? createJobStore(opts.tx) : store).insert({
      name,
      payload: payload ?? {},
      maxAttempts: reg.retries + 1,
      runAt: opts.runAt ?? new Date(t.getTime() + (opts.delayMs ?? 0)),
      uniqueKey: opts.uniqueKey ?? null,
      singletonKey,
      scheduleSlot,
      requestId: opts.requestId === undefined ? (currentRequestId() ?? null) : opts.requestId,
      servicePartnerId: opts.servicePartnerId ?? null,
      now: t,
    });
    if (created && !opts.tx) {
      wake();
      if (options.notify) await options.notify().catch(() => {});
    }
    return { id: row.id, created };
  }

  /** Fires `name` once per period of `cron` across all instances (the slot is unique in the table). */
  function schedule(name: string, cron: string, payload: unknown = {}): void {
    if (!registry.has(name)) throw new Error(`job ${name} is not registered`);
    schedules.set(name, { name, cron: parseCron(cron), payload, nextSlot: null });
  }

  async function fireSchedules(t: Date): Promise<void> {
    for (const s of schedules.values()) {
      if (s.nextSlot && s.nextSlot > t) continue;
      // The latest period that has begun; a period missed while every instance was down fires once.
      const slot = s.cron.previous(t);
      if (slot) await insert(s.name, s.payload, { requestId: null }, slot);
      s.nextSlot = s.cron.next(t);
    }
  }

  function wake(): void {
    if (!started || stopping) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick()
      .catch((err: unknown) => log.error({ err }, 'job runner tick failed'))
      .finally(() => {
        ticking = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  async function tick(): Promise<void> {
    const t = now();
    for (const row of await store.reapExpired(
      t,
      'The lease ran out: the instance running it stopped or hung.',
    )) {
      log.warn({ jobId: row.id, job: row.name, state: row.state }, 'job lease expired');
      if (row.state === 'failed') options.onOutcome?.(row.name, 'failed', 0);
    }
    await fireSchedules(t);
    while (!stopping && running.size < options.concurrency) {
      const row = await store.claim(names(), workerId, now(), options.leaseMs);
      if (!row) break;
      start(row);
    }
  }

  function start(row: JobRow): void {
    const reg = registry.get(row.name)!;
    const controller = new AbortController();
    const jobLog = log.child({ reqId: row.requestId ?? undefined, jobId: row.id, job: row.name });
    const begun = performance.now();
    let lastProgress = 0;
    const heartbeat = setInterval(
      () => {
        void store.heartbeat(row.id, workerId, now(), options.leaseMs).then(
          (mine) => {
            if (!mine && !controller.signal.aborted) {
              jobLog.warn('job no longer ours (cancelled or taken over): aborting');
              controller.abort(new Error('The job was cancelled or taken over.'));
            }
          },
          (err: unknown) => jobLog.warn({ err }, 'job heartbeat failed'),
        );
      },
      Math.max(50, Math.floor(options.leaseMs / 3)),
    );
    heartbeat.unref();

    const context: JobContext<unknown> = {
      payload: row.payload,
      job: {
        id: row.id,
        name: row.name,
        attempt: row.attempts,
        maxAttempts: row.maxAttempts,
        requestId: row.requestId,
        servicePartnerId: row.servicePartnerId,
        scheduledFor: row.scheduleSlot,
      },
      log: jobLog,
      signal: controller.signal,
      reportProgress: async (current, total) => {
        const ms = performance.now();
        if (total === undefined || current < total) {
          if (ms - lastProgress < 1000 && lastProgress !== 0) return;
        }
        lastProgress = ms;
        await store.progress(row.id, workerId, current, total ?? null, now());
      },
      once: (key, effect) => store.once(key, now(), effect),
    };

    const run = async () => {
      jobLog.info({ attempt: row.attempts }, 'job started');
      try {
        // The job's writes are recorded in the history as this job's (issue 26).
        const jobContext = {
          requestId: row.requestId ?? `job-${row.id}`,
          actor: { kind: 'job' as const, id: row.id, name: row.name },
          partnerId: row.servicePartnerId,
        };
        await runWithRequestContext(jobContext, () => reg.handler(context));
        if (controller.signal.aborted) throw controller.signal.reason ?? new Error('aborted');
        await store.succeed(row.id, workerId, now());
        options.onOutcome?.(row.name, 'succeeded', (performance.now() - begun) / 1000);
        jobLog.info({ ms: Math.round(performance.now() - begun) }, 'job succeeded');
      } catch (err) {
        const last = row.attempts >= row.maxAttempts;
        const retryAt = last ? null : new Date(now().getTime() + backoffDelay(reg.backoff, row.attempts));
        const written = await store
          .fail(row.id, workerId, errorText(err), retryAt, now())
          .catch((e: unknown) => {
            jobLog.error({ err: e }, 'job outcome could not be stored');
            return false;
          });
        if (written) {
          options.onOutcome?.(row.name, last ? 'failed' : 'retried', (performance.now() - begun) / 1000);
          if (last) jobLog.error({ err, attempt: row.attempts }, 'job failed for good (dead letter)');
          else jobLog.warn({ err, attempt: row.attempts, retryAt }, 'job failed; will retry');
        } else {
          jobLog.info({ err }, 'job ended after it was cancelled, released or taken over');
        }
      } finally {
        clearInterval(heartbeat);
      }
    };
    const done = run().finally(() => {
      running.delete(row.id);
      wake();
    });
    running.set(row.id, { row, controller, heartbeat, done });
  }

  return {
    workerId,
    register,
    enqueue,
    schedule,
    store,

    /** Starts claiming jobs: now, on every poll, and whenever a job is queued. */
    start(): void {
      if (started || options.concurrency === 0) return;
      started = true;
      pollTimer = setInterval(wake, options.pollIntervalMs);
      pollTimer.unref();
      wake();
    },

    /** Called when another instance says a job was queued. */
    wake,

    /** Aborts a job running here now (a cancel from this instance; others notice on their heartbeat). */
    abortLocal: (id: string): void => {
      running.get(id)?.controller.abort(new Error('The job was cancelled.'));
    },

    get runningCount() {
      return running.size;
    },

    /**
     * Stops taking jobs, waits up to `graceMs` for those running, then aborts the rest and gives
     * them back to the queue for another instance.
     */
    async stop(graceMs: number): Promise<void> {
      if (stopping) return;
      stopping = true;
      clearInterval(pollTimer);
      await ticking;
      if (running.size > 0) {
        log.info({ running: running.size, graceMs }, 'waiting for running jobs');
        let timer: NodeJS.Timeout | undefined;
        const all = Promise.allSettled([...running.values()].map((r) => r.done));
        const timedOut = await Promise.race([
          all.then(() => false),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(true), graceMs);
          }),
        ]);
        clearTimeout(timer);
        if (timedOut && running.size > 0) {
          const ids = [...running.keys()];
          const released = await store.release(
            ids,
            workerId,
            now(),
            'Interrupted by a shutdown; queued again.',
          );
          for (const r of running.values()) r.controller.abort(new Error('The instance is stopping.'));
          log.warn({ released, ids }, 'jobs still running after the grace: given back to the queue');
        }
      }
    },

    /**
     * For tests: goes silent as a killed process would (no polls, no heartbeats), leaving its jobs
     * claimed until their lease runs out. Its handlers are left hanging, not aborted.
     */
    abandon(): void {
      stopping = true;
      clearInterval(pollTimer);
      for (const r of running.values()) clearInterval(r.heartbeat);
    },

    /**
     * Runs what is due until nothing due is left and nothing runs here (tests, the seed script).
     * Jobs waiting for a retry later than now are left alone.
     */
    async drain(maxRounds = 100): Promise<void> {
      for (let round = 0; round < maxRounds; round++) {
        if (ticking) await ticking;
        if (running.size > 0) {
          await Promise.allSettled([...running.values()].map((r) => r.done));
          continue;
        }
        if (!(await store.anyDue(names(), now()))) return;
        if (!started || stopping) return;
        wake();
        await ticking;
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
