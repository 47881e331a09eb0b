import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/longest-first.mjs';

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker fewer than the cores: one worker on the 2-core CI
    // machine. The web tests wait about a third of their time on timers (autosave, debounce,
    // findBy*), the e2e files on a browser and a server, so every core runs a test file (decision 037).
    maxWorkers: availableParallelism(),
    // The slowest files first on a fresh checkout too, from recorded durations (decision 087).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/server/vitest.config.ts',
      './apps/web/vitest.config.ts',
      './apps/web/vitest.isolated.config.ts',
      './e2e/vitest.config.ts',
      './e2e/cluster/vitest.config.ts',
    ],
  },
});
