import { defineConfig } from 'vitest/config';

/**
 * Fault tests (`npm run test:faults`): the database stopped or slow under load, SIGTERM under
 * load, concurrent idempotent retries. PostgreSQL only; each prints its figure as `[figure] …`.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    include: ['test/faults/**/*.fault.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One at a time: each loads the machine, and the figures should not measure each other.
    fileParallelism: false,
  },
});
