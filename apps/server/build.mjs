// Bundles the server (and the shared package's TypeScript) into dist/server.js; npm packages
// stay external and load from node_modules. Migrations are copied beside the bundle.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@service-portal/'));

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/seed-cli.ts'],
  outdir: 'dist',
  bundle: true,
  // Dynamic imports (the demo shop, the demo seed, the cluster probe) become chunks of their own,
  // loaded only when development or DEMO_MODE asks for them (issue 24).
  splitting: true,
  // Beside server.js (not in a subfolder): paths.ts finds the migrations and the web app from there.
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, 'pino'],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/db/migrations', { recursive: true });
console.log('server built: dist/server.js');
