import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { localeSplit } from './locale-split.ts';
import { zodWithoutJsonSchema } from './zod-without-json-schema.ts';
import { serviceWorker } from './service-worker.ts';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [react(), localeSplit(), zodWithoutJsonSchema(), serviceWorker()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    // Vite would gzip every chunk once more only to print sizes (seconds of every build);
    // scripts/bundle-budget.mjs measures what matters.
    reportCompressedSize: false,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries every route needs get long-lived chunks of their own, so an app deploy does not
          // invalidate them in the browser cache. Everything else is split by Rolldown along the
          // React.lazy route boundaries, which keeps the sign-in page small. zod has no group: the
          // sign-in page loads only zod's core and mini parts (decision 032).
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/, priority: 20 },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            {
              name: 'i18n',
              test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
