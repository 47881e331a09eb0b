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
  },
});
