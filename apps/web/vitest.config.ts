import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { localeSplit } from './locale-split.ts';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), localeSplit()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    // Most screens' describe blocks already allow 20 s; the rest (5 s by default) include tests of
    // about 3 s alone, which two test files side by side on two cores (decision 037) can stretch.
    // A bound, not a timing assertion: a passing test returns as soon as it is done.
    testTimeout: 20_000,
  },
});
