import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    // The servers start from one seeded data folder made per run (support/global-setup.ts).
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for the browser to settle; vitest's 1 s default fails on a loaded CI machine
    // (a re-rendered 50-row table, a heading replaced as its data arrives). Locators wait 15 s.
    expect: { poll: { timeout: 10_000 } },
    // One browser and one server per file, two files at a time (decision 085).
    fileParallelism: true,
  },
});
