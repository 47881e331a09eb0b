import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database (a PGlite copy or a PostgreSQL database from a template).
    pool: 'forks',
    // A worker keeps its imported modules from file to file (decision 071): every file opens its own
    // app and database through the helper, so nothing of one file's state reaches the next, and the
    // app's module graph is imported once per worker instead of once per file.
    isolate: false,
  },
});
