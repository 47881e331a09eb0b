import type { FastifyBaseLogger } from 'fastify';
import type { SyncMode } from '@service-portal/shared/products';
import { defineJob } from '../../lib/jobs/define.ts';
import type { JobRunner } from '../../lib/jobs/runner.ts';
import type { ProductsRepository } from './products.repository.ts';
import type { ProductSync } from './products.sync.ts';

export const PRODUCT_SYNC_JOB = 'products.sync';
/** Hourly: incremental, or full when the last full run is a day old (the job decides: 'auto'). */
export const PRODUCT_SYNC_CRON = '17 * * * *';

interface SyncPayload {
  mode: SyncMode | 'auto';
  trigger: string;
}

/**
 * The one sync job: one at a time (singletonKey), on a schedule and on demand; the products module
 * registers it. A retry or a job re-run after a crash resumes the unfinished run from its cursor.
 */
export function productSyncJob(deps: {
  jobs: JobRunner;
  sync: ProductSync;
  repo: ProductsRepository;
  log: FastifyBaseLogger;
  /** Whether a shop is configured: without one nothing is scheduled. */
  scheduled: boolean;
  /** Queue a full sync at start when the catalogue is empty (a newcomer's `npm start`). */
  syncOnEmptyStart: boolean;
  /**
   * The shop's token state (issue 24): while the shop refuses every token we have, a scheduled
   * run first probes the shop and is skipped (paused) unless a token works again.
   */
  connection?: { refused(): Promise<boolean>; probe(): Promise<boolean> } | null;
}) {
  const { jobs, sync, repo } = deps;
  const job = defineJob<SyncPayload>({
    name: PRODUCT_SYNC_JOB,
    handler: async ({ payload, signal, log, job, reportProgress }) => {
      const connection = deps.connection;
      if (payload.trigger === 'schedule' && connection && (await connection.refused())) {
        if (!(await connection.probe())) {
          log.warn('the shop refuses our access token: the scheduled product sync is paused');
          return;
        }
        log.info('the shop takes our access token again: the product sync resumes');
      }
      try {
        await sync.run(
          {
            mode: payload.mode,
            trigger: payload.trigger,
            signal,
            log,
            finalAttempt: job.attempt >= job.maxAttempts,
          },
          {
            afterPage: (run) => reportProgress(run.seen, run.expectedTotal ?? undefined),
          },
        );
      } catch (err) {
        // Refused (after a renewal): the run is failed with the shop's answer; retrying the job
        // would fail the same way, so the sync waits for the shop to take a token again.
        if ((err as { kind?: unknown } | null)?.kind === 'revoked') {
          log.warn({ err }, 'the shop refused our access token: product sync stopped');
          return;
        }
        throw err;
      }
    },
    options: { retries: 3, backoff: { delayMs: 30_000, factor: 2 }, singletonKey: PRODUCT_SYNC_JOB },
    ...(deps.scheduled
      ? { schedule: { cron: PRODUCT_SYNC_CRON, payload: { mode: 'auto', trigger: 'schedule' } } }
      : {}),
  });

  async function requestSync(mode: SyncMode, trigger = 'manual') {
    // The run exists before the job starts, so the screen shows it at once.
    const { run } = await sync.start(mode, trigger);
    const job = await jobs.enqueue<SyncPayload>(
      PRODUCT_SYNC_JOB,
      { mode, trigger },
      { uniqueKey: PRODUCT_SYNC_JOB },
    );
    return { runId: run.id, jobId: job.id };
  }

  async function syncIfEmpty() {
    if (!deps.syncOnEmptyStart) return;
    if ((await repo.liveCount()) > 0 || (await repo.lastRun())) return;
    const { runId } = await requestSync('full', 'first start');
    deps.log.info({ runId }, 'empty catalogue: full product sync queued');
  }

  return { job, requestSync, syncIfEmpty };
}
