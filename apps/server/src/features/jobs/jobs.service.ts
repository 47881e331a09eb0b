import {
  JOB_MESSAGES,
  JOB_STATES,
  type Job,
  type JobListQuery,
  type JobListResponse,
} from '@service-portal/shared/jobs';
import { AppError, notFound } from '../../errors.ts';
import type { JobRow, JobStore } from '../../lib/jobs/job-store.ts';

export interface JobsServiceDeps {
  /** The runner's table (lib/jobs): the jobs of every instance. */
  store: Pick<JobStore, 'list' | 'get' | 'cancel' | 'retry' | 'countsByState'>;
  /** Stops the job at once when it runs on this instance; elsewhere its heartbeat notices. */
  abortLocal(id: string): void;
  /** Wakes the runner after a retry. */
  wake(): void;
  now?: () => Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    runAt: row.runAt.toISOString(),
    progress:
      row.progressCurrent === null ? null : { current: row.progressCurrent, total: row.progressTotal },
    lastError: row.lastError,
    requestId: row.requestId,
    servicePartnerId: row.servicePartnerId,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/**
 * Administration → Jobs (global administrators): what is queued, running and failed with its
 * error, and the two things to do about it: run a failed job again, or cancel one.
 */
export function createJobsService(deps: JobsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const { store } = deps;

  async function getOrThrow(id: string): Promise<JobRow> {
    const row = await store.get(id);
    if (!row) throw notFound('Job');
    return row;
  }

  return {
    async list(query: JobListQuery & { page: number; pageSize: number }): Promise<JobListResponse> {
      const [{ items, total }, counts] = await Promise.all([
        store.list(
          { ...(query.state ? { state: query.state } : {}), ...(query.name ? { name: query.name } : {}) },
          { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
        ),
        store.countsByState(),
      ]);
      const byState = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as JobListResponse['counts'];
      for (const c of counts) byState[c.state] += c.count;
      return { items: items.map(toJob), total, page: query.page, pageSize: query.pageSize, counts: byState };
    },

    async get(id: string): Promise<Job> {
      return toJob(await getOrThrow(id));
    },

    async cancel(id: string): Promise<Job> {
      const row = await store.cancel(id, now());
      if (!row) {
        await getOrThrow(id);
        throw new AppError('invalid_transition', 409, JOB_MESSAGES.notCancellable);
      }
      deps.abortLocal(id);
      return toJob(row);
    },

    async retry(id: string): Promise<Job> {
      const row = await store.retry(id, now());
      if (!row) {
        await getOrThrow(id);
        throw new AppError('invalid_transition', 409, JOB_MESSAGES.notRetryable);
      }
      deps.wake();
      return toJob(row);
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
