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
 * migration this build knows is applied, and the instance is not shutting down. `checks` says
 * each part on its own, the shop too; a shop refusing our token does not make an instance
 * unready, since every instance shares that token (docs/decisions/046-readiness-and-the-shop.md).
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  shuttingDown: z.boolean(),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['applied', 'pending', 'unknown']),
    /** ok, refused (the shop refuses every token), not_installed, none (no shop), unknown (not read). */
    shop: z.enum(['ok', 'refused', 'not_installed', 'none', 'unknown']),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
