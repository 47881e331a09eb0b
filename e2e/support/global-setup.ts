import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { makeSeededTemplate } from './app-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's seeded data folder and the partner's day it was seeded on; null: none. */
    e2eTemplate: { dir: string; day: string } | null;
  }
}

/** One migrated and seeded data folder for the run's servers to start from (app-server.ts). */
export default async function setup(project: TestProject) {
  const template = await makeSeededTemplate();
  project.provide('e2eTemplate', template);
  return () => rmSync(template.dir, { recursive: true, force: true });
}
