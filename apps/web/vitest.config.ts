import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { localeSplit } from './locale-split.ts';
import { defineProject } from 'vitest/config';
import type { UserWorkspaceConfig } from 'vitest/config';

/**
 * The files that need a fresh module graph of their own (decision 086): those that check a part
 * is not loaded before first use (another file may have loaded it) and those that replace a
 * module with `vi.mock`.
 */
export const ISOLATED = [
  'src/app/layout/lazy-on-first-use.test.tsx',
  'src/components/lazy-when-visible.test.tsx',
  'src/components/lazy-combobox.test.tsx',
  'src/features/search/components/global-search-swap.test.tsx',
  'src/features/serial-history/components/scanned-serial.test.tsx',
];

export function webProject(name: string, test: UserWorkspaceConfig['test']) {
  return defineProject({
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react(), localeSplit()],
    test: {
      name,
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
      restoreMocks: true,
      // Most screens' describe blocks already allow 20 s; the rest (5 s by default) include tests of
      // about 3 s alone, which two test files side by side on two cores (decision 037) can stretch.
      // A bound, not a timing assertion: a passing test returns as soon as it is done.
      testTimeout: 20_000,
      ...test,
    },
  });
}

// One jsdom and one module graph per worker, shared by its files one after another: a file no
// longer pays ≈ 2.4 s to build a window and import React, Mantine and every text (decision 086).
// test/setup.ts resets what the app keeps between tests (DOM, storage, language, notices, API).
// The files in ISOLATED run apart, each with its own (vitest.isolated.config.ts).
export default webProject('web', {
  include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
  exclude: ISOLATED,
  isolate: false,
});
