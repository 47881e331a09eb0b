// Bundles the server (and the shared package's TypeScript) into dist/server.js; npm packages
// stay external and load from node_modules, except the pure-JavaScript ones in BUNDLED: drizzle-orm
// and pdf-lib are hundreds of small modules each, whose resolution and loading took ≈ 1 s of every
// start (3–4 s on a busy machine); bundled, only what the server uses is loaded, from one file
// (docs/decisions/080). Nothing outside the server imports them, so there is one copy in the
// process. Migrations are copied beside the bundle.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const BUNDLED = new Set(['drizzle-orm', 'pdf-lib']);
const external = Object.keys(pkg.dependencies).filter(
  (name) => !name.startsWith('@service-portal/') && !BUNDLED.has(name),
);

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/seed-cli.ts', 'src/prepare-cli.ts'],
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
