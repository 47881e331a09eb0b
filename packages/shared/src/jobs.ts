import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './pagination.ts';

// Background jobs (Administration → Jobs, global administrators only; docs/decisions/015).

/** queued (also while waiting for a retry), running, succeeded, failed (the dead letter), cancelled. */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;

export const jobSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  state: jobStateSchema,
  /** Attempts made so far (the running one included). */
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When it runs next (queued), or ran (otherwise). */
  runAt: z.iso.datetime(),
  progress: z.object({ current: z.number().int(), total: z.number().int().nullable() }).nullable(),
  lastError: z.string().nullable(),
  requestId: z.string().nullable(),
  servicePartnerId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListQuerySchema = pageQuerySchema.extend({
  state: jobStateSchema.optional(),
  name: z.string().trim().min(1).max(100).optional(),
});
export type JobListQuery = z.input<typeof jobListQuerySchema>;

export const jobCountsSchema = z.object(
  Object.fromEntries(JOB_STATES.map((s) => [s, z.number().int()])) as Record<JobState, z.ZodNumber>,
);
export type JobCounts = z.infer<typeof jobCountsSchema>;

export const jobListResponseSchema = listResponseSchema(jobSchema).extend({ counts: jobCountsSchema });
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

export const jobIdParamsSchema = z.object({ id: z.uuid() });

export const JOB_MESSAGES = {
  notCancellable: 'Only a queued or running job can be cancelled.',
  notRetryable: 'Only a failed or cancelled job can be run again.',
} as const;
