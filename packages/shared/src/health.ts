import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  driver: z.enum(['pglite', 'postgres']),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health/live: the process answers (a proxy restarts it when this fails). */
export const livenessSchema = z.object({ status: z.literal('ok') });

/**
 * GET /api/health/ready: send it traffic (200) or not (503): the database answers, every
 * migration this build knows is applied, and the instance is not shutting down.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  shuttingDown: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;
