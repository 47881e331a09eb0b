import type { JobHandler, JobRunner, RegisterOptions } from './runner.ts';

/**
 * One job as a feature declares it: its name, handler, options and, if it runs on its own, a
 * schedule. Every feature module lists its jobs this way and the composition registers them all
 * with `registerJobs`, so a job is found in its feature's module and is registered one way
 * (docs/decisions/039-feature-modules.md).
 */
export interface JobDefinition<P = unknown> {
  name: string;
  handler: JobHandler<P>;
  options?: RegisterOptions<P>;
  /** Five-field cron (UTC) and the payload of the scheduled runs; absent: on demand only. */
  schedule?: { cron: string; payload?: P };
}

/** Types the handler by its payload; the list a module returns holds jobs of any payload. */
export function defineJob<P = Record<string, never>>(definition: JobDefinition<P>): JobDefinition {
  return definition as unknown as JobDefinition;
}

/** Registers the jobs with the runner, then their schedules. */
export function registerJobs(jobs: JobRunner, definitions: readonly JobDefinition[]): void {
  for (const d of definitions) jobs.register(d.name, d.handler, d.options);
  for (const d of definitions) if (d.schedule) jobs.schedule(d.name, d.schedule.cron, d.schedule.payload);
}
